"""``wirechat.tolerant``: what is set aside, how it goes back, and what tolerance does not excuse."""

from __future__ import annotations

import json
from typing import Any

import pytest
import rfc8785

import wirechat
from wirechat.tolerant import TolerantRestoreError, Unknown, decode_tolerant

V11: dict[str, Any] = {
    "role": "assistant",
    "created_at": "now",
    "parts": [
        {"type": "video", "video": {"source": "url", "url": "https://x.test/v"}},
        {"type": "text", "text": "hi"},
        {"type": "hologram", "hologram": {}},
    ],
}


def test_unknowns_are_set_aside_in_document_order_and_written_back() -> None:
    read = decode_tolerant(json.dumps(V11), wirechat.Message)
    assert [p.type for p in read.value.parts] == ["text"]
    assert read.unknown == (
        Unknown("member", "", "now", "created_at"),
        Unknown("variant", "/parts/0", V11["parts"][0]),
        Unknown("variant", "/parts/2", V11["parts"][2]),
    )
    assert read.canonical() == rfc8785.dumps(V11)
    assert json.loads(read.encode()) == V11


def test_a_strict_decode_rejects_the_same_document() -> None:
    with pytest.raises(wirechat.WireError) as caught:
        wirechat.decode(json.dumps(V11), wirechat.Message)
    assert {p.pointer for p in caught.value.problems} == {"/created_at", "/parts/0/type", "/parts/2/type"}


def test_open_enum_reads_as_other_and_goes_back_only_if_untouched() -> None:
    document = {"kind": "guardrail", "raw": "G"}
    read = decode_tolerant(json.dumps(document), wirechat.FinishReason)
    assert read.value.kind == "other"
    assert json.loads(read.encode()) == document
    changed = type(read)(read.value.model_copy(update={"kind": "stop"}), read.unknown, read.type_name)
    assert json.loads(changed.encode()) == {"kind": "stop", "raw": "G"}  # the caller's value wins


def test_closed_enum_and_known_faults_are_still_rejected() -> None:
    with pytest.raises(wirechat.WireError) as caught:
        decode_tolerant('{"role":"developer","parts":[],"x":1}', wirechat.Message)
    assert [(p.pointer, p.rule) for p in caught.value.problems] == [("/role", "enum")]
    with pytest.raises(wirechat.WireError) as caught:
        decode_tolerant('{"role":"user","parts":[{"type":"text"}]}', wirechat.Message)
    assert caught.value.problems[0].rule == "required"
    with pytest.raises(wirechat.WireError) as caught:
        decode_tolerant('{"role":"user","role":"user","parts":[]}', wirechat.Message)
    assert caught.value.problems[0].rule == "duplicate-key"


def test_an_unknown_variant_outside_an_array_is_rejected() -> None:
    with pytest.raises(wirechat.WireError) as caught:
        decode_tolerant('{"type":"video","video":{}}', wirechat.Part)
    assert caught.value.problems[0].pointer == "/type"


def test_a_place_that_is_gone_is_an_error_not_a_drop() -> None:
    read = decode_tolerant(
        json.dumps({"messages": [{"role": "user", "parts": []}, {"role": "user", "parts": [], "created_at": "t"}]}),
        wirechat.ChatRequest,
    )
    first = read.value.messages[:1]
    emptied = type(read)(read.value.model_copy(update={"messages": first}), read.unknown, read.type_name)
    with pytest.raises(TolerantRestoreError, match=r"/messages/1: the member set aside here \('created_at'\)"):
        emptied.encode()


def test_member_names_with_slashes_and_tildes_round_trip() -> None:
    document: dict[str, Any] = {"role": "user", "parts": [], "a/b~c": {"deep": [1, 2.5, None]}}
    read = decode_tolerant(json.dumps(document), wirechat.Message)
    assert read.unknown[0].name == "a/b~c"
    assert read.canonical() == rfc8785.dumps(document)
