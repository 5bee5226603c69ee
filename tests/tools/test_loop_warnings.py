"""No warning for what wirechat built itself (issue 28 item 5): the tool loop's own result messages (all of
a turn's results in one ``tool`` message, ``is_error`` on a failure the content already states) and
Anthropic's default ``max_tokens`` are logged at debug; a change to what the caller sent still warns."""

from __future__ import annotations

import logging
import warnings

import pytest

import wirechat
from tests.tools.conftest import REQUEST, TOOLS, ServeFn, call, calls_turn, client_for, text_turn
from wirechat import ChatRequest, ToolResult, decode, text_message, tool_results_message
from wirechat.client import DegradedRequestWarning
from wirechat.tools import Reject, run

pytestmark = pytest.mark.timeout(60)


@pytest.mark.parametrize("provider", ["openai-chat", "openai-compatible"])
def test_a_tool_loop_run_with_openai_chat_emits_no_warning(
    serve: ServeFn, provider: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Was: 22 ``tool_result.grouped ... split`` and ``tool_result.is_error ... dropped`` warnings in one test
    run, each about a message the loop had built."""
    script = [
        calls_turn(
            call("c1", "get_weather", {"city": "Paris"}),
            call("c2", "get_weather", {"city": "Atlantis"}),  # raises: is_error
            call("c3", "book_train", {"time": "09:00"}),  # rejected: is_error
        ),
        text_turn("18 C in Paris."),
    ]
    fake = serve("openai-chat", script)
    own = wirechat.Client(provider, api_key="k", base_url=fake.url + "/v1", timeout=5)  # the same wire format
    with client_for(fake) if provider == "openai-chat" else own as client, warnings.catch_warnings():
        warnings.simplefilter("error")  # any warning fails the test
        with caplog.at_level(logging.DEBUG, logger="wirechat.client"):
            result = run(client, REQUEST, TOOLS, policies={"book_train": Reject("needs a person")})
    assert result.response is not None and result.response.text == "18 C in Paris."
    assert len(fake.requests[1].body["messages"]) == 5  # user, assistant, three tool messages: split
    logged = " ".join(record.getMessage() for record in caplog.records)
    assert "tool_result.grouped" in logged and "tool_result.is_error" in logged  # at debug, not lost


def test_anthropic_default_max_tokens_is_not_a_warning(serve: ServeFn, caplog: pytest.LogCaptureFixture) -> None:
    fake = serve("anthropic", [text_turn("hi")])
    request = ChatRequest(model="fake-model", messages=[text_message("user", "hi")])  # no options
    with client_for(fake) as client, warnings.catch_warnings():
        warnings.simplefilter("error")
        with caplog.at_level(logging.DEBUG, logger="wirechat.client"):
            client.chat(request)
    assert fake.requests[0].body["max_tokens"] > 0
    assert "options.max_tokens.absent" in caplog.text


def test_a_grouped_error_result_the_caller_built_still_warns(serve: ServeFn) -> None:
    """The caller's own ``is_error`` (no loop ``status``) is dropped by Chat Completions: that is a change."""
    fake = serve("openai-chat", [text_turn("ok")])
    calls = decode(
        b'{"role": "assistant", "parts": [{"type": "tool_call", "tool_call": {"id": "a", "name": "f",'
        b' "arguments": "{}"}}, {"type": "tool_call", "tool_call": {"id": "b", "name": "f", "arguments": "{}"}}]}',
        wirechat.Message,
    )
    results = tool_results_message(
        [ToolResult(tool_call_id="a", content="fine"), ToolResult(tool_call_id="b", content="x", is_error=True)]
    )
    request = REQUEST.model_copy(update={"messages": [*REQUEST.messages, calls, results]})
    with client_for(fake) as client, pytest.warns(DegradedRequestWarning) as caught:
        client.chat(request)
    assert {str(w.message).split(":")[0] for w in caught} == {"tool_result.grouped", "tool_result.is_error"}
