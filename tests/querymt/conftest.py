"""Fixtures for the QueryMT plugin tests: the Go plugins built from source with the Go toolchain (the
go-pdk module comes from the Go module proxy), cached under ``.cache/querymt-plugins/`` (gitignored)
keyed by a hash of every source file that goes into them, so a change to a plugin or to wirechat's Go
package rebuilds it and nothing else does."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT

CACHE = REPO_ROOT / ".cache" / "querymt-plugins"
EXAMPLE = REPO_ROOT / "examples" / "querymt-plugin-go"
FAULTY = Path(__file__).with_name("faulty_plugin")


def _sources(*roots: Path) -> list[Path]:
    files = []
    for root in roots:
        files += [p for p in root.rglob("*") if p.suffix == ".go" and not p.name.endswith("_test.go")]
        files += [p for p in (root / "go.mod", root / "go.sum") if p.exists()]
    return sorted(files)


def build_plugin(source: Path, *also: Path) -> Path:
    """The plugin in ``source`` built with ``GOOS=wasip1 GOARCH=wasm go build -buildmode=c-shared``; ``also``
    are directories it depends on through a ``replace`` (their sources go into the cache key)."""
    go = shutil.which("go")
    if go is None:
        pytest.fail("the QueryMT plugin tests build Go plugins: install Go 1.26 (go/go.mod; the go session uses it)")
    version = subprocess.run([go, "version"], capture_output=True, text=True, check=True).stdout
    digest = hashlib.sha256(version.encode())
    for path in _sources(source, *also):
        digest.update(str(path.relative_to(REPO_ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    target = CACHE / f"{source.name}-{digest.hexdigest()[:16]}.wasm"
    if target.exists():
        return target
    CACHE.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(f".{os.getpid()}.tmp")
    env = {**os.environ, "GOOS": "wasip1", "GOARCH": "wasm", "CGO_ENABLED": "0"}
    command = [go, "build", "-buildmode=c-shared", "-trimpath", "-ldflags=-s -w", "-o", str(partial), "."]
    built = subprocess.run(command, check=False, cwd=source, env=env, capture_output=True, text=True)
    if built.returncode != 0:
        pytest.fail(f"building {source.relative_to(REPO_ROOT)} failed:\n{built.stderr}")
    partial.replace(target)
    return target


@pytest.fixture(scope="session")
def example_wasm() -> Path:
    return build_plugin(EXAMPLE, REPO_ROOT / "go")


@pytest.fixture(scope="session")
def faulty_wasm() -> Path:
    return build_plugin(FAULTY)
