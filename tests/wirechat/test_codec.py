"""``decode`` enforces the I-JSON profile (one test per rule) and the schema; ``encode`` and
``canonical`` write exactly what was set. Every test runs on both of the codec's paths (``engine_path``:
the native scan, pure Python)."""

from __future__ import annotations

import json

import pytest
import rfc8785

import wirechat
from tests.native.paths import engine_path
from wirechat import Message, TokenUsage, WireError, decode, encode

pytestmark = pytest.mark.usefixtures("engine_path")
__all__ = ["engine_path"]  # the fixture, imported so that every test here runs on both paths


def _pointers(data: bytes | str, type_: object = Message) -> list[str]:
    with pytest.raises(WireError) as caught:
        decode(data, type_)
    return [problem.pointer for problem in caught.value.problems]


def _message_with_value(value_text: str) -> bytes:
    return ('{"role":"user","parts":[{"type":"data","data":{"value":' + value_text + "}}]}").encode()


# --- I-JSON: one test per rule -------------------------------------------------------------------


def test_duplicate_key_at_the_top_is_rejected_at_its_pointer() -> None:
    assert _pointers(b'{"role":"user","parts":[],"role":"user"}') == ["/role"]


def test_duplicate_key_after_a_nested_value_with_spaces_is_rejected_at_its_pointer() -> None:
    text = b'{"role": "user", "parts": [{"type": "text", "text": "a"}], "role": "tool"}'
    assert _pointers(text) == ["/role"]


def test_duplicate_key_deep_inside_is_rejected_at_its_pointer() -> None:
    text = b'{"role":"user","parts":[{"type":"text","text":"a","text":"b"}]}'
    assert _pointers(text) == ["/parts/0/text"]


def test_duplicate_key_written_with_an_escape_is_still_a_duplicate() -> None:
    assert _pointers(b'{"role":"user","parts":[],"\\u0072ole":"tool"}') == ["/role"]


def test_duplicate_key_inside_free_form_data_is_rejected() -> None:
    assert _pointers(_message_with_value(b'{"a":1,"a":2}'.decode())) == ["/parts/0/data/value/a"]


def test_escaped_lone_high_surrogate_is_rejected() -> None:
    assert _pointers(b'{"role":"user","parts":[{"type":"text","text":"\\ud800"}]}') == ["/parts/0/text"]


def test_escaped_lone_low_surrogate_is_rejected() -> None:
    assert _pointers(b'{"role":"user","parts":[{"type":"text","text":"x\\udc00y"}]}') == ["/parts/0/text"]


def test_high_surrogate_followed_by_a_non_surrogate_escape_is_rejected() -> None:
    assert _pointers(b'{"role":"user","parts":[{"type":"text","text":"\\ud800\\u0041"}]}') == ["/parts/0/text"]


def test_raw_surrogate_bytes_are_rejected() -> None:
    assert _pointers(b'{"role":"user","parts":[{"type":"text","text":"\xed\xa0\x80"}]}') == ["/parts/0/text"]


def test_lone_surrogate_in_str_input_is_rejected() -> None:
    with pytest.raises(WireError, match="lone surrogate"):
        decode('{"role":"user","parts":[{"type":"text","text":"\ud800"}]}', Message)


def test_surrogate_pair_is_accepted() -> None:
    message = decode(b'{"role":"user","parts":[{"type":"text","text":"\\ud83d\\ude00"}]}', Message)
    assert wirechat.message_text(message) == "😀"


def test_invalid_utf8_is_rejected() -> None:
    assert _pointers(b'{"role":"user","parts":[{"type":"text","text":"\xff"}]}') == ["/parts/0/text"]


def test_byte_order_mark_is_rejected() -> None:
    with pytest.raises(WireError, match="byte-order mark"):
        decode(b'\xef\xbb\xbf{"role":"user","parts":[]}', Message)


def test_trailing_data_is_rejected() -> None:
    with pytest.raises(WireError, match="trailing"):
        decode(b'{"role":"user","parts":[]} {}', Message)


def test_trailing_whitespace_is_accepted() -> None:
    assert decode(b'{"role":"user","parts":[]} \n\t', Message).role == "user"


@pytest.mark.parametrize("text", [b"", b"{", b'{"role":', b"nul", b"[1,]", b"{'a':1}"])
def test_text_that_is_not_json_is_rejected(text: bytes) -> None:
    with pytest.raises(WireError):
        decode(text, Message)


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_literals_are_rejected(literal: str) -> None:
    with pytest.raises(WireError):
        decode(_message_with_value(literal), Message)


def test_overflowing_number_in_a_typed_field_is_rejected() -> None:
    text = b'{"temperature":1e400}'
    assert _pointers(text, wirechat.ChatOptions) == ["/temperature"]


@pytest.mark.parametrize("literal", ["1e400", "-1e400", "[1, 2e999]"])
def test_overflowing_number_in_free_form_data_is_rejected(literal: str) -> None:
    pointers = _pointers(_message_with_value(literal))
    assert pointers[0].startswith("/parts/0/data/value")


def test_underflowing_number_reads_as_zero() -> None:
    message = decode(_message_with_value("1e-400"), Message)
    assert wirechat.canonical(message) == rfc8785.dumps(json.loads(_message_with_value("0")))


def test_negative_zero_is_accepted_and_canonicalises_to_zero() -> None:
    message = decode(_message_with_value("-0"), Message)
    assert b'"value":0' in wirechat.canonical(message)


def test_integer_beyond_2_53_in_a_typed_field_is_rejected() -> None:
    text = b'{"input_tokens":9007199254740992,"output_tokens":0,"total_tokens":0}'
    assert _pointers(text, TokenUsage) == ["/input_tokens"]


@pytest.mark.parametrize(
    ("literal", "pointer"),
    [("9007199254740992", ""), ("-9007199254740992", ""), ('{"n":[123456789012345678901234567890]}', "/n/0")],
)
def test_integer_beyond_2_53_in_free_form_data_is_rejected(literal: str, pointer: str) -> None:
    assert _pointers(_message_with_value(literal)) == ["/parts/0/data/value" + pointer]


@pytest.mark.parametrize("literal", ["9007199254740992.0", "1.5e20", "-9.007199254740993e15", "[1e20]"])
def test_whole_number_past_2_53_written_as_a_double_is_rejected(literal: str) -> None:
    assert _pointers(_message_with_value(literal))[0].startswith("/parts/0/data/value")


def test_whole_number_from_1e21_is_accepted_and_written_with_an_exponent() -> None:
    message = decode(_message_with_value("[1e21, 123456789012345678901234567890.0]"), Message)
    assert b"[1e+21,1.2345678901234568e+29]" in wirechat.canonical(message)


def test_largest_safe_integers_are_accepted_everywhere() -> None:
    decode(_message_with_value("[9007199254740991,-9007199254740991]"), Message)
    decode(b'{"input_tokens":9007199254740991,"output_tokens":0,"total_tokens":0}', TokenUsage)


def test_integer_field_written_with_a_fraction_is_rejected() -> None:
    assert _pointers(b'{"input_tokens":1.0,"output_tokens":0,"total_tokens":1}', TokenUsage) == ["/input_tokens"]


def test_integer_field_written_with_an_exponent_is_rejected() -> None:
    assert _pointers(b'{"input_tokens":1e2,"output_tokens":0,"total_tokens":1}', TokenUsage) == ["/input_tokens"]


def test_number_field_accepts_an_integer_literal() -> None:
    assert decode(b'{"temperature":1}', wirechat.ChatOptions).temperature == 1


# --- schema errors ------------------------------------------------------------------------------


def test_every_problem_is_reported_not_just_the_first() -> None:
    text = b'{"role":"robot","parts":[{"type":"text","text":1},{"type":"nope"}],"extra":true}'
    assert sorted(_pointers(text)) == ["/extra", "/parts/0/text", "/parts/1/type", "/role"]


def test_wire_error_is_a_value_error_that_names_type_pointer_and_value() -> None:
    with pytest.raises(ValueError, match=r"invalid TokenUsage") as caught:
        decode(b'{"input_tokens":-5,"output_tokens":0,"total_tokens":0}', TokenUsage)
    (problem,) = caught.value.problems  # type: ignore[attr-defined]
    assert problem.pointer == "/input_tokens"
    assert "-5" in problem.message and "greater than or equal to 0" in problem.message


def test_pointer_tokens_are_escaped() -> None:
    text = b'{"role":"user","parts":[],"provider_metadata":{"a/b":{"c~d":[1e400]}}}'
    assert _pointers(text) == ["/provider_metadata/a~1b/c~0d/0"]


def test_null_for_an_optional_member_is_rejected() -> None:
    assert _pointers(b'{"role":"user","parts":[],"name":null}') == ["/name"]


def test_decode_rejects_a_type_that_is_not_a_wire_type() -> None:
    with pytest.raises(TypeError, match="not a wirechat wire type"):
        decode(b"{}", dict)


def test_decode_rejects_input_that_is_not_text() -> None:
    with pytest.raises(TypeError, match="bytes or str"):
        decode(123, Message)  # type: ignore[call-overload]


# --- encode and canonical -----------------------------------------------------------------------


def test_encode_writes_only_what_is_set() -> None:
    message = wirechat.text_message("user", "hi")
    assert encode(message) == b'{"role":"user","parts":[{"type":"text","text":"hi"}]}'


def test_encode_keeps_explicit_values_that_equal_a_documented_default() -> None:
    result = wirechat.ToolResult(tool_call_id="c", content="x", is_error=False)
    assert encode(result) == b'{"tool_call_id":"c","content":"x","is_error":false}'


def test_encode_refuses_a_lone_surrogate_built_in_python() -> None:
    with pytest.raises(WireError, match="surrogates"):
        encode(wirechat.TextPart(text="\udc00"))


def test_free_form_values_built_in_python_are_checked() -> None:
    with pytest.raises(ValueError, match="finite"):
        wirechat.DataRef(value={"x": float("inf")})
    with pytest.raises(ValueError, match="2\\^53"):
        wirechat.DataRef(value=[2**60])
    with pytest.raises(ValueError, match="not a JSON value"):
        wirechat.DataRef(value={"x": {1, 2}})


def test_encode_needs_a_type_for_values_that_are_not_models() -> None:
    with pytest.raises(TypeError, match="type_="):
        encode("user")
    assert encode("user", wirechat.Role) == b'"user"'


def test_canonical_is_rfc8785_and_independent_of_member_order() -> None:
    first = decode(b'{"parts":[],"role":"user","name":"b\\u00e9"}', Message)
    second = decode('{"name":"bé","role":"user","parts":[]}', Message)
    assert wirechat.canonical(first) == wirechat.canonical(second) == b'{"name":"b\xc3\xa9","parts":[],"role":"user"}'


def test_canonical_of_plain_values_matches_the_reference() -> None:
    value = {"b": [1.0, 1e21, -0.0, "\u2028"], "a": None}
    assert wirechat.canonical(value) == rfc8785.dumps(value)


def test_canonical_refuses_what_is_not_i_json() -> None:
    with pytest.raises(WireError):
        wirechat.canonical({"n": 2**60})


def test_schema_member_named_schema_round_trips_under_its_wire_name() -> None:
    text = b'{"type":"json_schema","json_schema":{"name":"w","schema":{"type":"object"}}}'
    decoded = decode(text, wirechat.ResponseFormat)
    assert encode(decoded, wirechat.ResponseFormat) == text


def test_a_variant_decoded_on_its_own_needs_its_tag() -> None:
    assert _pointers(b'{"text":"hi"}', wirechat.TextPart) == ["/type"]
    assert _pointers(b'{"text":1}', wirechat.TextPart) == ["/text", "/type"]  # in pointer order
    assert _pointers(b'{"url":"https://x/a.png"}', wirechat.MediaUrl) == ["/source"]
    assert decode(b'{"type":"text","text":"hi"}', wirechat.TextPart) == wirechat.TextPart(text="hi")


def test_importing_wirechat_does_not_load_the_http_stack() -> None:
    import subprocess  # noqa: PLC0415
    import sys  # noqa: PLC0415

    code = "import sys, wirechat; assert 'httpx' not in sys.modules; wirechat.Client; assert 'httpx' in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
