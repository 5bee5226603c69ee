"""Cross-language vectors for structured output (issue 29 item 4): a JSON Schema, the model's answers in
order and the retries allowed, and what Python's ``structured_chat`` does with them: the requests sent,
and the value, or the error (attempts, raw text, the paths of its problems), or the schema refused before
sending. ``conformance/vectors/structured-output.json`` is written from the cases here, and the TypeScript
(``typescript/test/structured-output-vectors.test.ts``) and Go (``go/client/structured_vectors_test.go``)
tests hold their languages to it; ``tests/tools/test_structured_vectors.py`` fails when Python changes.

Problem messages are each validator's own (Python's jsonschema, ajv, santhosh-tekuri/jsonschema), so the
file compares where a problem is (the text before ``": "``, or ``not JSON``), not its words; in the
requests sent, the problems inside the retry note are replaced by ``PROBLEMS`` for the same reason.

    python -m wirechat_conformance.structured_vectors           # check the file is up to date
    python -m wirechat_conformance.structured_vectors --write   # rewrite it
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from jsonschema import SchemaError

from wirechat import ChatRequest, ChatResponse, decode, encode
from wirechat.structured_output import StructuredOutputError, structured_chat
from wirechat_conformance.paths import find_layout

__all__ = ["CASES", "NOTE", "build", "main", "vectors_path"]

NOTE = re.compile(r"^(That answer does not match the required JSON schema: )(.*)(\. Answer again\.)$", re.DOTALL)


def vectors_path() -> Path:
    """``conformance/vectors/structured-output.json`` in the checkout."""
    return find_layout().conformance / "vectors" / "structured-output.json"


REQUEST: dict[str, Any] = {
    "model": "fake-model",
    "messages": [{"role": "user", "parts": [{"type": "text", "text": "Answer as JSON."}]}],
    "options": {"max_tokens": 100},
}
COUNT = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}
CLOSED = {**COUNT, "additionalProperties": False}
TAGS = {
    "type": "object",
    "properties": {"n": {"type": "integer"}, "tags": {"type": "array", "items": {"type": "string"}}},
}
BAD_TAGS = ["a", "b", 2, "c", "d", "e", "f", "g", "h", "i", 10, "k"]

CASES: list[dict[str, Any]] = [
    {"name": "valid at once", "schema": COUNT, "answers": ['{"n": 3}']},
    {"name": "not JSON, then valid", "schema": COUNT, "retries": 1, "answers": ["Sure! Here it is", '{"n": 3}']},
    {"name": "invalid to the end", "schema": COUNT, "retries": 1, "answers": ['{"n": "three"}', '{"m": 1}']},
    {"name": "no retry unless asked", "schema": COUNT, "answers": ['{"m": 1}', '{"n": 1}']},
    {"name": "two retries", "schema": COUNT, "retries": 2, "answers": ["x", "[]", '{"n": 1}']},
    {"name": "an unknown member and a missing one", "schema": CLOSED, "answers": ['{"m": 1}']},
    {
        "name": "problems ordered by path, indices as numbers",
        "schema": TAGS,
        "answers": [json.dumps({"tags": BAD_TAGS, "n": "three"})],
    },
    {"name": "an empty answer", "schema": COUNT, "answers": [""]},
    {"name": "whitespace around the value", "schema": {"type": "integer"}, "answers": [" 3 \n"]},
    {"name": "two values", "schema": {"type": "integer"}, "answers": ["3 4"]},
    {"name": "a top-level array", "schema": {"type": "array", "items": {"type": "integer"}}, "answers": ["[1, 2]"]},
    {
        "name": "a top-level string with a pattern",
        "schema": {"type": "string", "pattern": "^a+$"},
        "answers": ['"aaa"'],
    },
    {
        "name": "format is an annotation, not checked",
        "schema": {"type": "object", "properties": {"e": {"type": "string", "format": "email"}}},
        "answers": ['{"e": "not-an-email"}'],
    },
    {"name": "1.0 is an integer", "schema": COUNT, "answers": ['{"n": 1.0}']},
    {"name": "const 1 takes 1.0", "schema": {"const": 1}, "answers": ["1.0"]},
    {"name": "true is not 1", "schema": {"enum": [1]}, "answers": ["true"]},
    {
        "name": "length counts code points",
        "schema": {"type": "string", "minLength": 2},
        "answers": ['"\\ud83d\\ude00"'],
    },
    {
        "name": "a $ref into $defs",
        "schema": {"type": "object", "properties": {"a": {"$ref": "#/$defs/x"}}, "$defs": {"x": {"type": "integer"}}},
        "answers": ['{"a": "s"}'],
    },
    {
        "name": "a draft-07 schema read as 2020-12",
        "schema": {
            "$schema": "http://json-schema.org/draft-07/schema#",
            "type": "object",
            "properties": {"a": {"$ref": "#/definitions/x"}},
            "definitions": {"x": {"type": "integer"}},
        },
        "answers": ['{"a": "s"}', '{"a": 1}'],
        "retries": 1,
    },
    {
        "name": "draft-07 tuple items are refused (2020-12 has prefixItems)",
        "schema": {
            "$schema": "http://json-schema.org/draft-07/schema#",
            "type": "array",
            "items": [{"type": "string"}],
        },
        "answers": ['["a"]'],
    },
    {"name": "a schema that is not JSON Schema is refused", "schema": {"type": "objekt"}, "answers": ["{}"]},
    {
        "name": "the request's options are kept, its response format replaced",
        "schema": COUNT,
        "request_options": {"max_tokens": 50, "temperature": 0.5, "response_format": {"type": "json_object"}},
        "answers": ['{"n": 1}'],
    },
    {"name": "multipleOf with a decimal step", "schema": {"type": "number", "multipleOf": 0.1}, "answers": ["0.3"]},
    {"name": "NaN", "schema": {"type": "integer"}, "answers": ["NaN"]},
]


class _Model:
    """Answers a case's texts in order and keeps the requests it was sent."""

    def __init__(self, answers: list[str]) -> None:
        self.answers, self.sent = answers, list[ChatRequest]()

    def __call__(self, request: ChatRequest) -> ChatResponse:
        self.sent.append(request)
        text = self.answers[len(self.sent) - 1]
        message = {"role": "assistant", "parts": [{"type": "text", "text": text}]}
        return decode(json.dumps({"message": message, "finish_reason": {"kind": "stop"}}), ChatResponse)


def paths(problems: list[str]) -> list[str]:
    """Where each problem is, in order, once each: the text before ``": "``, or ``not JSON``."""
    found: list[str] = []
    for problem in problems:
        where = "not JSON" if problem.startswith("not JSON: ") else problem.split(": ", 1)[0]
        if where not in found:
            found.append(where)
    return found


def _sent(request: ChatRequest) -> Any:
    doc = json.loads(encode(request))
    for message in doc["messages"]:
        for part in message["parts"]:
            if part.get("type") == "text":
                part["text"] = NOTE.sub(r"\1PROBLEMS\3", part["text"])
    return doc


def build(case: dict[str, Any]) -> dict[str, Any]:
    """What Python's structured output does with a case's inputs (``expect``)."""
    request_doc = {**REQUEST, "options": case.get("request_options", REQUEST["options"])}
    request = decode(json.dumps(request_doc), ChatRequest)
    model = _Model(case["answers"])
    try:
        answer = structured_chat(model, request, case["schema"], case.get("retries", 0))
    except SchemaError:
        return {"refused": True, "requests": []}
    except StructuredOutputError as error:
        outcome: dict[str, Any] = {
            "error": {"attempts": error.attempts, "raw": error.raw, "paths": paths(error.problems)},
            "problems": error.problems,
        }
    else:
        outcome = {"value": answer.value}
    return {"requests": [_sent(r) for r in model.sent], **outcome}


def document() -> dict[str, Any]:
    return {
        "description": "Structured output across languages (issue 29 item 4): each case is a JSON Schema, the "
        "model's answers in order and the retries allowed (default 0), sent from a request whose options are "
        "request_options (default {max_tokens: 100}); expect is what Python's structured_chat did: the requests "
        "sent (the problems in a retry note replaced by PROBLEMS), then the value, or the error (attempts, raw, "
        "paths: where each problem is, in Python's order, once each; problems: Python's words, for reading), or "
        "refused (the schema was refused before sending). Written by "
        "python -m wirechat_conformance.structured_vectors --write.",
        "request": REQUEST,
        "cases": [{**case, "expect": build(case)} for case in CASES],
    }


def main(argv: list[str]) -> int:
    text = json.dumps(document(), indent=1, ensure_ascii=False) + "\n"
    path = vectors_path()
    if "--write" in argv:
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path} ({len(CASES)} cases)")
        return 0
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        print(f"{path} is out of date: python -m wirechat_conformance.structured_vectors --write", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
