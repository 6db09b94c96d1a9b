"""A learner's answers as plain data: what their function gave, encoded field by field with exact types.

A check never compares the shipped answer with a learner's *object*: an object may define ``==`` to say
yes to everything. The answer is first written down as plain data (:func:`encode`: ``None``, bool, int,
float, str, lists, tuples, dicts, sets, and gamelab's own value types field by field, each with its exact
type), then read back (:func:`decode`) into builtins and gamelab's own types only, and that copy is what
is compared. A notebook's ``check(...)`` does the round trip in one process; ``gamelab grade`` does the
two halves in two: the learner's process encodes, the grader's judge decodes, so nothing but data ever
crosses, and the comparison runs on code the learner never touched.

What a learner's object becomes:

* builtins, and subclasses of them (their builtin value: a ``namedtuple`` is its tuple, a ``defaultdict``
  its dict; methods the subclass overrides are never asked);
* gamelab's own types field by field (a ``Card``, a ``Klondike`` position, a controls ``Response``);
* numpy's scalars their Python value;
* anything else a :class:`Foreign` (named by its type), which equals nothing, so a trick value fails;
* an exception a :class:`Raised`, equal to another of exactly the same type.

>>> encode((1, [True, None], {"a": 2.5}))
{'tuple': [1, [True, None], {'dict': [['a', 2.5]]}]}
>>> decode(encode((1, [True, None], {"a": 2.5})))
(1, [True, None], {'a': 2.5})
>>> class AlwaysEqual:
...     def __eq__(self, other):
...         return True
>>> roundtrip(AlwaysEqual()) == 3
False
>>> roundtrip(AlwaysEqual())
<a AlwaysEqual object, which the check cannot compare>
"""

from __future__ import annotations

import enum
import functools
import json
import math
import sys
from dataclasses import dataclass
from typing import Any

__all__ = ["encode", "decode", "roundtrip", "dumps", "loads", "Raised", "Foreign", "MalformedAnswer",
           "qualified_name", "MAX_NODES", "MAX_DEPTH"]

#: the most values one answer may hold, and how deep it may nest (a larger answer is a Foreign)
MAX_NODES = 200_000
MAX_DEPTH = 60
#: the longest text kept of a string inside an answer, of a message, of a repr
MAX_TEXT = 100_000
_SHORT = 300

#: gamelab modules whose types are never rebuilt from an answer: boards, servers, files, the grader
_NOT_VALUES = ("gamelab.widgets", "gamelab.server", "gamelab.bench", "gamelab.grading", "gamelab.cli",
               "gamelab.lazy", "gamelab.shanghai.ranking", "gamelab.shanghai.page", "gamelab.lessons.exercises")


class MalformedAnswer(ValueError):
    """Data that is not an answer this module wrote (or one too large to read back)."""


@dataclass(frozen=True)
class Raised:
    """What a call raised: the exception's type (``module.Name``), its message, and the learner's line."""

    type: str
    message: str = ""
    where: str | None = None

    @classmethod
    def of(cls, exc: BaseException, where: str | None = None) -> Raised:
        return cls(qualified_name(type(exc)), _cut(_safe_str(exc)), where)

    @property
    def name(self) -> str:
        return self.type.rpartition(".")[2]

    def __repr__(self) -> str:
        return f"{self.name}: {self.message}" if self.message else self.name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Raised) and other.type == self.type

    def __hash__(self) -> int:
        return hash(self.type)


class Foreign:
    """An answer the check cannot compare: an object of a type that is neither a builtin nor gamelab's."""

    __slots__ = ("type_name", "why")

    def __init__(self, type_name: str, why: str = "") -> None:
        self.type_name = type_name
        self.why = why

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return id(self)

    def __repr__(self) -> str:
        if self.why:
            return f"<{self.why}>"
        return f"<a {self.type_name} object, which the check cannot compare>"


def qualified_name(kind: type) -> str:
    """``module.QualName`` of a type, as an answer names it.

    >>> qualified_name(ValueError), qualified_name(Raised)
    ('builtins.ValueError', 'gamelab.lessons.answers.Raised')
    """
    return f"{getattr(kind, '__module__', '?')}.{getattr(kind, '__qualname__', '?')}"


def _safe_str(exc: BaseException) -> str:
    try:
        return str(exc)
    except Exception:  # a learner's exception whose __str__ fails: its type still says what happened
        return ""


def _cut(text: str, limit: int = _SHORT * 2) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- encoding (in the learner's process) ----------------------------------------------------------------
class _TooLarge(Exception):
    pass


class _Encoder:
    def __init__(self) -> None:
        self.nodes = 0
        self.path: set[int] = set()

    def value(self, x: Any, depth: int) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES or depth > MAX_DEPTH:
            raise _TooLarge
        kind = type(x)
        if x is None or kind is bool or kind is str and len(x) <= MAX_TEXT:
            return x
        if kind is int:
            return x if x.bit_length() <= 256 else _foreign("int", f"an int of {x.bit_length()} bits")
        if kind is float:
            return x if math.isfinite(x) else {"float": repr(x)}
        if kind is str:
            return {"foreign": "str", "why": f"a str of {len(x):,} characters"}
        if kind in (list, tuple, dict, set, frozenset):
            return self.container(x, kind, depth)
        module = getattr(kind, "__module__", "") or ""
        if module.startswith("gamelab.") or module == "gamelab":
            return self.gamelab(x, kind, depth)
        if module == "numpy" and getattr(x, "shape", None) == ():  # a numpy scalar: its Python value
            try:
                plain = x.item()
            except Exception:
                return _foreign(kind.__qualname__)
            if type(plain) in (bool, int, float, str):
                return self.value(plain, depth)
            return _foreign(kind.__qualname__)
        return self.subclass(x, kind, depth)

    def container(self, x: Any, kind: type, depth: int) -> Any:
        if id(x) in self.path:
            return _foreign(kind.__qualname__, f"a {kind.__qualname__} that holds itself")
        self.path.add(id(x))
        try:
            if kind is list:
                return [self.value(item, depth + 1) for item in list.__iter__(x)]
            if kind is tuple:
                return {"tuple": [self.value(item, depth + 1) for item in tuple.__iter__(x)]}
            if kind is dict:
                return {"dict": [[self.value(k, depth + 1), self.value(v, depth + 1)] for k, v in dict.items(x)]}
            items = [self.value(item, depth + 1) for item in (set.__iter__(x) if kind is set else frozenset.__iter__(x))]
            items.sort(key=lambda item: json.dumps(item, sort_keys=True))  # a set's order means nothing
            return {"set" if kind is set else "frozenset": items}
        finally:
            self.path.discard(id(x))

    def subclass(self, x: Any, kind: type, depth: int) -> Any:
        """A subclass of a builtin (a namedtuple, a defaultdict, an int of the learner's) is its builtin value,
        read with the builtin's own methods (whatever the subclass overrides is never asked)."""
        plain: Any
        if isinstance(x, int):
            plain = int.__int__(x)
        elif isinstance(x, float):
            plain = float.__float__(x)
        elif isinstance(x, str):
            plain = str.__str__(x)
        elif isinstance(x, tuple):
            plain = tuple(tuple.__iter__(x))
        elif isinstance(x, list):
            plain = list(list.__iter__(x))
        elif isinstance(x, dict):
            plain = dict(dict.items(x))
        elif isinstance(x, frozenset):
            plain = frozenset(frozenset.__iter__(x))
        elif isinstance(x, set):
            plain = set(set.__iter__(x))
        else:
            return _foreign(kind.__qualname__)
        return self.value(plain, depth)

    def gamelab(self, x: Any, kind: type, depth: int) -> Any:
        if isinstance(x, Raised):
            return {"raised": x.type, "message": x.message, "where": x.where}
        klass = _resolvable(kind)
        if klass is None:
            return _foreign(kind.__qualname__)
        name = f"{klass.__module__}:{klass.__qualname__}"
        if isinstance(x, enum.Enum):
            return {"enum": name, "name": x.name}
        if any("__reduce__" in vars(k) for k in klass.__mro__[:-1]):  # a singleton names itself, as pickle's says
            reduced = x.__reduce__()
            if isinstance(reduced, str) and _lookup(klass.__module__, reduced) is x:
                return {"global": f"{klass.__module__}:{reduced}"}
        if id(x) in self.path:
            return _foreign(kind.__qualname__, f"a {kind.__qualname__} that holds itself")
        self.path.add(id(x))
        try:
            if isinstance(x, tuple):
                return {"object": name, "items": [self.value(item, depth + 1) for item in tuple.__iter__(x)]}
            fields = {field: self.value(value, depth + 1) for field, value in _fields(x, klass)}
            return {"object": name, "fields": fields}
        finally:
            self.path.discard(id(x))


def _foreign(type_name: str, why: str = "") -> dict[str, str]:
    return {"foreign": _cut(type_name, 80), "why": _cut(why)}


def _fields(x: Any, klass: type) -> list[tuple[str, Any]]:
    """The instance fields of ``x`` as its gamelab class ``klass`` defines them: slots, then ``__dict__``."""
    found: list[tuple[str, Any]] = []
    seen: set[str] = set()
    for base in klass.__mro__:
        slots = base.__dict__.get("__slots__", ())
        for slot in (slots,) if isinstance(slots, str) else slots:
            if slot in ("__dict__", "__weakref__") or slot in seen:
                continue
            seen.add(slot)
            descriptor = base.__dict__.get(_mangled(base, slot))
            if descriptor is None:
                continue
            try:
                found.append((slot, descriptor.__get__(x, klass)))
            except AttributeError:
                continue  # a slot never set
    try:
        own = object.__getattribute__(x, "__dict__")
    except AttributeError:
        own = {}
    if type(own) is dict:
        found += [(k, v) for k, v in dict.items(own) if type(k) is str and k not in seen]
    return found


def _mangled(base: type, slot: str) -> str:
    if slot.startswith("__") and not slot.endswith("__"):
        return f"_{base.__name__.lstrip('_')}{slot}"
    return slot


def _resolvable(kind: type) -> type | None:
    """The nearest class in ``kind``'s ancestry that gamelab defines under its own name (a class made at run
    time, like ``Klondike.with_rules()``'s, is read as the class it extends)."""
    for klass in kind.__mro__:
        module = getattr(klass, "__module__", "") or ""
        if not module.startswith("gamelab.") or _lookup(module, klass.__qualname__) is not klass:
            continue
        return klass
    return None


def encode(value: Any) -> Any:
    """``value`` as plain JSON-ready data (see the module's docstring). Never raises."""
    if isinstance(value, Raised):
        return {"raised": value.type, "message": value.message, "where": value.where}
    try:
        return _Encoder().value(value, 0)
    except (_TooLarge, RecursionError):
        return _foreign(type(value).__qualname__, f"a {type(value).__qualname__} too large to compare "
                        f"(over {MAX_NODES:,} values or {MAX_DEPTH} levels deep)")
    except Exception as exc:  # a learner's object that breaks while being read: it is still an answer
        return _foreign(type(value).__qualname__, f"a {type(value).__qualname__} that could not be read "
                        f"({type(exc).__name__})")


def dumps(value: Any) -> str:
    """``encode(value)`` as one line of JSON."""
    return json.dumps(encode(value), ensure_ascii=False, separators=(",", ":"))


# -- decoding (in the judge) ----------------------------------------------------------------------------
def _lookup(module: str, qualname: str) -> object:
    """The object ``module:qualname`` names, from an already imported gamelab module only (never imports)."""
    loaded = sys.modules.get(module)
    if loaded is None or not (module == "gamelab" or module.startswith("gamelab.")):
        return None
    target: Any = loaded
    for part in qualname.split("."):
        if not part.isidentifier() or part.startswith("__"):
            return None
        target = getattr(target, part, None)
        if target is None:
            return None
    return target


def _value_class(name: Any) -> type:
    if not isinstance(name, str) or name.count(":") != 1:
        raise MalformedAnswer(f"not a type name: {str(name)[:80]!r}")
    return _named_class(name)


@functools.lru_cache(maxsize=256)
def _named_class(name: str) -> type:
    module, qualname = name.split(":")
    if any(module == m or module.startswith(m + ".") for m in _NOT_VALUES) or module.endswith(".widget"):
        raise MalformedAnswer(f"{name} is not a value type")
    klass = _lookup(module, qualname)
    if not isinstance(klass, type) or issubclass(klass, BaseException) or "__del__" in dir(klass):
        raise MalformedAnswer(f"{name} is not a value type")
    return klass


class _Decoder:
    def __init__(self) -> None:
        self.nodes = 0

    def value(self, data: Any, depth: int) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES or depth > MAX_DEPTH:
            raise MalformedAnswer("too large")
        kind = type(data)
        if data is None or kind in (bool, int, float, str):
            return data
        if kind is list:
            return [self.value(item, depth + 1) for item in data]
        if kind is not dict:
            raise MalformedAnswer(f"unexpected {kind.__name__}")
        if "tuple" in data and len(data) == 1:
            return tuple(self.value(item, depth + 1) for item in self.items(data["tuple"]))
        if "dict" in data and len(data) == 1:
            out = {}
            for pair in self.items(data["dict"]):
                if type(pair) is not list or len(pair) != 2:
                    raise MalformedAnswer("a dict entry is not a pair")
                key = self.value(pair[0], depth + 1)
                try:
                    out[key] = self.value(pair[1], depth + 1)
                except TypeError:
                    raise MalformedAnswer(f"a dict key that cannot be a key: {type(key).__name__}") from None
            return out
        if ("set" in data or "frozenset" in data) and len(data) == 1:
            items = [self.value(item, depth + 1) for item in self.items(data.get("set", data.get("frozenset")))]
            try:
                return set(items) if "set" in data else frozenset(items)
            except TypeError:
                raise MalformedAnswer("a set of values that cannot be in a set") from None
        if "float" in data and len(data) == 1:
            if data["float"] not in ("nan", "inf", "-inf"):
                raise MalformedAnswer("not a float")
            return float(data["float"])
        if "foreign" in data:
            return Foreign(_text(data.get("foreign"), 80), _text(data.get("why", ""), _SHORT * 2))
        if "raised" in data:
            where = data.get("where")
            return Raised(_text(data["raised"], 200), _text(data.get("message", ""), _SHORT * 2),
                          None if where is None else _text(where, _SHORT))
        if "global" in data and len(data) == 1:
            named = data["global"]
            if not isinstance(named, str) or named.count(":") != 1:
                raise MalformedAnswer("not a global name")
            found = _lookup(*named.split(":"))
            if found is None or isinstance(found, type) or callable(found) or type(found).__module__ == "builtins":
                raise MalformedAnswer(f"{named[:80]} is not one of gamelab's constants")
            return found
        if "enum" in data:
            klass = _value_class(data["enum"])
            if not issubclass(klass, enum.Enum) or not isinstance(data.get("name"), str):
                raise MalformedAnswer("not an enum member")
            try:
                return klass[data["name"]]
            except KeyError:
                raise MalformedAnswer(f"{klass.__qualname__} has no member {data['name'][:40]!r}") from None
        if "object" in data:
            return self.object(data, depth)
        raise MalformedAnswer("an unknown kind of value")

    @staticmethod
    def items(data: Any) -> list[Any]:
        if type(data) is not list:
            raise MalformedAnswer("expected a list")
        return data

    def object(self, data: dict[str, Any], depth: int) -> Any:
        klass = _value_class(data["object"])
        if issubclass(klass, enum.Enum):
            raise MalformedAnswer("an enum written as an object")
        if "items" in data:
            if not issubclass(klass, tuple):
                raise MalformedAnswer(f"{klass.__qualname__} is not a tuple")
            items = tuple(self.value(item, depth + 1) for item in self.items(data["items"]))
            try:
                return tuple.__new__(klass, items)
            except TypeError as exc:
                raise MalformedAnswer(str(exc)[:100]) from None
        fields = data.get("fields")
        if type(fields) is not dict or issubclass(klass, (tuple, list, dict, set, frozenset, str, int, float)):
            raise MalformedAnswer(f"{klass.__qualname__} written without its fields")
        try:
            made = object.__new__(klass)
        except TypeError as exc:
            raise MalformedAnswer(str(exc)[:100]) from None
        for name, value in fields.items():
            if not name.isidentifier() or name.startswith("__"):
                raise MalformedAnswer(f"not a field name: {name[:40]!r}")
            try:
                object.__setattr__(made, name, self.value(value, depth + 1))
            except (AttributeError, TypeError) as exc:
                raise MalformedAnswer(f"{klass.__qualname__}.{name}: {str(exc)[:80]}") from None
        return made


def _text(value: Any, limit: int) -> str:
    if not isinstance(value, str):
        raise MalformedAnswer("expected a text")
    return _cut(value, limit)


def decode(data: Any) -> Any:
    """The value :func:`encode` wrote, rebuilt from builtins and gamelab's value types only.

    Raises :class:`MalformedAnswer` for data it did not write.
    """
    try:
        return _Decoder().value(data, 0)
    except RecursionError:
        raise MalformedAnswer("nested too deeply") from None


def loads(text: str | bytes) -> Any:
    """:func:`decode` of one line of JSON; :class:`MalformedAnswer` for anything else."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise MalformedAnswer(f"not JSON ({str(exc)[:80]})") from None
    return decode(data)


def roundtrip(value: Any) -> Any:
    """``decode(encode(value))``: a learner's answer as the grader sees it (builtins and gamelab types only)."""
    try:
        return decode(encode(value))
    except MalformedAnswer as exc:
        return Foreign(type(value).__qualname__, f"a {type(value).__qualname__} that could not be read back ({exc})")
