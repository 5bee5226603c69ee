"""Find the repository checkout (the folder holding ``schema/`` and ``codegen/``) that a command works on."""

from __future__ import annotations

from pathlib import Path

from wirechat.cli import UsageError

__all__ = ["repo_root"]


def repo_root(given: Path | None) -> Path:
    if given is not None:
        if not (given / "schema").is_dir():
            raise UsageError(f"{given} has no schema/ folder; pass the repository root")
        return given
    here = Path.cwd().resolve()
    for candidate in (here, *here.parents):
        if (candidate / "schema").is_dir() and (candidate / "codegen").is_dir():
            return candidate
    raise UsageError("cannot find the repository (a folder with schema/ and codegen/); run inside it or pass --root")
