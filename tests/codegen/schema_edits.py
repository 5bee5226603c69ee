"""Build a schema folder from a base folder and a list of edits (set or remove the value at a JSON pointer of
one file): how the schema-diff table and the made-up v1.1 of the rolling-upgrade cases are written down."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any


def apply_edit(document: Any, edit: dict[str, Any]) -> None:
    """Set ``edit["set"]`` at ``edit["pointer"]`` (appending at an array's length), or delete it (``remove``)."""
    *parents, last = [part.replace("~1", "/").replace("~0", "~") for part in edit["pointer"].split("/")[1:]]
    node = document
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    if edit.get("remove"):
        del node[int(last) if isinstance(node, list) else last]
    elif isinstance(node, list):
        index = int(last)
        if index == len(node):
            node.append(edit["set"])
        else:
            node[index] = edit["set"]
    else:
        node[last] = edit["set"]


def build(base: Path, edits: list[dict[str, Any]], out: Path) -> Path:
    """Copy the ``*.schema.json`` files of ``base`` to ``out`` and apply ``edits`` there; return ``out``."""
    out.mkdir(parents=True)
    for path in base.glob("*.schema.json"):
        shutil.copyfile(path, out / path.name)
    for edit in edits:
        path = out / f"{edit['file']}.schema.json"
        document = json.loads(path.read_text())
        apply_edit(document, edit)
        path.write_text(json.dumps(document, indent=2))
    return out
