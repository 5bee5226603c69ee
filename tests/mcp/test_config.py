"""Reading server lists and resolving the secrets a config names (by environment variable name only)."""

from __future__ import annotations

from pathlib import Path

import pytest

from wirechat import McpHttpServer
from wirechat.errors import WireError
from wirechat.mcp import McpConfigError, load_configs
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
    assert resolve_headers(config, {"S_TOKEN": "Bearer abc"}) == {"X-Team": "a", "Authorization": "Bearer abc"}
    with pytest.raises(McpConfigError) as caught:
        resolve_headers(config, {})
    assert str(caught.value) == "MCP server 's': the secret's environment variable S_TOKEN is not set"


def test_secret_env_adds_values_over_env() -> None:
    config = stdio_config(env={"LOG": "info"}, secret_env=["GH_TOKEN"])
    assert resolve_env(config, {"GH_TOKEN": "ghp_1", "OTHER": "x"}) == {"LOG": "info", "GH_TOKEN": "ghp_1"}
