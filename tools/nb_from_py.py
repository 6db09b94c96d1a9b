"""Bootstrap a lesson notebook from a percent-format script (``# %%`` code, ``# %% [markdown]`` text).

    python tools/nb_from_py.py draft.py notebooks/NN_name.ipynb

The .ipynb is the lesson's source from then on (edit it in JupyterLab); this only saves typing JSON
when a lesson is first written. Cell tags go on the marker line: ``# %% tags=["raises-exception"]``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import nbformat


def convert(text: str) -> nbformat.NotebookNode:
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    notebook.metadata["language_info"] = {"name": "python"}
    blocks = re.split(r"^# %%(.*)$", text, flags=re.M)
    for header, body in zip(blocks[1::2], blocks[2::2]):
        body = body.strip("\n")
        tags_match = re.search(r"tags=(\[.*?\])", header)
        tags = json.loads(tags_match.group(1)) if tags_match else []
        if "[markdown]" in header:
            lines = [line[2:] if line.startswith("# ") else line.lstrip("#") for line in body.splitlines()]
            cell = nbformat.v4.new_markdown_cell("\n".join(lines))
        else:
            cell = nbformat.v4.new_code_cell(body)
        if tags:
            cell.metadata["tags"] = tags
        notebook.cells.append(cell)
    for index, cell in enumerate(notebook.cells):
        cell["id"] = f"cell-{index:03d}"  # stable ids: diffs show content, not churn
    return notebook


if __name__ == "__main__":
    source, target = map(Path, sys.argv[1:3])
    nbformat.write(convert(source.read_text(encoding="utf-8")), target)
    print(f"wrote {target}")
