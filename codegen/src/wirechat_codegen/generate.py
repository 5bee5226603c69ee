"""Generate every target's output folder, or check that the committed folders match the schema.

``generate`` renders each target into a temporary folder and then makes the committed folder equal to it
(files the schema no longer produces are deleted). ``check`` renders the same way and compares whole
trees, so a changed, new or deleted file is caught; nothing in the repository is touched.

Every function takes the schema version (``wirechat_codegen.versions``); the packaged version writes the
packages' committed folders, any other version writes under an ``out`` folder the caller names.
"""

from __future__ import annotations

import filecmp
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from wirechat_codegen.adapter_data import ADAPTERS_DIR, AdapterData, load_adapter_data
from wirechat_codegen.bundle import bundle
from wirechat_codegen.lint import LintProblem, lint
from wirechat_codegen.schema_files import SchemaLoadError, load_schema_dir
from wirechat_codegen.targets import GenerationInput, Target, all_targets
from wirechat_codegen.versions import PACKAGED_VERSION, UnknownVersionError, base_uri, schema_dir

__all__ = [
    "BASE_URI",
    "FIX_COMMAND",
    "VERSION",
    "Drift",
    "SchemaLintError",
    "SchemaLoadError",
    "UnknownVersionError",
    "check",
    "generate",
    "lint_schema",
]

VERSION = PACKAGED_VERSION
BASE_URI = base_uri(VERSION)
FIX_COMMAND = "wirechat codegen"


class SchemaLintError(Exception):
    """The schema breaks the house rules; nothing was generated."""

    def __init__(self, problems: list[LintProblem]) -> None:
        super().__init__("\n".join(map(str, problems)))
        self.problems = problems


@dataclass(frozen=True)
class Drift:
    """One difference between the committed output and a fresh generation."""

    path: str
    change: str  # "changed", "missing" (should exist) or "unexpected" (should not exist)

    def __str__(self) -> str:
        return f"{self.path}: {self.change}"


def lint_schema(repo_root: Path, version: str = VERSION) -> list[LintProblem]:
    """Lint ``schema/<version>``; an empty list means clean."""
    return lint(load_schema_dir(schema_dir(repo_root, version)), base_uri(version))


def _adapter_data(repo_root: Path) -> AdapterData | None:
    """The checked adapter tables (decision 028), or None for a checkout without ``adapters/``."""
    return load_adapter_data(repo_root) if (repo_root / ADAPTERS_DIR).is_dir() else None


def _input(repo_root: Path, version: str) -> GenerationInput:
    files = load_schema_dir(schema_dir(repo_root, version))
    problems = lint(files, base_uri(version))
    if problems:
        raise SchemaLintError(problems)
    schema_bundle = bundle(files, base_uri(version) + "wirechat.schema.json")
    return GenerationInput(version, files, schema_bundle, repo_root, _adapter_data(repo_root))


def _destination_root(repo_root: Path, version: str, out: Path | None) -> Path:
    if out is not None:
        return out
    if version != VERSION:
        raise UnknownVersionError(
            f"the packages are generated from {VERSION}; render {version} elsewhere with --out DIR"
        )
    return repo_root


def _render_all(source: GenerationInput, scratch: Path, targets: list[Target]) -> list[tuple[Target, Path]]:
    rendered = []
    for target in targets:
        out = scratch / target.name
        out.mkdir(parents=True)
        target.render(source, out)
        stray = sorted(_tree(out) - _tree(out, target.owns))
        if stray:
            raise RuntimeError(f"target {target.name} wrote files it does not own ({target.owns}): {stray}")
        rendered.append((target, out))
    return rendered


def _tree(root: Path, owns: str | None = None) -> set[str]:
    if not root.is_dir():
        return set()
    files = (p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    return {p.relative_to(root).as_posix() for p in files if owns is None or p.relative_to(root).match(owns)}


def _replace(fresh: Path, destination: Path, owns: str | None) -> None:
    """Make ``destination`` hold what ``fresh`` holds: the whole folder, or only the files ``owns`` matches."""
    if owns is None:
        if destination.exists():
            shutil.rmtree(destination)
        shutil.copytree(fresh, destination)
        return
    for name in _tree(destination, owns):
        (destination / name).unlink()
    for name in _tree(fresh):
        (destination / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(fresh / name, destination / name)


def _compare(fresh: Path, committed: Path, label: str, owns: str | None = None) -> list[Drift]:
    fresh_files, committed_files = _tree(fresh), _tree(committed, owns)
    drift = [Drift(f"{label}/{name}", "missing") for name in sorted(fresh_files - committed_files)]
    drift += [Drift(f"{label}/{name}", "unexpected") for name in sorted(committed_files - fresh_files)]
    for name in sorted(fresh_files & committed_files):
        if not filecmp.cmp(fresh / name, committed / name, shallow=False):
            drift.append(Drift(f"{label}/{name}", "changed"))
    return drift


def generate(
    repo_root: Path, targets: list[Target] | None = None, *, version: str = VERSION, out: Path | None = None
) -> list[str]:
    """Regenerate every target folder of ``version`` (in place for the packaged version, else under ``out``);
    return the folders written."""
    chosen = all_targets() if targets is None else targets
    source = _input(repo_root, version)
    root = _destination_root(repo_root, version, out)
    with tempfile.TemporaryDirectory() as scratch:
        for target, fresh in _render_all(source, Path(scratch), chosen):
            _replace(fresh, root / target.output_dir, target.owns)
    return [str(root / t.output_dir) if out is not None else t.output_dir for t in chosen]


def check(
    repo_root: Path, targets: list[Target] | None = None, *, version: str = VERSION, out: Path | None = None
) -> list[Drift]:
    """Regenerate into a temporary folder and list every difference from the committed output (or from
    what ``out`` holds, for another version)."""
    chosen = all_targets() if targets is None else targets
    source = _input(repo_root, version)
    root = _destination_root(repo_root, version, out)
    with tempfile.TemporaryDirectory() as scratch:
        drift: list[Drift] = []
        for target, fresh in _render_all(source, Path(scratch), chosen):
            drift += _compare(fresh, root / target.output_dir, target.output_dir, target.owns)
    return drift
