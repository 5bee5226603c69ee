"""``wirechat mcp tools CONFIG.json``: the tools as ToolDefinition JSON, and the usual exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wirechat import ToolDefinition, decode
from wirechat.cli import main

from .conftest import stdio_config


def test_prints_tool_definitions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "servers.json"
    config.write_text(json.dumps([json.loads(stdio_config("one").model_dump_json(exclude_unset=True))]))
    assert main(["mcp", "tools", str(config)]) == 0
    tools = json.loads(capsys.readouterr().out)
    assert "echo" in [t["name"] for t in tools]
    for tool in tools:
        decode(json.dumps(tool), ToolDefinition)


def test_invalid_config_is_1_with_pointers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "bad.json"
    config.write_text('{"transport": "stdio", "name": "fs"}')
    assert main(["mcp", "tools", str(config)]) == 1
    assert "/command: required member is missing" in capsys.readouterr().err


def test_missing_file_is_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mcp", "tools", "/nonexistent/servers.json"]) == 2
    assert "cannot read /nonexistent/servers.json" in capsys.readouterr().err


def test_server_failure_is_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "dead.json"
    config.write_text('{"transport": "stdio", "name": "dead", "command": "/nonexistent/server"}')
    assert main(["mcp", "tools", str(config)]) == 1
    assert "MCP server 'dead': could not connect" in capsys.readouterr().err


def test_a_secret_reaches_the_server_only_with_allow_secret(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WIRECHAT_CLI_TOKEN", "s3cr3t")
    config = tmp_path / "servers.json"
    config.write_text(stdio_config("one", secret_env=["WIRECHAT_CLI_TOKEN"]).model_dump_json(exclude_unset=True))
    assert main(["mcp", "tools", str(config)]) == 1
    err = capsys.readouterr().err
    assert "secret_env names the environment variable WIRECHAT_CLI_TOKEN" in err
    assert "--allow-secret WIRECHAT_CLI_TOKEN" in err and "s3cr3t" not in err
    assert main(["mcp", "tools", str(config), "--allow-secret", "WIRECHAT_CLI_TOKEN"]) == 0
    assert "s3cr3t" not in capsys.readouterr().out
