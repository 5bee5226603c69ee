"""The native I-JSON scan (``wirechat_native.scan``) against the checked engine's own finders: the same
verdict, and for a text fault the same rule at the same place, on every decode case of the conformance
suite and on hypothesis-generated texts built to be hostile (escaped duplicate names, lone surrogates,
numbers at the edges of the rules, nesting around 200 levels)."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import wirechat
from tests.native.paths import require_native, wirechat_native
from wirechat._textfault import find_text_fault

CASES = Path(__file__).resolve().parents[2] / "conformance" / "cases"
NUMBER_RULES = {"unsafe-integer", "number-overflow"}


def _texts() -> list[tuple[str, bytes]]:
    found = []
    for path in sorted(CASES.rglob("*.json")):
        for case in json.loads(path.read_bytes()).get("cases", []):
            if case.get("op") != "decode" or "expand" in case:
                continue
            if "text" in case:
                raw = case["text"].encode("utf-8", "surrogatepass")
            elif "base64" in case:
                raw = base64.b64decode(case["base64"])
            else:
                raw = json.dumps(case["document"]).encode()
            found.append((f"{path.parent.name}/{path.stem}/{case['name']}", raw))
    return found


def checked_verdict(raw: bytes) -> tuple[str, int] | set[str] | None:
    """The checked engine's text fault (rule, offset in bytes), or the rules of its number problems, or
    None when the text is I-JSON (the document read as free-form JSON)."""
    fault = find_text_fault(raw)
    if fault is not None:
        text = raw.decode("utf-8", "replace") if fault.rule == "utf8" else raw.decode("utf-8", "surrogatepass")
        return fault.rule, len(text[: fault.offset].encode("utf-8", "surrogatepass"))
    try:
        wirechat.decode(raw, wirechat.JsonValue)
    except wirechat.WireError as error:
        return {problem.rule for problem in error.problems} & NUMBER_RULES or {"?"}
    return None


def assert_agree(raw: bytes) -> None:
    require_native()
    native = wirechat_native.scan(raw)
    checked = checked_verdict(raw)
    if isinstance(checked, set):
        assert native is not None and native[0] in checked, (raw[:200], native, checked)
    else:
        assert native == checked, (raw[:200], native, checked)


TEXTS = _texts()


@pytest.mark.parametrize("raw", [raw for _, raw in TEXTS], ids=[name for name, _ in TEXTS])
def test_the_scan_agrees_with_the_checked_engine_on_the_conformance_cases(raw: bytes) -> None:
    assert_agree(raw)


def test_the_conformance_cases_reach_every_rule() -> None:
    require_native()
    rules = {fault[0] for _, raw in TEXTS if (fault := wirechat_native.scan(raw)) is not None}
    assert {"syntax", "utf8", "bom", "duplicate-key", "lone-surrogate", "depth", *NUMBER_RULES} <= rules


# -- hostile texts, written as text so that escapes, spellings of numbers and duplicates vary freely ------

_HEX = "0123456789abcdefABCDEF"
_chars = st.one_of(
    st.sampled_from(["a", "b", "é", "😀", " ", "\x7f", "\u2028"]),
    st.sampled_from(['\\"', "\\\\", "\\/", "\\n", "\\t", "\\u0061", "\\u00e9", "\\uD83D\\uDE00", "\\ud83d\\ude00"]),
    st.sampled_from(["\\ud800", "\\udc00", "\\uD800\\u0041", "\ud800", "\x01", "\\x", "\\u12g4"]),  # faults
)
_strings = st.lists(_chars, max_size=6).map(lambda parts: '"' + "".join(parts) + '"')
_names = st.sampled_from(['"a"', '"\\u0061"', '"b"', '"\\u0062"', '"ab"', '"a\\u0062"', '"\\ud83d\\ude00"', '"😀"'])
_numbers = st.one_of(
    st.integers(-(2**60), 2**60).map(str),
    st.sampled_from(["9007199254740991", "-9007199254740991", "9007199254740992", "-0", "0", "01", "1.", "-"]),
    st.sampled_from(["1e400", "-1e400", "1e-400", "1e21", "1.5e20", "9007199254740992.0", "9.5e15", "1E2", "2e+3"]),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.integers(1, 400).map(lambda n: "9" * n),
)
_scalars = st.one_of(_strings, _numbers, st.sampled_from(["true", "false", "null", "nul", "NaN", "Infinity"]))
_space = st.sampled_from(["", "", " ", "\n", "\t", "\r\n "])


def _containers(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    arrays = st.lists(inner, max_size=5).map(lambda items: "[" + ",".join(items) + "]")
    members = st.lists(st.tuples(_names, _space, inner), max_size=5)
    objects = members.map(lambda pairs: "{" + ",".join(f"{n}{s}:{s}{v}" for n, s, v in pairs) + "}")
    return arrays | objects


_values = st.recursive(_scalars, _containers, max_leaves=20)


@st.composite
def hostile_texts(draw: st.DrawFn) -> bytes:
    value = draw(_values)
    depth = draw(st.sampled_from([0, 0, 0, 198, 199, 200, 201]))  # wrap the value to near the limit
    opener, closer = draw(st.sampled_from([("[", "]"), ('{"k":', "}")]))
    text = draw(_space) + opener * depth + value + closer * depth + draw(_space)
    text += draw(st.sampled_from(["", "", "", " x", ",", "\ufeff"]))  # trailing data now and then
    return text.encode("utf-8", "surrogatepass")


@given(hostile_texts())
def test_the_scan_agrees_with_the_checked_engine_on_hostile_texts(raw: bytes) -> None:
    assert_agree(raw)


@given(st.lists(st.sampled_from(['"k1"', '"k\\u0031"', '"k2"', '"\\u006b2"', '"k3"']), min_size=1, max_size=40))
def test_duplicates_are_found_in_objects_of_any_size(names: list[str]) -> None:
    filler = [f'"f{index}":0' for index in range(20)]  # past the 16 names compared one by one
    raw = ("{" + ",".join([*filler, *(f"{name}:1" for name in names)]) + "}").encode()
    assert_agree(raw)


def test_root_members_are_required_only_at_the_root() -> None:
    require_native()
    assert wirechat_native.scan(b'{"type":"text","text":"a"}', ("type",)) is None
    assert wirechat_native.scan(b'{"t\\u0079pe":"text"}', ("type",)) is None
    assert wirechat_native.scan(b'{"text":"a","x":{"type":1}}', ("type",)) == ("required", 0)
    assert wirechat_native.scan(b'[{"type":1}]', ("type",)) is None  # not an object: the schema refuses it


def test_base64_matches_the_schemas_pattern() -> None:
    require_native()
    import re  # noqa: PLC0415

    pattern = re.compile(r"[A-Za-z0-9+/]*={0,2}")
    samples = ["", "QUJD", "QQ==", "QQ=", "QQ===", "Q=Q", "QUJD\n", "Q Q", "é", "\ud800", "QUJD" * 5000 + "-"]
    samples += ["A" * n + tail for n in range(40) for tail in ("", "=", "==", "===", "!", "_", "\x00")]
    for text in samples:
        assert wirechat_native.is_base64(text) is (pattern.fullmatch(text) is not None), repr(text[:50])
        if "\ud800" not in text:
            assert wirechat_native.is_base64(text.encode()) is (pattern.fullmatch(text) is not None)
