"""``tool()``: the definition built from a function, and the output schema only when asked for."""

from __future__ import annotations

import warnings

import pytest
from pydantic import MISSING

from tests.tools.conftest import ServeFn, call, calls_turn, client_for, text_turn
from wirechat import ChatRequest
from wirechat.tools import run, tool


def weather(city: str) -> dict[str, int]:
    """Today's temperature in a city.

    More text that is not the description."""
    return {"temperature": 18}


def count(word: str) -> int:
    return len(word)


def test_definition_from_the_function() -> None:
    definition = tool(weather).definition
    assert definition.name == "weather"
    assert definition.description == "Today's temperature in a city."
    assert definition.input_schema["properties"] == {"city": {"title": "City", "type": "string"}}
    assert definition.output_schema is MISSING


def test_output_schema_when_asked() -> None:
    assert tool(weather, output_schema=True).definition.output_schema == {
        "type": "object",
        "additionalProperties": {"type": "integer"},
    }
    # a value that is not an object is wrapped, as MCP requires an object schema
    assert tool(count, output_schema=True).definition.output_schema == {
        "type": "object",
        "properties": {"result": {"type": "integer"}},
    }


@pytest.mark.parametrize("provider", ["openai-chat", "anthropic"])
def test_a_loop_step_does_not_warn_about_the_output_schema(serve: ServeFn, provider: str) -> None:
    fake = serve(provider, [calls_turn(call("c1", "weather", {"city": "Paris"})), text_turn("18 C")])
    request = ChatRequest.model_validate(
        {"model": "m", "messages": [{"role": "user", "parts": [{"type": "text", "text": "?"}]}]}
    )
    with client_for(fake) as client, warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = run(client, request, [tool(weather)])
    assert result.steps == 2
    assert not [w for w in caught if "output_schema" in str(w.message)]
