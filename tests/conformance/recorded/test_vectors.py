"""The corpus cut into cross-language adapter vectors (``wirechat conformance --recorded --write-vectors``):
one line per recorded body of anthropic and openai-chat, each one the Python adapter replays to itself."""

from __future__ import annotations

import json
from pathlib import Path

from wirechat_conformance.adapter_vectors import replay
from wirechat_conformance.recorded.corpus import Body
from wirechat_conformance.recorded.vectors import lines, write

from wirechat.adapters import get

KINDS = {"request": "request_decode", "response": "response", "stream": "stream", "error": "error"}


def test_one_line_per_body_of_the_folder(corpus_root: Path, bodies: dict[str, Body]) -> None:
    found = lines(corpus_root, "anthropic")
    mine = [body for body in bodies.values() if body.group == "anthropic"]
    assert [line["description"] for line in found] == [f"recorded {body.file}" for body in mine]
    assert [line["kind"] for line in found] == [KINDS[body.kind] for body in mine]


def test_every_line_replays_to_itself(corpus_root: Path) -> None:
    adapter = get("openai-chat")
    for line in lines(corpus_root, "openai-chat"):
        again = replay(adapter, line)
        assert json.dumps(again, sort_keys=True) == json.dumps(line, sort_keys=True), line["description"]


def test_write_names_the_files_for_the_testees(tmp_path: Path, corpus_root: Path) -> None:
    written = dict(write(corpus_root, tmp_path))
    names = sorted(path.name for path in written)
    assert {"recorded-anthropic.ndjson", "recorded-openai-chat.ndjson", "recorded-gemini.ndjson"} <= set(names)
    assert "recorded-openai-compatible.groq.ndjson" in names  # a profile's file: no colon in the name
    for path, count in written.items():
        assert len(path.read_text(encoding="utf-8").splitlines()) == count > 0
