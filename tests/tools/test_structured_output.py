"""``client.chat(request, output=...)`` against the fake provider, for both providers: the schema reaches
the provider's native mode, a valid answer comes back typed, an invalid one raises with the raw text, and
retries (off by default) show the model the problems."""

from __future__ import annotations

import asyncio
import json

import pytest
from pydantic import BaseModel

from tests.tools.conftest import PROVIDERS, REQUEST, ServeFn, async_client_for, client_for, text_turn
from wirechat.structured_output import StructuredOutputError

pytestmark = pytest.mark.timeout(60)


class Weather(BaseModel):
    city: str
    temperature: int


SCHEMA = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}


def _sent_schema(provider: str, body: dict) -> dict:
    if provider == "openai-chat":
        fmt = body["response_format"]
        assert fmt["type"] == "json_schema"
        return fmt["json_schema"]["schema"]
    return body["output_config"]["format"]["schema"]


@pytest.mark.parametrize("provider", PROVIDERS)
def test_valid_answer_is_typed(serve: ServeFn, provider: str) -> None:
    fake = serve(provider, [text_turn('{"city": "Paris", "temperature": 18}')])
    with client_for(fake) as client:
        answer = client.chat(REQUEST, output=Weather)
    assert answer.value == Weather(city="Paris", temperature=18)
    assert answer.response.usage is not None
    assert _sent_schema(provider, fake.requests[0].body)["required"] == ["city", "temperature"]


@pytest.mark.parametrize("provider", PROVIDERS)
def test_invalid_answer_raises_with_the_raw_text(serve: ServeFn, provider: str) -> None:
    fake = serve(provider, [text_turn('{"city": "Paris", "temperature": "warm"}'), text_turn("never sent")])
    with client_for(fake) as client, pytest.raises(StructuredOutputError) as caught:
        client.chat(REQUEST, output=Weather)
    assert caught.value.raw == '{"city": "Paris", "temperature": "warm"}'
    assert caught.value.attempts == 1 and len(fake.requests) == 1  # no retry unless asked
    assert caught.value.problems == [
        "/temperature: Input should be a valid integer, unable to parse string as an integer"
    ]


@pytest.mark.parametrize("provider", PROVIDERS)
def test_retry_shows_the_model_its_mistake(serve: ServeFn, provider: str) -> None:
    fake = serve(provider, [text_turn("Sure! Here it is"), text_turn('{"n": 3}')])
    with client_for(fake) as client:
        answer = client.chat(REQUEST, output=SCHEMA, output_retries=1)
    assert answer.value == {"n": 3}
    second = json.dumps(fake.requests[1].body)
    assert "does not match the required JSON schema: not JSON" in second and "Sure! Here it is" in second


@pytest.mark.parametrize("provider", PROVIDERS)
def test_json_schema_output_async(serve: ServeFn, provider: str) -> None:
    fake = serve(provider, [text_turn('{"n": "three"}'), text_turn('{"m": 1}')])

    async def main() -> StructuredOutputError:
        async with async_client_for(fake) as client:
            with pytest.raises(StructuredOutputError) as caught:
                await client.chat(REQUEST, output=SCHEMA, output_retries=1)
            return caught.value

    error = asyncio.run(main())
    assert error.attempts == 2 and error.raw == '{"m": 1}'
    assert error.problems == ["/: 'n' is a required property"]


def test_a_bad_schema_is_refused_before_sending() -> None:
    from jsonschema.exceptions import SchemaError  # noqa: PLC0415

    with pytest.raises(SchemaError):
        from wirechat.structured_output import _schema  # noqa: PLC0415

        _schema({"type": "objekt"})
