"""A testee that proxies the line protocol to a real testee and breaks its answers in one chosen way.

Usage: ``python proxy.py BREAKAGE COMMAND...``. Breakages:

- ``accept-unknown-members``: a rejection whose every problem is an unknown member becomes an
  acceptance (as a decoder that ignores unknown members would answer), with the document's own bytes;
- ``encode-extra-member``: every accepted object document is encoded with one member more than it had;
- ``misname-rules``: every problem keeps its pointer and message but names another rule
  (``duplicate-key`` becomes ``syntax``, ``additionalProperties`` becomes ``type``);
- ``quadratic``: the answers are the real testee's, but every decode first spends CPU time growing with the
  square of its text's length (as a decoder that rescans its input would).
- ``forget-is-error``: a tool-loop check no longer requires ``is_error`` to follow ``status`` (spec section
  14.1): its problems at an ``.../is_error`` pointer are dropped (none left: ``ok``), as a check that lost
  that rule would answer;
- ``no-tool-loop``: the ``tool_loop`` op is unknown (as a testee written before it answers).
"""

from __future__ import annotations

import base64
import json
import subprocess
import sys
from typing import Any

import rfc8785


def _document(request: dict[str, Any]) -> Any:
    if "base64" in request:
        return json.loads(base64.b64decode(request["base64"]))
    return json.loads(request["text"])


def accept_unknown_members(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    problems = answer.get("problems") or []
    if request.get("op") != "decode" or answer.get("ok") is not False or not problems:
        return answer
    if not all("unknown member" in problem["message"] for problem in problems):
        return answer
    canonical = rfc8785.dumps(_document(request)).decode()
    return {"id": answer["id"], "ok": True, "canonical": canonical, "encoded": canonical}


def encode_extra_member(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    encoded = answer.get("encoded")
    if request.get("op") == "decode" and answer.get("ok") and isinstance(encoded, str) and encoded.startswith("{"):
        answer["encoded"] = encoded[:-1] + (',"x_extra":true}' if encoded != "{}" else '"x_extra":true}')
    return answer


MISNAMED = {"duplicate-key": "syntax", "additionalProperties": "type"}


def misname_rules(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    for problem in answer.get("problems") or []:
        problem["rule"] = MISNAMED.get(problem.get("rule", ""), problem.get("rule", ""))
    return answer


def quadratic(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    if request.get("op") == "decode":
        units = len(request.get("text", "")) // 100
        total = 0
        for index in range(units * units * 100):
            total += index
    return answer


def forget_is_error(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    if request.get("op") != "tool_loop" or answer.get("ok") is not False:
        return answer
    kept = [problem for problem in answer.get("problems") or [] if not problem["pointer"].endswith("/is_error")]
    return {**answer, "problems": kept} if kept else {"id": answer["id"], "ok": True}


def no_tool_loop(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    if request.get("op") != "tool_loop":
        return answer
    return {"id": answer["id"], "error": "unknown op 'tool_loop'"}


BREAKAGES = {
    "forget-is-error": forget_is_error,
    "no-tool-loop": no_tool_loop,
    "quadratic": quadratic,
    "accept-unknown-members": accept_unknown_members,
    "encode-extra-member": encode_extra_member,
    "misname-rules": misname_rules,
}


def main() -> int:
    breakage = BREAKAGES[sys.argv[1]]
    real = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    assert real.stdin is not None and real.stdout is not None
    for line in sys.stdin:
        if not line.strip():
            continue
        real.stdin.write(line)
        real.stdin.flush()
        answer = json.loads(real.stdout.readline())
        sys.stdout.write(json.dumps(breakage(json.loads(line), answer)) + "\n")
        sys.stdout.flush()
    real.stdin.close()
    return real.wait()


if __name__ == "__main__":
    sys.exit(main())
