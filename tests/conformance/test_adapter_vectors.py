"""The Python adapters still give every cross-language vector they wrote (Go's and TypeScript's tests read
the same files), and a vector the adapter no longer gives is named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from wirechat_conformance.adapter_vector_checks import check_python
from wirechat_conformance.adapter_vectors import VECTOR_ADAPTERS, build, replay, vectors_path

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


@pytest.mark.parametrize("name", VECTOR_ADAPTERS)
def test_the_vector_files_are_what_build_writes_today(name: str) -> None:
    """The files hold what ``--write-adapter-vectors`` writes from today's strategies and bodies: a strategy or a
    hand-written body changed without the files written again would leave the other languages testing old
    inputs (it went unseen once: the draws also depended on which modules were imported, see
    ``adapter_vectors._no_local_constants``)."""
    written = vectors_path(REPO_ROOT, name).read_text(encoding="utf-8").split("\n")[:-1]
    built = [json.dumps(line, ensure_ascii=False) for line in build(name, REPO_ROOT)]
    stale = [i for i, (a, b) in enumerate(zip(written, built, strict=False)) if a != b]
    assert (len(written), stale[:5]) == (len(built), []), (
        f"{name}: the vector file differs from what build writes (lines {stale[:5]}): run "
        "wirechat conformance --write-adapter-vectors, then the TypeScript and Go vector tests"
    )
