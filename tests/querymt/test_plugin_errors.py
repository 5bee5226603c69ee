"""A plugin that fails as a plugin gives a ``PluginError`` naming the fault, the plugin and the export,
never a crash or a hang: the faulty plugin (built from ``faulty_plugin/``) misbehaves on request."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

import wirechat
from wirechat._generated.models import ChatRequest, EmbedRequest
from wirechat.transport.errors import APIError, ProviderError
from wirechat.transport.plugin import Sandbox
from wirechat.transport.plugin_errors import PluginError

TIGHT = Sandbox(timeout_s=1.0, memory_mib=32)


def request(**extra: Any) -> ChatRequest:
    hi = {"role": "user", "parts": [{"type": "text", "text": "hi"}]}
    return ChatRequest.model_validate({"model": "m", "messages": [hi], **extra})


def faulty(wasm: Path, mode: str) -> wirechat.Client:
    return wirechat.Client("querymt", plugin=wasm, config={"mode": mode}, sandbox=TIGHT)


def test_the_faulty_plugin_works_when_asked_to(faulty_wasm: Path) -> None:
    assert faulty(faulty_wasm, "ok").chat(request()).message.parts[0].text == "fine"


@pytest.mark.parametrize(
    ("mode", "fault", "kind", "says"),
    [
        ("not_json", "malformed_output", "invalid_response", "the answer is not JSON"),
        ("wrong_shape", "invalid_output", "invalid_response", "invalid_output at /text: "),
        ("panic", "trap", "provider", "error while executing at wasm backtrace"),
        ("loop", "timeout", "timeout", "past Sandbox.timeout_s"),
        ("memory", "memory", "provider", "out of memory (Sandbox.memory_mib)"),
    ],
)
def test_each_fault_is_typed(faulty_wasm: Path, mode: str, fault: str, kind: str, says: str) -> None:
    client = faulty(faulty_wasm, mode)
    started = time.monotonic()
    with pytest.raises(PluginError) as caught:
        client.chat(request())
    assert time.monotonic() - started < 20
    error = caught.value
    assert (error.fault, error.kind, error.export, error.plugin) == (fault, kind, "chat", str(faulty_wasm))
    assert says in str(error)
    assert str(error).startswith(f"{kind}: plugin {faulty_wasm}, export chat: {fault}")
    assert not error.retryable


def test_the_plugin_still_works_after_a_fault(faulty_wasm: Path) -> None:
    client = faulty(faulty_wasm, "panic")
    with pytest.raises(PluginError):
        client.chat(request())
    ok = request(provider_options={"querymt": {"cfg": {"mode": "ok"}}})
    assert client.chat(ok).message.parts[0].text == "fine"


def test_a_plain_error_string_is_the_provider_error_message(faulty_wasm: Path) -> None:
    with pytest.raises(ProviderError, match=r"export chat: plain failure, not QueryMT's JSON"):
        faulty(faulty_wasm, "plain_error").chat(request())


def test_a_bad_config_is_refused_before_any_call_with_its_pointer(faulty_wasm: Path) -> None:
    with pytest.raises(PluginError) as caught:
        wirechat.Client("querymt", plugin=faulty_wasm, config={"mode": "sideways"})
    assert (caught.value.fault, caught.value.pointer, caught.value.export) == ("invalid_config", "/config/mode", None)
    assert "'sideways' is not one of" in str(caught.value)
    with pytest.raises(PluginError, match=r"invalid_config at /config/colour: .*'colour' was unexpected"):
        wirechat.Client("querymt", plugin=faulty_wasm, config={"mode": "ok", "colour": "red"})


def test_a_call_whose_cfg_breaks_the_schema_never_reaches_the_plugin(faulty_wasm: Path) -> None:
    client = wirechat.Client("querymt", plugin=faulty_wasm, config={})  # "mode" may come with each request
    with pytest.raises(PluginError) as caught:
        client.chat(request())
    assert (caught.value.fault, caught.value.pointer) == ("invalid_config", "/cfg")
    assert "'mode' is a required property" in str(caught.value)
    bad = request(provider_options={"querymt": {"cfg": {"mode": "loop "}}})
    with pytest.raises(PluginError, match=r"invalid_config at /cfg/mode"):
        client.chat(bad)


def test_a_missing_export(faulty_wasm: Path) -> None:
    with pytest.raises(PluginError) as caught:
        faulty(faulty_wasm, "ok").embed(EmbedRequest(inputs=["a"]))
    assert (caught.value.fault, caught.value.export) == ("missing_export", "embed")
    assert "exports no function 'embed'" in str(caught.value)


def test_not_wasm_and_no_file(tmp_path: Path) -> None:
    text = tmp_path / "plugin.wasm"
    text.write_text("#!/bin/sh\necho hi\n")
    with pytest.raises(PluginError, match=r"not_wasm: not a WebAssembly module \(it begins b'#!/bin/s'"):
        wirechat.Client("querymt", plugin=text)
    with pytest.raises(PluginError, match=r"not_wasm: cannot read the file: No such file or directory"):
        wirechat.Client("querymt", plugin=tmp_path / "absent.wasm")
    truncated = tmp_path / "cut.wasm"
    truncated.write_bytes(b"\0asm\x01\0\0\0\x01\x05")
    with pytest.raises(PluginError) as caught:
        wirechat.Client("querymt", plugin=truncated)
    assert caught.value.fault == "load" and isinstance(caught.value, APIError)


def test_bad_sandbox_settings_and_http_settings_are_refused(faulty_wasm: Path) -> None:
    with pytest.raises(ValueError, match=r"timeout_s must be > 0"):
        Sandbox(timeout_s=0)
    with pytest.raises(ValueError, match=r"allowed_hosts is a sequence"):
        Sandbox(allowed_hosts="127.0.0.1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"takes no HTTP settings: base_url"):
        wirechat.Client("querymt", plugin=faulty_wasm, config={"mode": "ok"}, base_url="http://x")


def test_querymt_without_a_plugin_says_what_is_missing() -> None:
    with pytest.raises(ValueError, match=r"querymt is a plugin format: pass plugin="):
        wirechat.Client("querymt", api_key="unused")
    with pytest.raises(ValueError, match=r"querymt is a plugin format: pass plugin="):
        wirechat.AsyncClient("querymt")
