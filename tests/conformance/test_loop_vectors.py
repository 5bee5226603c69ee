"""The tool-loop vectors (``conformance/vectors/tool-loop.json``) run through the runner: read as cases from
the file itself, answered by every testee's ``tool_loop`` op, judged by value or by the whole problem list;
a check that loses a rule in one language, and a testee without the op, fail the run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from wirechat_conformance.cases import CaseFileError
from wirechat_conformance.loop_vectors import CATEGORY, HELPERS, load_loop_vectors
from wirechat_conformance.paths import Layout
from wirechat_conformance.suite import Options, load_corpus, run
from wirechat_conformance.testees import LANGUAGES, Testee, command_for
from wirechat_conformance.verdicts import judge

from tests.conformance.conftest import broken


def _vectors(layout: Layout) -> list[dict[str, object]]:
    cases: list[dict[str, object]] = json.loads(layout.tool_loop_vectors.read_text(encoding="utf-8"))["cases"]
    return cases


def test_every_vector_is_a_case_of_the_corpus(layout: Layout) -> None:
    vectors = _vectors(layout)
    cases = [case for case in load_corpus(layout, Options()) if case.category == CATEGORY]
    assert [case.id for case in cases] == [f"vectors/tool-loop/{vector['name']}" for vector in vectors]
    assert {case.op for case in cases} == set(HELPERS)
    for case, vector in zip(cases, vectors, strict=True):
        assert case.request["op"] == "tool_loop" and case.request["helper"] == vector["op"]
        if "problems" in vector:
            assert case.loop_problems == tuple(tuple(pair) for pair in vector["problems"])  # type: ignore[attr-defined]
            assert case.valid is (vector["problems"] == [])
        else:
            assert case.valid and case.expected is not None


def test_documents_travel_as_text_and_the_id_as_tool_call_id(layout: Layout) -> None:
    case = next(c for c in load_loop_vectors(layout.tool_loop_vectors) if c.id == "vectors/tool-loop/find-call")
    vector = next(v for v in _vectors(layout) if v["name"] == "find-call")
    assert case.request["tool_call_id"] == vector["args"]["id"] and "id" not in case.request  # type: ignore[index]
    assert all(isinstance(text, str) for text in case.request["messages"])
    assert json.loads(case.request["messages"][0])["role"] == "user"


def test_the_corpus_without_builtin_has_no_vectors(layout: Layout) -> None:
    assert load_corpus(layout, Options(builtin=False)) == []


@pytest.mark.parametrize(
    ("vector", "problem"),
    [
        ({"op": "find_it", "args": {}}, "op 'find_it' is none of"),
        ({"op": "check_tool_result", "args": {"result": {}}}, "states its 'problems'"),
        ({"op": "merge_consecutive", "args": {"messages": [], "id": "x"}, "result": []}, "takes args ['messages']"),
        ({"op": "check_tool_result", "args": {"result": {}}, "problems": [["/x"]]}, "[pointer, rule] pairs"),
    ],
)
def test_a_malformed_vector_stops_the_run(tmp_path: Path, vector: dict[str, object], problem: str) -> None:
    path = tmp_path / "tool-loop.json"
    path.write_text(json.dumps({"cases": [{"name": "a", "description": "a", **vector}]}))
    with pytest.raises(CaseFileError) as caught:
        load_loop_vectors(path)
    assert problem in str(caught.value)


def test_a_name_used_twice_stops_the_run(tmp_path: Path) -> None:
    vector = {"name": "a", "description": "a", "op": "merge_consecutive", "args": {"messages": []}, "result": []}
    path = tmp_path / "tool-loop.json"
    path.write_text(json.dumps({"cases": [vector, vector]}))
    with pytest.raises(CaseFileError, match="the name 'a' is used twice"):
        load_loop_vectors(path)


def test_a_check_is_judged_by_its_whole_problem_list_in_order(layout: Layout) -> None:
    cases = {case.id: case for case in load_loop_vectors(layout.tool_loop_vectors)}
    two = cases["vectors/tool-loop/result-two-problems"]
    listed = [{"pointer": "/is_error", "rule": "tool-status"}, {"pointer": "/reason", "rule": "tool-status"}]
    assert judge(two, {"ok": False, "problems": listed}) is None
    assert "problems differ" in (judge(two, {"ok": False, "problems": listed[::-1]}) or "")
    assert "problems differ" in (judge(two, {"ok": False, "problems": listed[:1]}) or "")
    assert "got      []" in (judge(two, {"ok": True}) or "")
    clean = cases["vectors/tool-loop/result-completed"]
    assert judge(clean, {"ok": True}) is None
    assert "problems differ" in (judge(clean, {"ok": False, "problems": listed[:1]}) or "")
    assert "unknown op" in (judge(clean, {"error": "unknown op 'tool_loop'"}) or "")


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_testee_answers_every_vector(layout: Layout, language: str) -> None:
    cases = load_loop_vectors(layout.tool_loop_vectors)
    with Testee(language, command_for(language, layout), layout.root) as testee:
        answers = testee.call_many([case.request for case in cases])
    failures = {case.id: judge(case, answer) for case, answer in zip(cases, answers, strict=True)}
    assert {case_id: why for case_id, why in failures.items() if why is not None} == {}


def _failed(summary: object) -> dict[str, str]:
    return {o.case_id: o.detail for o in summary.outcomes if o.status == "failed"}  # type: ignore[attr-defined]


def test_a_go_check_that_forgets_is_error_fails_the_run(layout: Layout, go_command: list[str]) -> None:
    summary = run(Options(languages=("go",), testee_commands={"go": broken("forget-is-error", go_command)}, examples=0))
    flagged = {
        f"vectors/tool-loop/{vector['name']}"
        for vector in _vectors(layout)
        if any(pointer.endswith("/is_error") for pointer, _ in vector.get("problems", []))  # type: ignore[attr-defined]
    }
    assert summary.failed
    assert set(_failed(summary)) == flagged and len(flagged) >= 4
    assert "problems differ" in _failed(summary)["vectors/tool-loop/result-two-problems"]


def test_a_testee_without_the_op_fails_every_vector_unless_listed(layout: Layout, tmp_path: Path) -> None:
    command = broken("no-tool-loop", command_for("python", layout))
    summary = run(Options(languages=("python",), testee_commands={"python": command}, examples=0))
    assert set(_failed(summary)) == {f"vectors/tool-loop/{vector['name']}" for vector in _vectors(layout)}
    assert all("unknown op" in detail for detail in _failed(summary).values())
    # the line a testee without the op needs (the Rust testee's list takes it at merge)
    (tmp_path / "python.txt").write_text("vectors/tool-loop/*  # no tool_loop op yet\n")
    listed = run(Options(languages=("python",), testee_commands={"python": command}, examples=0, expected_dir=tmp_path))
    assert not listed.failed and not listed.stale
    assert sum(o.status == "xfail" for o in listed.outcomes) == len(_vectors(layout))
