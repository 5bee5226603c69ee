"""A testee that proxies the line protocol to a real testee and breaks its answers in one chosen way.

Usage: ``python proxy.py BREAKAGE COMMAND...``. Breakages:

- ``accept-unknown-members``: a rejection whose every problem is an unknown member becomes an
  acceptance (as a decoder that ignores unknown members would answer), with the document's own bytes;
- ``encode-extra-member``: every accepted object document is encoded with one member more than it had;
- ``misname-rules``: every problem keeps its pointer and message but names another rule
  (``duplicate-key`` becomes ``syntax``, ``additionalProperties`` becomes ``type``);
- ``quadratic``: the answers are the real testee's, but every decode first spends CPU time growing with the
  square of its text's length (as a decoder that rescans its input would).
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


BREAKAGES = {
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
