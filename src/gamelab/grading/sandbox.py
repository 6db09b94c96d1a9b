"""Keeping a submission apart: its own user, folder, mounts, network, limits, and nothing left running after it.

A submission's process is started by the grader (:func:`start`) and walls itself in before any of the
learner's code runs (:func:`isolate`, called first thing by :mod:`gamelab.grading.runner`):

* **as root** (a CI container, a grading server): a mount and network namespace of its own; private,
  size-limited ``/tmp``, ``/var/tmp``, ``/dev/shm`` and ``/run/lock``; every submitted notebook's folder
  hidden under an empty read-only mount; then it becomes a user id of its own (one per grading slot,
  never a real account), so it can neither write the installed package nor read or signal the grader or
  another submission; no privilege can be regained (``PR_SET_NO_NEW_PRIVS``), and it dies with the grader;
* **not as root**: none of that can be had, and the grader says so once on stderr (grade in a container;
  README, "For instructors"); the process still gets its own session, folder, scrubbed environment and
  limits;
* always: limits on memory, CPU time, processes, file size and open files (``setrlimit``).

When a submission ends, :func:`end` kills every process its user id owns (or, without root, its process
group), and the grader reaps the orphans it inherited (:func:`become_subreaper`).
"""

from __future__ import annotations

import ctypes
import errno
import fcntl
import os
import pwd
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Iterable

__all__ = ["Limits", "privileged", "privilege_note", "UidLease", "start", "end", "isolate", "hidden_paths",
           "become_subreaper", "processes_of"]

#: the first of the user ids submissions run as (far above real accounts; one per grading slot)
UID_BASE = 1_990_000_000
UID_SLOTS = 4096
#: where grading slots lock their user ids, so two graders on one machine never share one
LOCK_DIR = Path("/run/gamelab-grade")

# Linux constants (sched.h, mount.h, prctl.h)
CLONE_NEWNS, CLONE_NEWNET = 0x00020000, 0x40000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 1, 2, 4, 32, 4096, 16384, 1 << 18
PR_SET_PDEATHSIG, PR_SET_NO_NEW_PRIVS, PR_SET_CHILD_SUBREAPER = 1, 38, 36
#: world-writable folders, each a fresh private tmpfs inside a submission's mount namespace
SCRATCH = ("/tmp", "/var/tmp", "/dev/shm", "/run/lock")


@dataclass(frozen=True)
class Limits:
    """What one submission's process may use."""

    memory_mb: int = 3072
    cpu_seconds: int = 600
    processes: int = 64
    file_mb: int = 64
    open_files: int = 256
    scratch_mb: int = 256


def privileged() -> bool:
    """Whether submissions can be walled in fully (the grader runs as root on Linux)."""
    return sys.platform.startswith("linux") and os.geteuid() == 0


def privilege_note() -> str | None:
    """The one line the grader prints when it cannot drop privileges, else None."""
    if privileged():
        return None
    return ("gamelab grade: not running as root, so each submission runs as you: it could write files you can "
            "write (the installed gamelab package included) and signal your processes. Grade untrusted "
            "notebooks in a container as root (README, 'Grading in a container').")


def _libc() -> Any:
    return ctypes.CDLL(None, use_errno=True)


def become_subreaper() -> None:
    """Make this process adopt the orphans of the processes it starts (Linux), so they can be reaped."""
    if sys.platform.startswith("linux"):
        _libc().prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


# -- user ids, one per grading slot ---------------------------------------------------------------------
def _lock_dir() -> Path:
    LOCK_DIR.mkdir(mode=0o700, exist_ok=True)
    info = os.lstat(LOCK_DIR)
    if info.st_uid != 0 or (info.st_mode & 0o077) or not Path(LOCK_DIR).is_dir() or LOCK_DIR.is_symlink():
        raise RuntimeError(f"{LOCK_DIR} is not a folder only root can use")
    return LOCK_DIR


class UidLease:
    """A user id no real account has and no other grading slot on this machine holds, until :meth:`release`."""

    def __init__(self) -> None:
        directory = _lock_dir()
        for offset in range(UID_SLOTS):
            uid = UID_BASE + offset
            try:
                pwd.getpwuid(uid)
                continue  # a real account
            except KeyError:
                pass
            handle = os.open(directory / f"uid-{uid}.lock", os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(handle)
                continue
            self.uid, self._handle = uid, handle
            end_user(uid)  # whatever an earlier, killed grader left running under it
            return
        raise RuntimeError("no free user id for a grading slot")

    def release(self) -> None:
        end_user(self.uid)
        os.close(self._handle)


# -- processes --------------------------------------------------------------------------------------------
def processes_of(uid: int) -> list[tuple[int, int]]:
    """``(pid, parent pid)`` of every live process whose real or effective user id is ``uid``."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/status", encoding="utf-8", errors="replace") as handle:
                fields = dict(line.split(":", 1) for line in handle if ":" in line)
        except OSError:
            continue
        uids = fields.get("Uid", "").split()
        if str(uid) in uids[:2] and fields.get("State", "").split()[:1] != ["Z"]:
            found.append((int(entry), int(fields.get("PPid", "0").split()[0] or 0)))
    return found


def _reap(pids: Iterable[int]) -> None:
    """Collect the exit of those ``pids`` that are this process's children (orphans it adopted)."""
    for pid in pids:
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            pass


def end_user(uid: int, patience: float = 5.0) -> None:
    """Kill every process of ``uid`` (a fork bomb's newest children included) until none is left."""
    deadline = time.monotonic() + patience
    while True:
        alive = processes_of(uid)
        if not alive:
            return
        for pid, _ in alive:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        _reap(pid for pid, parent in alive if parent == os.getpid())
        if time.monotonic() > deadline:
            return
        time.sleep(0.01)


def end(process: subprocess.Popen[bytes], uid: int | None) -> None:
    """End a submission: its process, and everything it started (all of ``uid``'s, or its process group)."""
    if uid is not None:
        end_user(uid)
    else:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    try:
        process.kill()
    except ProcessLookupError:
        pass
    process.wait()


# -- starting -----------------------------------------------------------------------------------------------
def matplotlib_cache() -> str:
    """Where this user's matplotlib keeps its font list (found without importing matplotlib)."""
    if os.environ.get("MPLCONFIGDIR"):
        return os.environ["MPLCONFIGDIR"]
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(cache, "matplotlib")


def environment(home: str) -> dict[str, str]:
    """The whole environment a submission sees: none of the grader's variables, a home of its own."""
    bin_dir = os.path.dirname(sys.executable)
    return {
        "PATH": os.pathsep.join(dict.fromkeys([bin_dir, "/usr/local/bin", "/usr/bin", "/bin"])),
        **home_environment(home), "TMPDIR": "/tmp" if privileged() else home, "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8", "MPLBACKEND": "Agg", "JUPYTER_PLATFORM_DIRS": "1",
        "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
        "PYTHONDONTWRITEBYTECODE": "1", "PYTHONIOENCODING": "utf-8",
    }


def hidden_paths(paths: Iterable[str | os.PathLike[str]]) -> list[str]:
    """What a submission must not see of the class: each class folder given, each submitted notebook's
    folder, or the notebook itself where its folder also holds what the submission needs to run (Python,
    gamelab)."""
    needed = [Path(p).resolve() for p in (sys.prefix, sys.base_prefix, Path(__file__).resolve().parents[2],
                                          sys.executable)]
    hidden: set[str] = set()
    for path in paths:
        given = Path(path).resolve()
        folder = given if given.is_dir() else given.parent
        if folder == Path("/") or any(n == folder or folder in n.parents for n in needed):
            if not given.is_dir():
                hidden.add(str(given))
        else:
            hidden.add(str(folder))
    # a folder inside another hidden folder is hidden with it
    kept = sorted(hidden)
    return [p for p in kept if not any(p != q and p.startswith(q.rstrip("/") + "/") for q in kept)]


def start(argv: list[str], *, home: str, pass_fds: tuple[int, ...]) -> subprocess.Popen[bytes]:
    """Start a submission's process: a session of its own, a scrubbed environment, no stdin; its output on
    two pipes the grader drains (and never shows)."""
    return subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=environment(home), cwd="/", pass_fds=pass_fds, start_new_session=True,
                            close_fds=True)


# -- walling in (inside the submission's process, before the learner's code) -------------------------------
def _check(result: int, what: str) -> None:
    if result != 0:
        code = ctypes.get_errno()
        raise OSError(code, f"{what}: {os.strerror(code)}")


def _mount(libc: Any, source: str, target: str, kind: str | None, flags: int, data: str | None = None) -> None:
    _check(libc.mount(source.encode(), target.encode(), kind.encode() if kind else None, flags,
                      data.encode() if data else None), f"mount {target}")


def _needed_paths() -> list[str]:
    """The folders the submission's Python must read: the interpreter, its library, site-packages, gamelab."""
    import gamelab

    found = {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, os.path.dirname(os.path.realpath(sys.executable)),
                                           os.path.dirname(os.path.dirname(os.path.abspath(gamelab.__file__))),
                                           *[p for p in sys.path if p])}
    folders = sorted({p if os.path.isdir(p) else os.path.dirname(p) for p in found if os.path.exists(p)})
    return [f for f in folders if not any(f != g and f.startswith(g.rstrip("/") + "/") for g in folders)]


def _ancestors(path: str) -> list[str]:
    parts = Path(path).parts
    return [str(Path(*parts[:k])) for k in range(2, len(parts))]


def _keep_reachable(libc: Any, opened: dict[str, tuple[int, os.stat_result]]) -> None:
    """After the scratch and hiding mounts: every folder Python needs is reachable by the submission's user.

    A folder lost under a new mount, or behind a parent only root may enter (``/root``, a ``mktemp -d``
    folder), is bound back in read-only, through a fresh traversable tmpfs over that parent."""
    for path in opened:
        for ancestor in _ancestors(path):
            try:
                mode = os.stat(ancestor).st_mode
            except OSError:
                break
            if not mode & 0o001:
                _mount(libc, "tmpfs", ancestor, "tmpfs", MS_NOSUID | MS_NODEV, "size=1m,mode=0755")
                break
    for path, (handle, before) in opened.items():
        try:
            now = os.stat(path)
            same = (now.st_dev, now.st_ino) == (before.st_dev, before.st_ino)
        except OSError:
            same = False
        if not same:
            os.makedirs(path, mode=0o755, exist_ok=True)
            _mount(libc, f"/proc/self/fd/{handle}", path, None, MS_BIND | MS_REC)
            _mount(libc, "none", path, None, MS_BIND | MS_REMOUNT | MS_RDONLY)
        os.close(handle)


def _readable_by_others(paths: list[str]) -> None:
    """Refuse, in words, when the submission's user could not read what Python needs (without a mount
    namespace there is no other way to give it a view of a folder only root may enter)."""
    for path in paths:
        for folder in [*_ancestors(path), path]:
            mode = os.stat(folder).st_mode
            if not mode & 0o001 or (folder == path and not mode & 0o004):
                raise PermissionError(errno.EACCES, f"{folder} cannot be read by another user, and this machine "
                                      "gives no private mount namespace (a container without CAP_SYS_ADMIN?): "
                                      "run the grader with --cap-add SYS_ADMIN, or install Python where others can "
                                      "read it")


def home_environment(home: str) -> dict[str, str]:
    """The variables that say where a submission's home and scratch space are."""
    return {"HOME": home, "MPLCONFIGDIR": os.path.join(home, ".matplotlib"),
            "IPYTHONDIR": os.path.join(home, ".ipython"), "XDG_CACHE_HOME": os.path.join(home, ".cache"),
            "XDG_CONFIG_HOME": os.path.join(home, ".config")}


def isolate(config: dict[str, Any]) -> tuple[str, str]:
    """Wall this process in as ``config`` says (see the module's docstring); returns its working folder and
    how far it is walled in: ``"full"`` (its own user, mounts and network), ``"user"`` (its own user only:
    root without CAP_SYS_ADMIN, as in a default Docker container) or ``"none"`` (not root).

    ``config``: ``uid`` (None without root), ``limits`` (a :class:`Limits` as a dict), ``hide`` (paths),
    ``notebook`` (a staged copy of the submission, readable now) and ``name`` (its file name),
    ``workdir`` (the folder to work in when there is no private tmpfs), ``fonts`` (matplotlib's font list
    folder), ``namespaces`` (False: do without them, as where they are refused).
    """
    limits = Limits(**config.get("limits", {}))
    uid = config.get("uid")
    data = Path(config["notebook"]).read_bytes() if config.get("notebook") else b""
    fonts = [p for p in Path(config.get("fonts") or "/nonexistent").glob("fontlist-*.json") if p.is_file()]
    font_bytes = [(p.name, p.read_bytes()) for p in fonts[:4]]
    walls = "none"
    workdir = config["workdir"]
    if uid is not None:
        libc = _libc()
        needed = _needed_paths()
        walls = "full"
        try:
            if config.get("namespaces", True) is False:
                raise PermissionError(errno.EPERM, "namespaces turned off")
            _check(libc.unshare(CLONE_NEWNS | CLONE_NEWNET), "unshare")
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.EINVAL, errno.ENOSYS):
                raise
            walls = "user"
        if walls == "full":
            _mount(libc, "none", "/", None, MS_REC | MS_PRIVATE)
            # held open from inside the new namespace, so they can be bound back in once covered
            opened = {p: (os.open(p, os.O_PATH | os.O_DIRECTORY), os.stat(p)) for p in needed}
            for path in config.get("hide", []):
                try:
                    if os.path.isdir(path):
                        _mount(libc, "tmpfs", path, "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV, "size=4k,mode=0555")
                    elif os.path.exists(path):
                        _mount(libc, "/dev/null", path, None, MS_BIND)
                except OSError:
                    pass  # already out of sight (under another hidden folder, or gone)
            size = f"size={limits.scratch_mb}m,mode=1777"
            for path in SCRATCH:
                if os.path.isdir(path) and not os.path.islink(path):
                    _mount(libc, "tmpfs", path, "tmpfs", MS_NOSUID | MS_NODEV, size)
            _keep_reachable(libc, opened)
            workdir = "/tmp/work"
        else:
            _readable_by_others(needed)
            os.chmod(os.path.dirname(workdir), 0o711)  # the grader's folder: passable, never listable
        os.mkdir(workdir, 0o700)
    home = Path(workdir)
    (home / ".matplotlib").mkdir(exist_ok=True)
    for name, content in font_bytes:
        (home / ".matplotlib" / name).write_bytes(content)
    if config.get("name"):
        (home / os.path.basename(config["name"])).write_bytes(data)
    if uid is not None:
        for root, folders, files in os.walk(workdir):
            for name in [*folders, *files]:
                os.chown(os.path.join(root, name), uid, uid)
        os.chown(workdir, uid, uid)
        os.setgroups([])
        os.setgid(uid)
        os.setuid(uid)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    os.chdir(workdir)
    os.environ.update(home_environment(workdir))
    os.umask(0o077)  # what it writes is its own, unless it says otherwise
    if sys.platform.startswith("linux"):
        _libc().prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
    _limit(limits, uid is not None)
    return workdir, walls


def _limit(limits: Limits, own_user: bool) -> None:
    mb = 1 << 20
    wanted = [(resource.RLIMIT_AS, limits.memory_mb * mb), (resource.RLIMIT_CPU, limits.cpu_seconds),
              (resource.RLIMIT_FSIZE, limits.file_mb * mb), (resource.RLIMIT_NOFILE, limits.open_files),
              (resource.RLIMIT_CORE, 0)]
    if own_user:  # counted per user id: without a user of its own it would count the grader's processes too
        wanted.append((resource.RLIMIT_NPROC, limits.processes))
    for which, value in wanted:
        soft, hard = resource.getrlimit(which)
        value = value if hard == resource.RLIM_INFINITY else min(value, hard)
        try:
            resource.setrlimit(which, (value, value))
        except (ValueError, OSError):
            pass


def limits_dict(limits: Limits) -> dict[str, int]:
    return asdict(limits)


def private_folder() -> str:
    """A folder for one submission when there is no root to give it a tmpfs (removed by the grader)."""
    return tempfile.mkdtemp(prefix="gamelab-grade-")


def remove_folder(path: str) -> None:
    shutil.rmtree(path, ignore_errors=True)

