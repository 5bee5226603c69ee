"""The QueryMT test plugins built from source with the Go toolchain (the go-pdk module comes from the Go
module proxy): ``GOOS=wasip1 GOARCH=wasm go build -buildmode=c-shared``, cached under
``.cache/querymt-plugins/`` (gitignored) keyed by a hash of every source file that goes into them, so a
change to a plugin or to wirechat's Go packages rebuilds it and nothing else does. Used by
``tests/querymt/conftest.py`` and by the plugin vectors' writer (``plugin_vectors``)."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

__all__ = ["PluginBuildError", "build_plugin", "example_plugin", "faulty_plugin"]


class PluginBuildError(RuntimeError):
    """Go is missing, or the plugin did not build (the compiler's output is the message)."""


def _sources(*roots: Path) -> list[Path]:
    files = []
    for folder in roots:
        files += [p for p in folder.rglob("*") if p.suffix == ".go" and not p.name.endswith("_test.go")]
        files += [p for p in (folder / "go.mod", folder / "go.sum") if p.exists()]
    return sorted(files)


def build_plugin(repo: Path, source: Path, *also: Path) -> Path:
    """The plugin in ``source`` (under the checkout ``repo``) as a wasm file; ``also`` are directories it
    depends on through a ``replace`` (their sources go into the cache key)."""
    go = shutil.which("go")
    if go is None:
        raise PluginBuildError("the QueryMT plugins are built with Go: install Go 1.26 (go/go.mod)")
    version = subprocess.run([go, "version"], capture_output=True, text=True, check=True).stdout
    digest = hashlib.sha256(version.encode())
    for path in _sources(source, *also):
        digest.update(str(path.relative_to(repo)).encode() + b"\0" + path.read_bytes() + b"\0")
    cache = repo / ".cache" / "querymt-plugins"
    target = cache / f"{source.name}-{digest.hexdigest()[:16]}.wasm"
    if target.exists():
        return target
    cache.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(f".{os.getpid()}.tmp")
    env = {**os.environ, "GOOS": "wasip1", "GOARCH": "wasm", "CGO_ENABLED": "0"}
    command = [go, "build", "-buildmode=c-shared", "-trimpath", "-ldflags=-s -w", "-o", str(partial), "."]
    built = subprocess.run(command, check=False, cwd=source, env=env, capture_output=True, text=True)
    if built.returncode != 0:
        raise PluginBuildError(f"building {source.relative_to(repo)} failed:\n{built.stderr}")
    partial.replace(target)
    return target


def example_plugin(repo: Path) -> Path:
    """``examples/querymt-plugin-go`` (it uses wirechat's Go packages through a ``replace``)."""
    return build_plugin(repo, repo / "examples" / "querymt-plugin-go", repo / "go")


def faulty_plugin(repo: Path) -> Path:
    """``tests/querymt/faulty_plugin``: a plugin that misbehaves on request."""
    return build_plugin(repo, repo / "tests" / "querymt" / "faulty_plugin")
