"""One side of the pause -> file -> resume test, run as its own process:

python loop_process.py start PROVIDER URL STATE_FILE    run until the loop pauses, save the state
python loop_process.py resume PROVIDER URL STATE_FILE   load it, approve the call, print the answer
"""

from __future__ import annotations

import json
import sys

import wirechat
from wirechat import ChatRequest, decode, message_text
from wirechat.tools import RequireApproval, approve, load_state, resume, run, save_state, tool


@tool
def get_weather(city: str) -> str:
    """The current weather in a city."""
    return f"18 C in {city}"


@tool
def book_train(time: str) -> str:
    """Book a train."""
    return f"booked the {time} train"


TOOLS = [get_weather, book_train]
POLICIES = {"book_train": RequireApproval()}


def main(mode: str, provider: str, url: str, path: str) -> None:
    client = wirechat.Client(provider, api_key="sk-test", base_url=url)
    if mode == "start":
        request = decode(
            json.dumps({"model": "m", "messages": [{"role": "user", "parts": [{"type": "text", "text": "Go"}]}]}),
            ChatRequest,
        )
        result = run(client, request, TOOLS, policies=POLICIES)
        assert result.state is not None, "the loop did not pause"
        save_state(result.state, path)
        print(json.dumps({"paused": [p.tool_call.id for p in result.state.pending]}))
    else:
        state = load_state(path)
        result = resume(client, state, [approve(state.pending[0].tool_call.id)], TOOLS, policies=POLICIES)
        assert result.response is not None
        print(json.dumps({"answer": message_text(result.response.message), "steps": result.steps}))


if __name__ == "__main__":
    main(*sys.argv[1:5])
