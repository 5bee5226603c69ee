"""``WireError`` and ``Problem``: how problems read, and the pointer conventions of the spec (section 5)."""

from __future__ import annotations

import pytest

from wirechat import Message, Part, StreamEvent, WireError, decode
from wirechat._registry import type_by_name
from wirechat.errors import Problem, pointer_from_path


def _problems(text: bytes, type_: object) -> list[Problem]:
    with pytest.raises(WireError) as caught:
        decode(text, type_)
    return caught.value.problems


def test_problem_reads_as_pointer_and_message() -> None:
    assert str(Problem("/parts/0/text", "required member is missing")) == "/parts/0/text: required member is missing"
    assert str(Problem("", "trailing characters")) == "(root): trailing characters"


def test_wire_error_needs_a_problem() -> None:
    with pytest.raises(ValueError, match="at least one problem"):
        WireError([])


def test_wire_error_message_lists_every_problem() -> None:
    error = WireError([Problem("/a", "x"), Problem("/b", "y")], "Message")
    assert str(error) == "invalid Message (2 problems):\n  /a: x\n  /b: y"


def test_pointer_from_path_escapes_tokens() -> None:
    assert pointer_from_path(["a/b", 0, "m~n"]) == "/a~1b/0/m~0n"


def test_missing_member_is_reported_where_it_should_be() -> None:
    (problem,) = _problems(b'{"type":"tool_call","tool_call":{"id":"c","name":"f"}}', Part)
    assert (problem.pointer, problem.message) == ("/tool_call/arguments", "required member is missing")


def test_unknown_tag_is_reported_at_the_tag_and_lists_the_known_ones() -> None:
    (problem,) = _problems(b'{"type":"video"}', Part)
    assert problem.pointer == "/type"
    assert "'video'" in problem.message and "'tool_result'" in problem.message


def test_missing_tag_is_reported_at_the_tag() -> None:
    (problem,) = _problems(b'{"index":0}', StreamEvent)
    assert problem.pointer == "/type"


def test_union_tag_named_source_is_used_for_media() -> None:
    (problem,) = _problems(b'{"type":"image","image":{"url":"https://x"}}', Part)
    assert problem.pointer == "/image/source"


def test_tags_inside_nested_unions_are_not_part_of_the_pointer() -> None:
    text = (
        b'{"type":"part","index":0,"part":{"type":"image","image":{"source":"base64","base64":"!","media_type":"x/y"}}}'
    )
    (problem,) = _problems(text, StreamEvent)
    assert problem.pointer == "/part/image/base64"


def test_unknown_member_is_reported_at_itself() -> None:
    (problem,) = _problems(b'{"role":"user","parts":[],"content":"hi"}', Message)
    assert problem.pointer == "/content"
    assert "unknown member" in problem.message


def test_long_values_are_shortened_in_messages() -> None:
    (problem,) = _problems(b'{"role":"' + b"x" * 500 + b'","parts":[]}', Message)
    assert problem.pointer == "/role"
    assert len(problem.message) < 200 and problem.message.endswith("...)")


def test_syntax_error_points_at_the_innermost_value() -> None:
    (problem,) = _problems(b'{"role":"user","parts":[{"type":"text","text":"a\x01"}]}', Message)
    assert (problem.pointer, problem.line, problem.column) == ("/parts/0/text", 1, 49)
    assert str(problem).endswith("(line 1, column 49)")


@pytest.mark.parametrize(
    ("text", "type_name", "pointer", "rule"),
    [
        (b'{"role":"user"}', "Message", "/parts", "required"),
        (b'{"role":"user","parts":[],"x":1}', "Message", "/x", "additionalProperties"),
        (b'{"type":"video"}', "Part", "/type", "discriminator"),
        (b'{"text":"a"}', "Part", "/type", "discriminator"),
        (b'{"role":"bot","parts":[]}', "Message", "/role", "enum"),
        (b'{"role":"user","parts":"x"}', "Message", "/parts", "type"),
        (b'{"source":"url","url":"nope"}', "MediaRef", "/url", "pattern"),
        (b'{"temperature":-1}', "ChatOptions", "/temperature", "minimum"),
        (b'{"temperature":3}', "ChatOptions", "/temperature", "maximum"),
        (b'{"temperature":1e400}', "ChatOptions", "/temperature", "number-overflow"),
        (b'{"max_tokens":1.0}', "ChatOptions", "/max_tokens", "integer-literal"),
        (b'{"max_tokens":9007199254740992}', "ChatOptions", "/max_tokens", "unsafe-integer"),
        (b'{"id":"","name":"f","arguments":"{}"}', "ToolCall", "/id", "minLength"),
        (b'{"name":"' + b"x" * 129 + b'","input_schema":{}}', "ToolDefinition", "/name", "maxLength"),
        (b'{"messages":[]}', "ChatRequest", "/messages", "minItems"),
        (b'{"value":[1e999]}', "DataRef", "/value/0", "number-overflow"),
        (b'{"value":[9007199254740993]}', "DataRef", "/value/0", "unsafe-integer"),
        (b'{"value":1,"value":2}', "DataRef", "/value", "duplicate-key"),
        (b'{"value":"\\ud800"}', "DataRef", "/value", "lone-surrogate"),
        (b'{"value":"\xed\xa0\x80"}', "DataRef", "/value", "lone-surrogate"),
        (b'{"value":"\xff"}', "DataRef", "/value", "utf8"),
        (b'{"value":"\xe2\x82', "DataRef", "/value", "utf8"),
        (b'{"value":1}\xff', "DataRef", None, "utf8"),
        (b'{"embeddings":[[1e16]]}', "EmbedResponse", "/embeddings/0/0", "unsafe-integer"),
        (b'{"value":[1,]}', "DataRef", None, "syntax"),
        (b'\xef\xbb\xbf{"value":1}', "DataRef", "", "bom"),
        (b'{"value":' + b"[" * 201 + b"1" + b"]" * 201 + b"}", "DataRef", None, "depth"),
    ],
)
def test_each_problem_names_the_rule_it_broke(text: bytes, type_name: str, pointer: str | None, rule: str) -> None:
    """Pointers of syntax faults are the parser's best guess (the spec leaves them open): not compared."""
    problems = _problems(text, type_by_name(type_name))
    assert problems[0].rule == rule, problems
    if pointer is not None:
        assert problems[0].pointer == pointer, problems


@pytest.mark.parametrize(
    ("text", "type_name", "expected"),
    [
        (b'{"role":1,"parts":[]}', "Message", [("/role", "type")]),
        (b'{"type":1,"text":"a"}', "TextPart", [("/type", "type")]),
        (b'{"type":9007199254740993,"text":"a"}', "Part", [("/type", "unsafe-integer")]),
        (b'{"type":1e400,"text":"a"}', "Part", [("/type", "number-overflow")]),
        (b'{"type":"text","text":9007199254740993}', "Part", [("/text", "unsafe-integer")]),
        (
            b'{"transport":"stdio","name":"","command":"x"}',
            "McpServerConfig",
            [("/name", "minLength"), ("/name", "pattern")],
        ),
    ],
)
def test_one_value_has_the_rules_section_5_gives_it(
    text: bytes, type_name: str, expected: list[tuple[str, str]]
) -> None:
    """A number rule alone, a bad tag discriminator alone, a wrong type alone, else every failing keyword
    (issue 26 item 3: Python said enum, const, discriminator, and left out pattern beside minLength)."""
    problems = _problems(text, type_by_name(type_name))
    assert [(p.pointer, p.rule) for p in problems] == expected


def test_an_integer_too_long_for_the_parser_keeps_the_other_problems() -> None:
    """Issue 26 item 10: an integer of more than 4,300 digits was the only problem Python reported."""
    text = b'{"role":"bot","parts":[],"x":[-' + b"1" * 4400 + b"," + b"2" * 5000 + b"]}"
    problems = _problems(text, Message)
    assert [(p.pointer, p.rule) for p in problems] == [
        ("/role", "enum"),
        ("/x", "additionalProperties"),
        ("/x/0", "unsafe-integer"),
        ("/x/1", "unsafe-integer"),
    ]
    assert "4400 digits" in problems[2].message


def test_an_unknown_member_holding_an_unsafe_integer_has_both_problems() -> None:
    """Spec section 5: additionalProperties judges the member and is listed beside the number rule."""
    problems = _problems(b'{"role":"user","parts":[],"x":{"y":1e400}}', Message)
    assert [(p.pointer, p.rule) for p in problems] == [("/x", "additionalProperties"), ("/x/y", "number-overflow")]
