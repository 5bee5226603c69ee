"""Where things live in a source checkout: the corpus, the testees, the expected-failure lists."""

from __future__ import annotations

from pathlib import Path

__all__ = ["Layout", "find_layout"]


class Layout:
    """The folders of a wirechat source checkout that the suite reads."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.conformance = root / "conformance"
        self.cases = self.conformance / "cases"
        self.regressions = self.cases / "regressions"
        self.case_schema = self.conformance / "cases.schema.json"
        self.testees = self.conformance / "testees"
        self.expected_failures = self.conformance / "expected-failures"
        self.examples = root / "schema" / "v1" / "examples"
        self.typescript_package = root / "typescript"


def _is_root(candidate: Path) -> bool:
    return (candidate / "conformance" / "cases").is_dir() and (candidate / "schema").is_dir()


def find_layout(given: Path | None = None) -> Layout:
    """The checkout at ``given``, or the one holding this package, or one above the current directory."""
    if given is not None:
        if not _is_root(given):
            raise FileNotFoundError(f"{given} has no conformance/cases and schema/ folders; pass the repository root")
        return Layout(given.resolve())
    here = Path(__file__).resolve()
    for candidate in (*here.parents, *Path.cwd().resolve().parents, Path.cwd().resolve()):
        if _is_root(candidate):
            return Layout(candidate)
    raise FileNotFoundError("cannot find the wirechat checkout (a folder with conformance/cases and schema/)")
