"""Each distribution owns its commands: wirechat's own, and those contributed through ``wirechat.commands``."""

from __future__ import annotations

from importlib import metadata

import pytest

from wirechat.cli import commands, main


def test_the_source_checkout_contributes_schema_codegen_and_the_suite() -> None:
    contributed = commands.contributed()
    assert {"schema", "codegen", "conformance"} <= set(contributed)
    assert type(contributed["conformance"]).__module__ == "wirechat_conformance.command"


def test_without_contributions_only_wirechats_own_commands_exist(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(commands, "contributed", lambda only=None: {})
    with pytest.raises(SystemExit) as exited:
        main(["codegen", "--check"])
    assert exited.value.code == 2
    assert "invalid choice: 'codegen'" in capsys.readouterr().err


def test_the_built_in_conformance_runs_only_the_adapter_gate(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(commands, "contributed", lambda only=None: {})
    assert main(["conformance"]) == 2
    error = capsys.readouterr().err
    assert "only --adapter NAME is available here" in error and "pip install -e conformance" in error


def test_the_built_in_conformance_gates_an_adapter(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(commands, "contributed", lambda only=None: {})
    assert main(["conformance", "--adapter", "no-such-adapter", "--examples", "1"]) == 2  # a usage error
    assert "no adapter named 'no-such-adapter'; installed: " in capsys.readouterr().err


def test_help_lists_each_command_once_and_version_is_the_package_version(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    shown = capsys.readouterr().out
    assert shown.count("\n    validate ") == 1 and shown.count("\n    convert ") == 1
    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out.strip() == f"wirechat {metadata.version('wirechat')}"


def test_a_plugin_that_fails_to_load_is_named_and_left_out(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from importlib.metadata import EntryPoint  # noqa: PLC0415

    broken = EntryPoint(name="broken", value="no_such_module_anywhere:COMMAND", group=commands.ENTRY_POINT_GROUP)
    monkeypatch.setattr(commands, "entry_points", lambda group: [broken])
    assert commands.contributed() == {}
    assert "the command 'broken' of an unknown distribution could not be loaded" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exited:  # the other commands stay usable
        main(["validate", "--help"])
    assert exited.value.code == 0
