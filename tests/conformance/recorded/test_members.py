"""Zero unreported members (``recorded.members``): which leaves of a body count, where they may be found again,
and which warnings cover them."""

from __future__ import annotations

from wirechat_conformance.recorded.members import (
    body_place,
    covered,
    equivalent,
    leaves,
    unfound_in_stream,
    unreported,
)


def test_leaves_are_the_scalars_that_carry_something() -> None:
    body = {"a": None, "b": "", "c": [], "d": {}, "e": 0, "f": False, "g": {"h/i": ["x"]}}
    assert dict(leaves(body)) == {"/e": 0, "/f": False, "/g/h~1i/0": "x"}


def test_a_member_the_re_encoded_body_lacks_is_unreported() -> None:
    body = {"choices": [{"message": {"content": "hi", "audio": {"id": "audio_1", "data": "AAAA"}}}]}
    again = {"choices": [{"message": {"content": "hi"}}]}
    assert unreported(body, again, []) == ["/choices/0/message/audio/id", "/choices/0/message/audio/data"]


def test_a_warning_covers_its_pointer_and_everything_under_it() -> None:
    body = {"choices": [{"message": {"audio": {"id": "a", "data": "AAAA"}}}, {"message": {"content": "x"}}]}
    assert unreported(body, {}, ["/choices/0/message/audio", "/choices/1"]) == []
    assert not covered("/choices/10", ["/choices/1"])
    assert not covered("/a", [""])  # a warning without a place covers nothing


def test_a_changed_value_is_unreported() -> None:
    assert unreported({"id": "msg_1", "n": 1}, {"id": "msg_2", "n": 1.0}, []) == ["/id"]


def test_an_item_may_move_within_its_array() -> None:
    # a system message moved out of `input` shifts every item by one; each leaf answers for one leaf only
    body = {"input": [{"text": "a"}, {"text": "b"}, {"text": "b"}]}
    assert unreported(body, {"input": [{"text": "b"}, {"text": "a"}]}, []) == ["/input/2/text"]


def test_documented_equivalent_spellings_are_one() -> None:
    chat = {"messages": [{"role": "user", "content": "hi"}], "max_tokens": 5}
    again = {"messages": [{"role": "user", "content": [{"type": "text", "text": "hi"}]}], "max_completion_tokens": 5}
    assert unreported(equivalent(chat, "openai-chat"), equivalent(again, "openai-chat"), []) == []
    responses = {"instructions": "be brief", "input": "hi"}
    spelled = {
        "input": [
            {"role": "developer", "content": [{"type": "input_text", "text": "be brief"}]},
            {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "hi"}]},
        ]
    }
    assert equivalent(responses, "openai-responses") == equivalent(spelled, "openai-responses")
    tool_result = {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t", "content": "42"}]}
    anthropic = equivalent({"system": "s", "messages": [tool_result]}, "anthropic")
    assert anthropic["system"] == [{"type": "text", "text": "s"}]
    assert anthropic["messages"][0]["content"][0]["content"] == [{"type": "text", "text": "42"}]
    assert equivalent(chat, "gemini") is chat


def test_a_stream_member_whose_value_is_nowhere_in_the_fold_is_unfound() -> None:
    events = [
        {"type": "chunk", "id": "c1", "service_tier": "flex", "choices": [{"delta": {"content": "Hel"}}]},
        {"type": "chunk", "id": "c1", "choices": [{"delta": {"content": "lo", "role": "assistant"}}]},
        None,  # [DONE]
    ]
    folded = {"id": "c1", "message": {"parts": [{"type": "text", "text": "Hello"}]}}
    assert unfound_in_stream(events, folded, []) == ["/0/service_tier"]
    assert unfound_in_stream(events, folded, ["/0/service_tier"]) == []


def test_openai_obfuscation_padding_is_framing() -> None:
    events = [{"type": "chunk", "id": "c1", "obfuscation": "x9Ab", "choices": [{"delta": {"content": "Hello"}}]}]
    folded = {"id": "c1", "message": {"parts": [{"type": "text", "text": "Hello"}]}}
    assert unfound_in_stream(events, folded, []) == []


def test_an_encode_warning_covers_the_body_message_it_speaks_of() -> None:
    request = {"messages": [{"role": "system"}, {"role": "user"}, {"role": "assistant"}]}
    assert body_place("/messages/2/parts/0", "openai-chat", request) == "/messages/2"
    assert body_place("/messages/2/parts/0", "anthropic", request) == "/messages/1"
    assert body_place("/messages/0", "gemini", request) == "/systemInstruction"
    assert body_place("/messages/2", "openai-responses", request) == ""
    assert body_place("/", "openai-chat", request) == ""


def test_an_encode_warning_on_an_option_covers_the_body_member_that_carries_it() -> None:
    # Anthropic API 2026-10-21 drops temperature with a warning at /options/temperature: the body's /temperature
    assert body_place("/options/temperature", "anthropic", {}) == "/temperature"
    assert body_place("/options/stop", "anthropic", {}) == "/stop_sequences"
    assert body_place("/options/max_tokens", "openai-chat", {}) == "/max_completion_tokens"
    assert body_place("/options/top_p", "gemini", {}) == "/generationConfig/topP"
