"""Pause, save, resume: in new processes, after decisions, and the errors a wrong decision or an edited
state gives. Also keeps the ToolLoopState example written by this runtime (the conformance suite checks
that TypeScript and Go decode and re-encode it byte for byte) in step with the runtime."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.tools.conftest import PROVIDERS, REQUEST, TOOLS, ServeFn, call, calls_turn, client_for, text_turn
from wirechat import ToolLoopState, ToolResultPart, WireError, canonical, decode, encode, message_text
from wirechat.tools import DecisionError, RequireApproval, approve, load_state, reject, resume, run

pytestmark = pytest.mark.timeout(120)
HERE = Path(__file__).resolve().parent
EXAMPLE = HERE.parents[1] / "schema" / "v1" / "examples" / "ToolLoopState" / "valid" / "written_by_python.json"


def _paused(serve: ServeFn, provider: str, extra: list[dict[str, Any]]) -> tuple[Any, ToolLoopState]:
    script = [
        calls_turn(call("c1", "get_weather", {"city": "Paris"}), call("c2", "book_train", {"time": "09:00"})),
        *extra,
    ]
    fake = serve(provider, script)
    client = client_for(fake)
    result = run(client, REQUEST, TOOLS, policies={"book_train": RequireApproval()})
    assert result.state is not None
    return client, result.state


@pytest.mark.parametrize("provider", PROVIDERS)
def test_pause_file_resume_in_new_processes(serve: ServeFn, provider: str, tmp_path: Path) -> None:
    fake = serve(
        provider,
        [
            calls_turn(call("c1", "get_weather", {"city": "Paris"}), call("c2", "book_train", {"time": "09:00"})),
            text_turn("Booked."),
        ],
    )
    path = tmp_path / "state.json"
    script = str(HERE / "loop_process.py")
    first = subprocess.run(
        [sys.executable, script, "start", provider, fake.url, str(path)],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert first.returncode == 0, first.stderr
    assert json.loads(first.stdout) == {"paused": ["c2"]}
    second = subprocess.run(
        [sys.executable, script, "resume", provider, fake.url, str(path)],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert second.returncode == 0, second.stderr
    assert json.loads(second.stdout) == {"answer": "Booked.", "steps": 2}
    sent = json.dumps(fake.requests[1].body)
    assert "booked the 09:00 train" in sent and "18 C in Paris" in sent


@pytest.mark.parametrize("provider", PROVIDERS)
def test_reject_decision_reaches_the_model(serve: ServeFn, provider: str) -> None:
    client, state = _paused(serve, provider, [text_turn("Not booked.")])
    with client:
        result = resume(client, state, [reject("c2", "the manager said no")], TOOLS)
    assert result.response is not None and message_text(result.response.message) == "Not booked."
    tool_message = result.messages[2]
    results = [p.tool_result for p in tool_message.parts if isinstance(p, ToolResultPart)]
    assert [(r.tool_call_id, r.status) for r in results] == [("c1", "completed"), ("c2", "rejected")]
    assert results[1].reason == "the manager said no" and results[1].content == "rejected: the manager said no"


@pytest.mark.parametrize("provider", PROVIDERS)
def test_no_decision_pauses_again(serve: ServeFn, provider: str) -> None:
    client, state = _paused(serve, provider, [])
    with client:
        again = resume(client, state, [], TOOLS)
    assert again.state is not None and canonical(again.state) == canonical(state)


def test_wrong_decisions_are_clear_errors(serve: ServeFn) -> None:
    client, state = _paused(serve, "openai-chat", [])
    with client:
        with pytest.raises(DecisionError, match=r"no pending tool call has the id 'c9' \(pending: 'c2'\)"):
            resume(client, state, [approve("c9")], TOOLS)
        with pytest.raises(DecisionError, match="'c2' is not waiting for a decision: it is approved"):
            resume(client, state, [approve("c2"), reject("c2", "changed my mind")], TOOLS)
        with pytest.raises(ValueError, match="needs a reason"):
            reject("c2", "")


def test_a_state_edited_into_an_impossible_combination(serve: ServeFn, tmp_path: Path) -> None:
    client, state = _paused(serve, "openai-chat", [])
    document = json.loads(encode(state))
    document["pending"][0]["status"] = {"type": "approved"}  # approved, yet the pause waits for approval
    document["pending"][0]["tool_call"]["arguments"] = '{"time":"05:00"}'  # and not what the model asked
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(document))
    with pytest.raises(WireError) as caught:
        load_state(path)
    assert [(p.pointer, p.rule) for p in caught.value.problems] == [
        ("/pause/tool_call_ids/0", "tool-loop-state"),
        ("/pending/0/tool_call", "tool-loop-state"),
    ]
    assert "tool call 'c2' is not a pending call of pending" in str(caught.value)
    with client, pytest.raises(WireError):
        resume(client, decode(path.read_bytes(), ToolLoopState), [], TOOLS)  # resume checks too


def test_the_example_state_is_what_the_runtime_writes(serve: ServeFn) -> None:
    _, state = _paused(serve, "anthropic", [])
    written = json.dumps(json.loads(encode(state)), indent=2, ensure_ascii=False) + "\n"
    assert EXAMPLE.read_text(encoding="utf-8") == written, (
        f"regenerate {EXAMPLE.name}: the runtime writes another state"
    )
