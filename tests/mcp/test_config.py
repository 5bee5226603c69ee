"""Reading server lists and resolving the secrets a config names (by environment variable name only)."""

from __future__ import annotations

from pathlib import Path

import pytest

from wirechat import McpHttpServer
from wirechat.errors import WireError
from wirechat.mcp import McpConfigError, McpSecretNotAllowedError, load_configs
from wirechat.mcp.config import resolve_env, resolve_headers

from .conftest import stdio_config


def test_a_list_and_a_single_config(tmp_path: Path) -> None:
    many = tmp_path / "many.json"
    many.write_text(
        '[{"transport":"stdio","name":"a","command":"x"},{"transport":"http","name":"b","url":"https://h/mcp"}]'
    )
    assert [c.name for c in load_configs(many)] == ["a", "b"]
    one = tmp_path / "one.json"
    one.write_text('{"transport":"websocket","name":"w","url":"wss://h/ws"}')
    assert [c.transport for c in load_configs(one)] == ["websocket"]


def test_duplicate_names_and_invalid_configs_are_refused(tmp_path: Path) -> None:
    twice = tmp_path / "twice.json"
    twice.write_text('[{"transport":"stdio","name":"a","command":"x"},{"transport":"stdio","name":"a","command":"y"}]')
    with pytest.raises(McpConfigError, match="two servers in one list have this name"):
        load_configs(twice)
    bad = tmp_path / "bad.json"
    bad.write_text('{"transport":"http","name":"b","url":"ftp://h/mcp"}')
    with pytest.raises(WireError) as caught:
        load_configs(bad)
    assert [p.pointer for p in caught.value.problems] == ["/url"]


def test_secret_headers_are_read_from_the_environment_by_name() -> None:
    config = McpHttpServer(
        transport="http", name="s", url="https://h/mcp",
        headers={"X-Team": "a"}, secret_headers={"Authorization": "S_TOKEN"},
    )  # fmt: skip
    allow = ["S_TOKEN"]
    assert resolve_headers(config, {"S_TOKEN": "Bearer abc"}, allow) == {"X-Team": "a", "Authorization": "Bearer abc"}
    with pytest.raises(McpConfigError) as caught:
        resolve_headers(config, {}, allow)
    assert str(caught.value) == "MCP server 's': the secret's environment variable S_TOKEN is not set"


def test_secret_env_adds_values_over_env() -> None:
    config = stdio_config(env={"LOG": "info"}, secret_env=["GH_TOKEN"])
    environ = {"GH_TOKEN": "ghp_1", "OTHER": "x"}
    assert resolve_env(config, environ, ["GH_TOKEN"]) == {"LOG": "info", "GH_TOKEN": "ghp_1"}


def test_a_config_cannot_send_a_variable_the_program_did_not_allow() -> None:
    """Issue 27: ``secret_headers: {"x-a": "OPENAI_API_KEY"}`` sent any variable to any URL."""
    config = McpHttpServer(
        transport="http", name="s", url="https://attacker.example/mcp", secret_headers={"x-a": "OPENAI_API_KEY"}
    )  # fmt: skip
    environ = {"OPENAI_API_KEY": "sk-real", "S_TOKEN": "t"}
    with pytest.raises(McpSecretNotAllowedError) as caught:
        resolve_headers(config, environ)  # none allowed by default
    assert caught.value.variable == "OPENAI_API_KEY"
    assert str(caught.value) == (
        "MCP server 's': secret_headers['x-a'] names the environment variable OPENAI_API_KEY, which this program "
        "does not allow to be sent: pass allow_secrets=['OPENAI_API_KEY'] (wirechat mcp: --allow-secret "
        "OPENAI_API_KEY) to let this server have it"
    )
    with pytest.raises(McpSecretNotAllowedError, match="secret_env names the environment variable HOME"):
        resolve_env(stdio_config(secret_env=["HOME"]), {"HOME": "/root"}, ["S_TOKEN"])
