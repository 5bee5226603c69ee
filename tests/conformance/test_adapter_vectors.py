"""The Python adapters still give every cross-language vector they wrote (Go's and TypeScript's tests read
the same files), and a vector the adapter no longer gives is named."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from wirechat_conformance import adapter_vectors
from wirechat_conformance.adapter_vector_checks import check_python
from wirechat_conformance.adapter_vectors import build, replay, stale, vectors_path

from tests.conftest import REPO_ROOT
from wirechat.adapters import get


def test_the_python_adapter_still_gives_a_vector_it_wrote() -> None:
    """``check_python`` (what ``--adapter NAME`` runs) replays the file; the per-adapter test below holds every
    file to what ``build`` writes, which the replay of each line would only repeat."""
    count, differ = check_python("anthropic", REPO_ROOT)
    assert (count > 100, differ) == (True, [])


def test_a_changed_vector_is_named(tmp_path: Path) -> None:
    lines = vectors_path(REPO_ROOT, "openai-chat").read_text(encoding="utf-8").split("\n")
    request = next(json.loads(line) for line in lines if line and '"kind": "request"' in line and '"body"' in line)
    assert replay(get("openai-chat"), request) == request
    request["body"]["model"] = "another-model"  # as if the adapter had written the model differently
    assert replay(get("openai-chat"), request) != request


@pytest.mark.parametrize("name", ["openai-chat", "anthropic"])
def test_the_vector_files_are_what_build_writes_today(name: str) -> None:
    """The files hold what ``--write-adapter-vectors`` writes from today's strategies and bodies: a strategy or a
    hand-written body changed without the files written again would leave the other languages testing old
    inputs (it went unseen once: the draws also depended on which modules were imported, see
    ``adapter_vectors._no_local_constants``). Two adapters here (the strategies and bodies are shared); all 15
    with ``wirechat conformance --check-adapter-vectors`` (15 builds of about 5 s each: on demand)."""
    written = vectors_path(REPO_ROOT, name).read_text(encoding="utf-8").split("\n")[:-1]
    built = [json.dumps(line, ensure_ascii=False) for line in build(name, REPO_ROOT)]
    stale_lines = [i for i, (a, b) in enumerate(zip(written, built, strict=False)) if a != b]
    assert (len(written), stale_lines[:5]) == (len(built), []), (
        f"{name}: the vector file differs from what build writes (lines {stale_lines[:5]}): run "
        "wirechat conformance --write-adapter-vectors, then the TypeScript and Go vector tests"
    )


def test_the_drift_check_names_a_stale_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    examples = REPO_ROOT / "schema/v1/examples/ChatRequest/valid"
    shutil.copytree(examples, tmp_path / "schema/v1/examples/ChatRequest/valid")
    target = vectors_path(tmp_path, "go-model")
    target.parent.mkdir(parents=True)
    lines = vectors_path(REPO_ROOT, "go-model").read_text(encoding="utf-8").split("\n")
    monkeypatch.setattr(adapter_vectors, "VECTOR_ADAPTERS", ("go-model",))
    target.write_text("\n".join(lines), encoding="utf-8")
    assert stale(tmp_path) == []
    lines[3] = lines[3].replace('"kind"', '"kind" ', 1)  # as if a strategy had drawn another document
    target.write_text("\n".join(lines), encoding="utf-8")
    assert stale(tmp_path) == [f"{target.relative_to(tmp_path)}: differs from what build writes (lines [4])"]
