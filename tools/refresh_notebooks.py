"""Re-execute lesson notebooks in place, so the committed outputs are the code's real outputs.

    python tools/refresh_notebooks.py                 # every notebooks/*.ipynb
    python tools/refresh_notebooks.py notebooks/01_othello.ipynb

Runs in the current environment's kernel (``python3``), with a fixed hash seed, and stores no widget
state (nbval never needs it, and it holds random model ids that would churn every commit).
Stops with a non-zero exit status if any cell raises (unless the cell is tagged raises-exception).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]


def refresh(path: Path, timeout: int = 1200) -> float:
    """Execute ``path`` in place; returns the seconds it took."""
    notebook = nbformat.read(path, as_version=4)
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    notebook.metadata.pop("widgets", None)
    notebook.metadata["gamelab"] = {"lesson": path.stem}  # how gamelab grade knows the lesson, whatever the file's name
    start = time.perf_counter()
    client = NotebookClient(notebook, timeout=timeout, kernel_name="python3", store_widget_state=False,
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    for index, cell in enumerate(notebook.cells):
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            cell.outputs = _steady(cell.outputs, index)
    nbformat.write(notebook, path)
    return time.perf_counter() - start


def _steady(outputs: list, index: int) -> list:
    """Outputs that do not churn between refreshes: consecutive stream chunks joined (as nbval
    compares them), and widget views given ids from their place (no widget state is stored, so the
    ids point at nothing either way)."""
    steady: list = []
    for output in outputs:
        if (output.output_type == "stream" and steady and steady[-1].output_type == "stream"
                and steady[-1].name == output.name):
            steady[-1].text += output.text
            continue
        view = output.get("data", {}).get("application/vnd.jupyter.widget-view+json")
        if view is not None:
            view["model_id"] = f"gamelab{index:04d}{len(steady):04d}".ljust(32, "0")
        steady.append(output)
    return steady


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("notebooks", nargs="*", type=Path)
    args = parser.parse_args(argv)
    os.environ["PYTHONHASHSEED"] = "0"
    os.environ.setdefault("GAMELAB_DATA_DIR", str(ROOT / ".lesson-data"))
    paths = args.notebooks or sorted((ROOT / "notebooks").glob("*.ipynb"))
    for path in paths:
        seconds = refresh(path)
        print(f"refreshed {path.relative_to(ROOT) if path.is_absolute() else path} in {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
