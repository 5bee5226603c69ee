"""An API key never appears in a log line, a repr, an exception message or a saved fixture."""

from __future__ import annotations

import logging
import pickle
from pathlib import Path

import pytest

import wirechat
from tests.client.conftest import API_KEY, PROVIDERS, REQUEST, ServeFn, async_client_for, client_for
from wirechat.transport import REDACTED, AuthenticationError, Secret, redact, redact_headers

pytestmark = pytest.mark.timeout(30)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_the_key_is_in_no_log_repr_message_or_saved_log(
    serve: ServeFn, provider: str, caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    script = [
        {"fault": {"type": "status", "status": 500}},
        {"reply": {"text": "ok"}},
        {"reply": {"text": "cut"}, "fault": {"type": "drop", "after": 3}},
    ]
    fake = serve(provider, script, api_key=API_KEY)
    texts: list[str] = []
    with caplog.at_level(logging.DEBUG):  # every logger, httpx and httpcore included
        client = client_for(fake)
        texts += [repr(client), str(client), repr(client._transport), repr(async_client_for(fake))]
        with client:
            client.chat(REQUEST)
            with pytest.raises(wirechat.transport.StreamInterruptedError) as caught:
                client.stream(REQUEST).until_done()
            texts += [str(caught.value), repr(caught.value), repr(caught.value.error)]
    texts += [record.getMessage() for record in caplog.records]
    fake.save_log(tmp_path / "requests.ndjson")
    texts.append((tmp_path / "requests.ndjson").read_text())
    texts += [repr(request) for request in fake.requests]
    assert any("retry" in text for text in texts), "the retry was logged"
    for text in texts:
        assert API_KEY not in text
    assert fake.requests[0].headers  # the headers were recorded, with the credential replaced
    assert REDACTED in (tmp_path / "requests.ndjson").read_text()


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_provider_echoing_the_key_is_redacted(serve: ServeFn, provider: str) -> None:
    fake = serve(provider, [], api_key="sk-the-right-key-0000000000")
    with client_for(fake) as client, pytest.raises(AuthenticationError) as caught:
        client.chat(REQUEST)  # the fake's 401 quotes the key it was given, as OpenAI's does
    assert API_KEY not in str(caught.value)
    assert API_KEY not in caught.value.error.message
    assert "Incorrect API key" in str(caught.value) or caught.value.status == 401


def test_secret_hides_its_value() -> None:
    secret = Secret(API_KEY)
    for shown in (repr(secret), str(secret), f"{secret}", f"{secret!r}", "%s" % secret):  # noqa: UP031
        assert API_KEY not in shown
    assert secret.reveal() == API_KEY
    with pytest.raises(TypeError, match="not pickled"):
        pickle.dumps(secret)
    with pytest.raises(ValueError, match="non-empty"):
        Secret("")


def test_redact_replaces_the_key_and_key_shaped_tokens() -> None:
    assert redact(f"bad key {API_KEY}!", Secret(API_KEY)) == f"bad key {REDACTED}!"
    assert API_KEY not in redact(f"Authorization: Bearer {API_KEY}")
    assert "sk-ant-api03-abcdefghijkl" not in redact("key sk-ant-api03-abcdefghijkl")
    assert redact("no secrets here") == "no secrets here"


def test_redact_headers() -> None:
    headers = {"Authorization": "Bearer x", "x-api-key": "y", "content-type": "application/json"}
    assert redact_headers(headers) == {"Authorization": REDACTED, "x-api-key": REDACTED,
                                       "content-type": "application/json"}  # fmt: skip
