"""Count the adapter table lines written by hand in TypeScript and Go that repeat Python's tables (decision 028).

Usage: python docs/decisions/028-copied-tables.py REPO [--list], with the repository's Python package importable
(any .nox/*/bin/python). A line counts when it is an entry keyed by a key of the same adapter's Python tables,
holds a literal of the adapter's Python binding, or is an options schema. Issue 25 is done when this prints 0.
"""

from __future__ import annotations

import importlib
import importlib.util
import pathlib
import re
import sys
from typing import Any

LANGS = {
    "typescript/src": (
        "ts",
        {
            "anthropic": "anthropic",
            "openai-chat": "openai_chat",
            "gemini": "gemini",
            "openai-responses": "openai_responses",
            "openai-compatible": "openai_compatible",
            "querymt": "querymt",
            "go-model": "go_model",
        },
    ),
    "go": (
        "go",
        {
            "anthropic": "anthropic",
            "openaichat": "openai_chat",
            "gemini": "gemini",
            "openairesponses": "openai_responses",
            "openaicompatible": "openai_compatible",
            "querymt": "querymt",
            "gomodel": "go_model",  # go/adapters/gomodel and the package it binds, go/gomodel
        },
    ),
}
TABLE_FILES = re.compile(r"/(manifest|errors|finish|usage|shapes|index|adapter|exchange|statustable)\.(ts|go)$")
ENTRY = re.compile(r'^\s*(?:wirechat\.FinishKind\()?"?([A-Za-z0-9_.\-]+)"?\)?\s*:(?!=)\s*\S')
KEYED = re.compile(r'"([^"]+)":\s*(?:true|false|-?\d|"|wirechat\.)')


def python_tables(pkg: str) -> tuple[set[str], set[str]]:
    """The keys of an adapter's Python tables and the literals of its binding."""
    keys: set[str] = set()
    manifest = importlib.import_module(f"wirechat.adapters.{pkg}.manifest").MANIFEST
    for table in (manifest.features, manifest.finish_reasons, manifest.finish_defaults, manifest.status_retryable):
        keys |= {str(k) for k in table}
    for module in ("errors", "usage"):
        for name, value in vars(importlib.import_module(f"wirechat.adapters.{pkg}.{module}")).items():
            if name.lstrip("_").isupper() and isinstance(value, (dict, set, frozenset)):
                keys |= {str(k) for k in value}
    package: Any = importlib.import_module(f"wirechat.adapters.{pkg}")
    literals = {package.ADAPTER.default_base_url, package.ADAPTER.api_key_env, *getattr(package, "PATHS", {}).values()}
    if hasattr(package, "API_VERSION"):
        literals.add(package.API_VERSION)
    if importlib.util.find_spec("wirechat._tables") is not None:  # after step 2: the binding is generated
        tables: Any = importlib.import_module(f"wirechat._tables.{pkg}")
        paths = [v for v in tables.PATHS.values() if not isinstance(v, dict)]
        paths += [p for v in tables.PATHS.values() if isinstance(v, dict) for p in v.values()]  # per profile
        headers = getattr(tables, "AUTH_HEADERS", {})
        literals |= set(paths) | {v for v in headers.values() if isinstance(v, str) and "{" not in v}
    return keys, {literal for literal in literals if literal}  # "" is no literal (querymt, go-model: no URL)


def copied(line: str, keys: set[str], literals: set[str]) -> bool:
    entry = ENTRY.match(line)
    return bool(
        (entry and entry.group(1) in keys)
        or set(re.findall(r'"([^"]*)"', line)) & literals
        or any(k in keys for k in KEYED.findall(line))
        or (re.search(r'"type":\s?"object"', line) and "escription" in line)
    )


def main(root: pathlib.Path, show: bool) -> int:
    sys.path.insert(0, str(root / "python/src"))
    exchange = importlib.import_module("wirechat.exchange")
    shared = {str(k) for k in exchange.STATUS_KINDS} | set(exchange.RETRYABLE_KINDS)
    total = 0
    for base, (ext, dirs) in LANGS.items():
        for path in sorted((root / base).rglob(f"*.{ext}")):
            rel = path.relative_to(root).as_posix()
            if not TABLE_FILES.search(rel) or "generated" in rel or "/client/" in rel:
                continue
            pkg = next((py for d, py in dirs.items() if f"/{d}/" in rel), None)
            keys, literals = python_tables(pkg) if pkg else (set(), set())
            keys |= shared if rel.endswith(("exchange.ts", "statustable.go")) else set()
            hits = [line for line in path.read_text().splitlines() if copied(line, keys, literals)]
            if hits:
                total += len(hits)
                print(f"{len(hits):5d}  {rel}")
                if show:
                    print("\n".join("         " + hit.strip()[:110] for hit in hits))
    print(f"{total:5d}  lines in all")
    return 0


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1]), "--list" in sys.argv))
