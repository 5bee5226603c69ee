"""``wirechat.fast`` (msgspec Structs) agrees with ``wirechat.decode`` (pydantic models): on every schema
example, valid or not, and on one hostile document per I-JSON rule; and it refuses Structs built wrong.

Every test runs twice: with the native scanner (``wirechat_native``) and on the pure-Python path
(``tests.native.paths.engine_path``)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import msgspec
import pytest

import wirechat
from tests.native.paths import engine_path
from wirechat import WireError, fast

pytestmark = pytest.mark.usefixtures("engine_path")
__all__ = ["engine_path"]  # the fixture, imported so that every test here runs on both paths

EXAMPLES = Path(__file__).resolve().parents[2] / "schema" / "v1" / "examples"
CASES = sorted(EXAMPLES.glob("*/*/*.json"))


def _answer(decode, encode, canonical, data: bytes, type_: object) -> dict[str, object]:  # type: ignore[no-untyped-def]
    try:
        value = decode(data, type_)
    except WireError as error:
        return {"problems": [(p.pointer, p.rule, p.message, p.line, p.column) for p in error.problems]}
    return {"value": json.loads(encode(value)), "canonical": canonical(value)}


def _both(data: bytes, name: str) -> tuple[dict[str, object], dict[str, object]]:
    checked_type = getattr(wirechat, name)
    checked = _answer(
        wirechat.decode, lambda v: wirechat.encode(v, checked_type), wirechat.canonical, data, checked_type
    )
    quick = _answer(fast.decode, fast.encode, fast.canonical, data, getattr(fast, name))
    return checked, quick


@pytest.mark.parametrize("path", CASES, ids=[str(p.relative_to(EXAMPLES)) for p in CASES])
def test_the_engines_agree_on_every_schema_example(path: Path) -> None:
    invalid = path.parts[-2] == "invalid"  # {"document": ..., "pointer": ..., "reason": ...}
    data = json.dumps(json.loads(path.read_bytes())["document"]).encode() if invalid else path.read_bytes()
    checked, quick = _both(data, path.parts[-3])
    assert quick == checked
    assert ("problems" in checked) == invalid


HOSTILE = {
    "duplicate key": b'{"role":"user","parts":[{"type":"text","text":"a","text":"b"}]}',
    "lone surrogate escape": b'{"role":"user","parts":[{"type":"text","text":"\\ud800"}]}',
    "raw surrogate bytes": b'{"role":"user","parts":[{"type":"text","text":"\xed\xa0\x80"}]}',
    "NaN": b'{"role":"user","parts":[{"type":"data","data":{"value":NaN}}]}',
    "overflowing double": b'{"role":"user","parts":[{"type":"data","data":{"value":1e400}}]}',
    "unsafe integer in free-form data": b'{"role":"user","parts":[{"type":"data","data":{"value":[9007199254740993]}}]}',  # noqa: E501
    "whole double past 2^53": b'{"role":"user","parts":[{"type":"data","data":{"value":9007199254740992.0}}]}',
    "201 levels": b'{"role":"user","parts":[{"type":"data","data":{"value":' + b"[" * 199 + b"]" * 199 + b"}}]}",
    "unknown member": b'{"role":"user","parts":[],"colour":"red"}',
    "null for an optional member": b'{"role":"user","parts":[],"name":null}',
    "wrong tag": b'{"role":"user","parts":[{"type":"txt","text":"a"}]}',
    "trailing data": b'{"role":"user","parts":[]} x',
    "byte order mark": b'\xef\xbb\xbf{"role":"user","parts":[]}',
    # Python's re (msgspec) lets "$" match before a final newline; the schema's patterns do not
    "newline after base64": b'{"role":"user","parts":[{"type":"image","image":{"source":"base64","base64":"QUJD\\n","media_type":"image/png"}}]}',  # noqa: E501
    "newline after an issuer": b'{"role":"user","parts":[{"type":"reasoning","reasoning":{"issuer":"ab\\n"}}]}',
    "too long an integer literal": b'{"role":"user","parts":[{"type":"data","data":{"value":' + b"9" * 5000 + b"}}]}",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_the_engines_give_the_same_problems_on_hostile_input(name: str) -> None:
    checked, quick = _both(HOSTILE[name], "Message")
    assert "problems" in checked, checked
    assert quick == checked


def test_a_variant_decoded_alone_needs_its_tag() -> None:
    checked, quick = _both(b'{"text":"hi"}', "TextPart")
    assert quick == checked == {"problems": [("/type", "required", "required member is missing", None, None)]}


def test_free_form_decoded_alone_is_scanned() -> None:
    checked, quick = _both(b'{"a":[1,9007199254740993]}', "JsonObject")
    assert quick == checked
    assert quick["problems"][0][:2] == ("/a/1", "unsafe-integer")  # type: ignore[index]


def test_encode_refuses_a_struct_built_wrong_with_the_checked_engines_problem() -> None:
    with pytest.raises(WireError) as caught:
        fast.encode(fast.Message(role="bot", parts=[fast.TextPart(text=5)]))  # type: ignore[arg-type]
    assert [(p.pointer, p.rule) for p in caught.value.problems] == [("/parts/0/text", "type"), ("/role", "enum")]


@pytest.mark.parametrize(
    ("value", "pointer", "rule"),
    [
        ([1, math.nan], "/value/1", "number-overflow"),
        ({"n": 2**60}, "/value/n", "unsafe-integer"),
        ({"n": 2.0**60}, "/value/n", "unsafe-integer"),
        ({"n": [None, -math.inf]}, "/value/n/1", "number-overflow"),
    ],
)
def test_encode_refuses_free_form_data_outside_i_json(value: object, pointer: str, rule: str) -> None:
    # msgspec writes NaN as null: the check walks the value when the text holds a null
    built = fast.DataRef(value=value)  # Structs check nothing when built (decision 022)
    with pytest.raises(WireError) as caught:
        fast.encode(built)
    assert [(p.pointer, p.rule) for p in caught.value.problems] == [(pointer, rule)]
    fine = fast.DataRef(value={"n": [None, 1.5, 2**53 - 1]})
    assert fast.encode(fine) == b'{"value":{"n":[null,1.5,9007199254740991]}}'


def test_encode_refuses_free_form_data_nested_past_200_levels() -> None:
    deep: object = []
    for _ in range(200):
        deep = [deep]
    with pytest.raises(WireError) as caught:
        fast.encode(fast.DataRef(value=deep))
    assert caught.value.problems[0].rule == "depth"


def test_base64_is_checked_natively_or_by_re_with_the_same_verdicts() -> None:
    for text, good in [("QUJD", True), ("QQ==", True), ("", True), ("QQ===", False), ("QUJD\n", False), ("Q Q", False)]:
        document = json.dumps({"source": "base64", "base64": text, "media_type": "image/png"}).encode()
        checked, quick = _both(document, "MediaRef")
        assert quick == checked
        assert ("problems" not in quick) is good, text


def test_encode_without_the_check_writes_what_it_is_given() -> None:
    value = fast.Message(role="bot", parts=[])  # type: ignore[arg-type]
    assert fast.encode(value, check=False) == b'{"role":"bot","parts":[]}'


def test_to_model_and_from_model_cross_between_the_engines() -> None:
    text = b'{"role":"assistant","parts":[{"type":"tool_call","tool_call":{"id":"c1","name":"f","arguments":"{}"}}]}'
    struct = fast.decode(text, fast.Message)
    model = fast.to_model(struct)
    assert isinstance(model, wirechat.Message)
    assert wirechat.encode(model) == fast.encode(struct) == text
    assert fast.from_model(model) == struct
    assert fast.to_model(struct.parts[0], fast.Part) == model.parts[0]


def test_max_bytes_and_wrong_types_are_refused_as_by_the_checked_engine() -> None:
    with pytest.raises(WireError) as caught:
        fast.decode(b'{"role":"user","parts":[]}', fast.Message, max_bytes=10)
    assert caught.value.problems[0].rule == "too-large"
    with pytest.raises(TypeError, match=r"not a type of wirechat\.fast"):
        fast.decode(b"{}", wirechat.Message)
    assert fast.name_of(fast.ProviderOptions) == "ProviderOptions"
    assert fast.name_of(fast.ProviderMetadata) == "ProviderMetadata"


def test_unset_members_are_left_out_and_null_is_not_unset() -> None:
    struct = fast.decode(b'{"role":"user","parts":[]}', fast.Message)
    assert struct.name is msgspec.UNSET
    assert fast.encode(struct) == b'{"role":"user","parts":[]}'
