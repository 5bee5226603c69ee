"""Where things live in a source checkout: the corpus, the testees, the expected-failure lists, and the
schema version the run speaks (a folder ``schema/vN``; by default the newest one).

Installed without a checkout, the distribution carries the same folders as package data
(``wirechat_conformance/_data``: the schema, the corpus, the tool-loop vectors, the case schema, the
expected-failure lists and the Python testee), so ``wirechat conformance --testee NAME=COMMAND`` certifies a
team's own implementation anywhere; a checkout found above the current directory, or given with ``--root``, wins."""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["Layout", "find_layout", "schema_versions"]

_VERSION = re.compile(r"v([0-9]+)")


def schema_versions(root: Path) -> list[str]:
    """The schema version folders under ``root/schema`` (``v1``, ``v2`` ...), oldest first."""
    found = [path.name for path in (root / "schema").iterdir() if path.is_dir() and _VERSION.fullmatch(path.name)]
    return sorted(found, key=lambda name: int(name[1:]))


class Layout:
    """The folders of a wirechat source checkout that the suite reads, for one schema version."""

    def __init__(self, root: Path, schema_version: str | None = None) -> None:
        versions = schema_versions(root)
        if not versions:
            raise FileNotFoundError(f"{root / 'schema'} holds no version folder (v1, v2 ...)")
        if schema_version is None:
            schema_version = versions[-1]
        elif schema_version not in versions:
            there = ", ".join(versions)
            missing = f"no folder schema/{schema_version} (there are {there})"
            raise FileNotFoundError(f"--schema-version {schema_version}: {missing}")
        self.root = root
        self.schema_version = schema_version
        self.schema = root / "schema" / schema_version
        self.examples = self.schema / "examples"
        self.conformance = root / "conformance"
        self.cases = self.conformance / "cases"
        self.regressions = self.cases / "regressions"
        self.case_schema = self.conformance / "cases.schema.json"
        self.tool_loop_vectors = self.conformance / "vectors" / "tool-loop.json"
        """Spec section 14's helpers and checks, read as cases (``wirechat_conformance.loop_vectors``)."""
        self.testees = self.conformance / "testees"
        self.expected_failures = self.conformance / "expected-failures"
        self.typescript_package = root / "typescript"
        self.installed = root == PACKAGED
        """The corpus the distribution carries, not a checkout: only the Python testees are built in."""


PACKAGED = Path(__file__).resolve().parent / "_data"
"""The folders an installed distribution carries (see the module docstring)."""


def _is_root(candidate: Path) -> bool:
    return (candidate / "conformance" / "cases").is_dir() and (candidate / "schema").is_dir()


def find_layout(given: Path | None = None, schema_version: str | None = None) -> Layout:
    """The checkout at ``given``, or the one holding this package, or one above the current directory;
    ``schema_version`` names a folder under ``schema/`` (default: the newest)."""
    if given is not None:
        if not _is_root(given):
            raise FileNotFoundError(f"{given} has no conformance/cases and schema/ folders; pass the repository root")
        return Layout(given.resolve(), schema_version)
    here = Path(__file__).resolve()
    for candidate in (*here.parents, Path.cwd().resolve(), *Path.cwd().resolve().parents, PACKAGED):
        if _is_root(candidate):
            return Layout(candidate, schema_version)
    raise FileNotFoundError(
        "cannot find the wirechat checkout (a folder with conformance/cases and schema/), and this installation "
        f"carries no corpus ({PACKAGED} is missing): pass --root, or reinstall wirechat-conformance from a wheel"
    )
