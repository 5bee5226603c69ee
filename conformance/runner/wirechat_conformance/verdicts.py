"""Judging a testee's answer against a case: ``judge(case, answer)`` is None when it passes, else why not.

Valid cases compare RFC 8785 bytes: the testee's ``canonical`` and the canonical form of its own
``encoded`` text must both equal the expected bytes (so an encoder that adds, drops or changes a member
is caught even when the canonical form is computed another way). Invalid cases must be rejected, with a
problem at the case's pointer when it states one, and of the case's machine rule when it states one (one
problem with both when it states both). Cases without a machine rule are compared across languages
instead (``wirechat_conformance.rules``). A tool-loop check (``wirechat_conformance.loop_vectors``) must
report exactly the vector's ``(pointer, rule)`` pairs, in order: none is an ``ok`` answer.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from wirechat_conformance.cases import Case, jcs
from wirechat_conformance.rules import rules_at

__all__ = ["expected_text", "judge", "summarise_answer"]


def _short(text: str | None, limit: int = 300) -> str:
    if text is None:
        return "nothing"
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} characters)"


def _canonical_of(text: str) -> str | None:
    try:
        return jcs(json.loads(text))
    except (ValueError, TypeError):
        return None


def summarise_answer(answer: dict[str, Any]) -> str:
    """A one-line account of an answer, for reports."""
    if "error" in answer:
        return f"testee error: {answer['error']}"
    if answer.get("ok"):
        value = answer.get("canonical") or answer.get("arguments")
        return "accepted (no problems)" if value is None else f"accepted: {_short(value)}"
    problems = answer.get("problems") or []
    listed = "; ".join(
        f"{p.get('pointer') or '(root)'}: {p.get('message')}" + (f" [{p['rule']}]" if p.get("rule") else "")
        for p in problems[:3]
    )
    fold = f"{answer['fold_error']} stream: " if answer.get("fold_error") else ""
    return f"rejected: {fold}{_short(listed or answer.get('message'))}"


def expected_text(case: Case) -> str:
    """What the case expects, in one line for reports: the accepted value's RFC 8785 text, or the
    rejection (the rule it breaks, at which pointer), or the broken stream and its partial message."""
    if case.loop_problems is not None:
        return f"problems {_pairs_text(case.loop_problems)}" if case.loop_problems else "accepted (no problems)"
    if case.valid:
        return f"accepted: {_short(case.expected)}"
    if case.category == "mcp":
        return f"refused at {case.pointer!r}"
    if case.op == "fold":
        partial = f", partial message {_short(case.partial)}" if case.partial is not None else ""
        return f"rejected: a {case.fold_error} stream{partial}"
    where = [f"at {case.pointer!r}"] if case.pointer is not None else []
    where += [f"rule {case.rule!r}"] if case.rule is not None else []
    because = f" ({case.citation})" if case.citation else ""
    return f"rejected{': a problem ' + ' of '.join(where) if where else ''}{because}"


def _judge_valid(case: Case, answer: dict[str, Any]) -> str | None:
    if not answer.get("ok"):
        return f"expected acceptance, got {summarise_answer(answer)}"
    if case.op == "build_arguments":
        text = answer.get("arguments")
        got = _canonical_of(text) if isinstance(text, str) else None
        if got != case.expected:
            return f"arguments text {_short(text)} is not the expected value {_short(case.expected)}"
        if case.arguments_text is not None and text != case.arguments_text:
            return f"arguments text {text!r} is not the one form {case.arguments_text!r} (spec section 6)"
        return None
    got = answer.get("canonical")
    if got != case.expected:
        return f"canonical form differs:\n  expected {_short(case.expected)}\n  got      {_short(got)}"
    if case.op == "decode":
        encoded = answer.get("encoded")
        if not isinstance(encoded, str):
            return "the answer has no encoded text"
        if _canonical_of(encoded) != case.expected:
            return (
                f"encode wrote a different document:\n  expected {_short(case.expected)}\n  encoded  {_short(encoded)}"
            )
    return None


def _judge_invalid(case: Case, answer: dict[str, Any]) -> str | None:
    if answer.get("ok") is not False:
        return f"expected rejection ({case.citation}), got {summarise_answer(answer)}"
    if case.op == "fold":
        if answer.get("fold_error") != case.fold_error:
            return f"expected a {case.fold_error} stream, got {summarise_answer(answer)}"
        if case.partial is not None and answer.get("partial") != case.partial:
            got = _short(answer.get("partial"))
            return f"partial message differs:\n  expected {_short(case.partial)}\n  got      {got}"
        if case.checks_usage and answer.get("usage") != case.usage:
            return f"partial usage differs: expected {_short(case.usage)}, got {_short(answer.get('usage'))}"
        return None
    problems = answer.get("problems")
    if not problems:
        return "rejected without naming any problem"
    if case.pointer is not None and all(problem.get("pointer") != case.pointer for problem in problems):
        pointers = ", ".join(repr(problem.get("pointer")) for problem in problems[:5])
        return f"rejected, but with no problem at {case.pointer!r} (problems at {pointers}): {summarise_answer(answer)}"
    if case.rule is not None and case.rule not in rules_at(case, answer):
        where = f" at {case.pointer!r}" if case.pointer is not None else ""
        found = ", ".join(sorted(rules_at(case, answer))) or "none"
        return (
            f"rejected, but with no problem of rule {case.rule!r}{where} (rules: {found}): {summarise_answer(answer)}"
        )
    return None


def _judge_mcp(case: Case, answer: dict[str, Any]) -> str | None:
    """An MCP mapping: the output's canonical bytes and the dropped pointers, or the refusal's pointer."""
    if not case.valid:
        if answer.get("ok") is not False or answer.get("refused") != case.pointer:
            return f"expected a refusal at {case.pointer!r}, got {summarise_answer(answer)}"
        return None
    if not answer.get("ok"):
        return f"expected a mapping, got {summarise_answer(answer)}"
    if answer.get("canonical") != case.expected:
        return (
            f"mapped value differs:\n  expected {_short(case.expected)}\n  got      {_short(answer.get('canonical'))}"
        )
    if tuple(answer.get("warnings") or ()) != case.warnings:
        return f"dropped members differ: expected {list(case.warnings or ())}, got {answer.get('warnings')}"
    return None


def _pairs_text(pairs: Sequence[tuple[Any, Any]]) -> str:
    return "[" + ", ".join(f"{pointer!r} {rule}" for pointer, rule in pairs) + "]"


def _judge_loop_check(case: Case, answer: dict[str, Any]) -> str | None:
    """A tool-loop check (spec section 14): exactly the vector's (pointer, rule) pairs, in order."""
    expected = list(case.loop_problems or ())
    if answer.get("ok") is True:
        got: list[tuple[Any, Any]] = []
    elif answer.get("ok") is False and isinstance(answer.get("problems"), list) and answer["problems"]:
        got = [(problem.get("pointer"), problem.get("rule")) for problem in answer["problems"]]
    else:
        return f"expected {expected_text(case)}, got {summarise_answer(answer)}"
    if got != expected:
        return f"problems differ:\n  expected {_pairs_text(expected)}\n  got      {_pairs_text(got)}"
    return None


def judge(case: Case, answer: dict[str, Any]) -> str | None:
    """None when ``answer`` gives the case's verdict, else a sentence saying how it differs."""
    if "error" in answer:
        return f"testee error: {answer['error']}"
    if case.category == "mcp":
        return _judge_mcp(case, answer)
    if case.loop_problems is not None:
        return _judge_loop_check(case, answer)
    return _judge_valid(case, answer) if case.valid else _judge_invalid(case, answer)
