"""Versions: the schema version as a parameter (where its files live, its base URI, which one the packages use)
and the packages' release version (``VERSION``, the one source every language's generated code reads).

``schema/`` holds one folder per wire-format version (``v1``, later ``v2``); every tool takes the version it
works on as an argument instead of assuming one. The packages in this repository (``python/``,
``typescript/``, ``go/``) are generated from exactly one of them, ``PACKAGED_VERSION``: generation for that
version writes their committed folders, generation for another writes wherever the caller says
(``wirechat codegen --schema-version v2 --out DIR``), so a next version can be linted, bundled and rendered
beside the current one before any package moves to it.
"""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["PACKAGED_VERSION", "UnknownVersionError", "available", "base_uri", "package_version", "schema_dir"]

PACKAGED_VERSION = "v1"
"""The version the committed generated folders of the three packages are rendered from."""

_VERSION = re.compile(r"^v(\d+)$")
_RELEASE = re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?$")


class UnknownVersionError(ValueError):
    """A version with no folder under ``schema/``."""


def base_uri(version: str) -> str:
    """The ``$id`` prefix of every schema file of ``version``."""
    return f"https://wirechat.dev/schema/{version}/"


def available(repo_root: Path) -> list[str]:
    """The version folders under ``schema/``, oldest first (``v2`` before ``v10``)."""
    folders = [p.name for p in (repo_root / "schema").iterdir() if p.is_dir() and _VERSION.match(p.name)]
    return sorted(folders, key=lambda name: int(name[1:]))


def schema_dir(repo_root: Path, version: str) -> Path:
    """``schema/<version>``; ``UnknownVersionError`` naming the versions there are when it does not exist."""
    if not _VERSION.match(version):
        raise UnknownVersionError(f"a schema version is written v<number> (v1, v2), not {version!r}")
    folder = repo_root / "schema" / version
    if not folder.is_dir():
        known = ", ".join(available(repo_root)) or "none"
        raise UnknownVersionError(f"there is no schema/{version} (versions: {known})")
    return folder


def package_version(repo_root: Path) -> str:
    """The release version of every package (``VERSION`` at the repository root, one line, semver): codegen
    writes it into each language's generated folder, so the drift check holds them equal."""
    path = repo_root / "VERSION"
    try:
        text = path.read_text(encoding="utf-8").strip()
    except OSError as exc:
        raise UnknownVersionError(f"cannot read {path}: {exc.strerror or exc}") from None
    if not _RELEASE.match(text):
        raise UnknownVersionError(f"{path} must hold one semver version such as 0.1.0, not {text!r}")
    return text
