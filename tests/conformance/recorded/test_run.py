"""A run of the replay gate: verdicts per body held to the expected-failure list (a listed failure is
expected, a listed pass and a stale entry fail the run), the report, the command line and its exit codes;
and the committed list matches the corpus as it is."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from wirechat_conformance import cli
from wirechat_conformance.paths import Layout
from wirechat_conformance.recorded.checks import Verdict, rightly_rejected
from wirechat_conformance.recorded.corpus import Body, CorpusError, load
from wirechat_conformance.recorded.report import table_text
from wirechat_conformance.recorded.run import EXPECTED_NAME, run

from wirechat.adapters import Adapter


def _first(bodies: dict[str, Body], group: str, kind: str) -> str:
    return next(file for file, body in bodies.items() if body.group == group and body.kind == kind)


@pytest.fixture(scope="module")
def files(bodies: dict[str, Body]) -> tuple[str, str, str]:
    """Three bodies: one the fake checks below fail, two they pass (one of an openai-compatible profile)."""
    return (
        _first(bodies, "anthropic", "stream"),
        _first(bodies, "openai-chat", "response"),
        _first(bodies, "openai-compatible/groq", "request"),
    )


def _fake_check(fails: str) -> Callable[[Adapter, Body, dict[str, Body]], Verdict]:
    def checker(adapter: Adapter, body: Body, pairs: dict[str, Body]) -> Verdict:
        verdict = Verdict(body.file, body.group, body.kind)
        if body.file == fails:
            verdict.verdict, verdict.reasons = "failed", ["broken on purpose"]
        return verdict

    return checker


def _corpus(tmp_path: Path, source: Path, files: list[str]) -> Path:
    """A corpus of ``files`` only, copied from ``source`` with their SOURCES lines."""
    root = tmp_path / "recorded"
    lines = {}
    for line in (source / "SOURCES.ndjson").read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        lines[entry["file"]] = line
    for file in files:
        (root / file).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source / file, root / file)
    (root / "SOURCES.ndjson").write_text("".join(lines[f] + "\n" for f in sorted(files)), encoding="utf-8")
    return root


def _expected(tmp_path: Path, text: str, name: str = "expected") -> Path:
    folder = tmp_path / name
    folder.mkdir()
    (folder / f"{EXPECTED_NAME}.txt").write_text(text, encoding="utf-8")
    return folder


@pytest.fixture
def small(tmp_path: Path, corpus_root: Path, files: tuple[str, str, str], monkeypatch: pytest.MonkeyPatch) -> Path:
    """A corpus of ``files``, whose first body fails the (fake) checks and the others pass."""
    monkeypatch.setattr("wirechat_conformance.recorded.run.check", _fake_check(files[0]))
    return _corpus(tmp_path, corpus_root, list(files))


def test_bodies_know_their_adapter_kind_and_format(small: Path, files: tuple[str, str, str]) -> None:
    found = {body.file: body for body in load(small)}
    profile, stream = found[files[2]], found[files[0]]
    assert (profile.adapter, profile.group, profile.format, profile.kind) == (
        "openai-compatible:groq", "openai-compatible/groq", "openai-chat", "request"
    )  # fmt: skip
    assert (stream.kind, stream.stem) == ("stream", files[0].removesuffix(".stream.sse"))


def test_a_body_without_its_sources_line_is_a_corpus_error(small: Path) -> None:
    (small / "gemini").mkdir()
    (small / "gemini" / "x.response.json").write_text("{}", encoding="utf-8")
    with pytest.raises(CorpusError, match="no line in SOURCES"):
        load(small)


def test_a_listed_failure_is_expected(tmp_path: Path, small: Path, files: tuple[str, str, str]) -> None:
    fails = files[0]
    summary = run(small, _expected(tmp_path, f"{fails}  # broken on purpose\n"))
    assert [v.file for v in summary.unexpected_failures()] == []
    assert list(summary.expected) == [fails] and not summary.failed
    assert "anthropic" in table_text(summary)


def test_an_unlisted_failure_fails_the_run(tmp_path: Path, small: Path, files: tuple[str, str, str]) -> None:
    fails = files[0]
    summary = run(small, _expected(tmp_path, ""))
    assert [v.file for v in summary.unexpected_failures()] == [fails] and summary.failed


def test_a_listed_pass_and_a_stale_entry_fail_the_run(tmp_path: Path, small: Path, files: tuple[str, str, str]) -> None:
    fails, passes = files[0], files[1]
    text = f"{fails}  # x\n{passes}  # was broken\ngemini/gone.response.json  # deleted body\n"
    summary = run(small, _expected(tmp_path, text))
    assert list(summary.unexpected_passes) == [passes]
    assert [entry.pattern for entry in summary.stale] == ["gemini/gone.response.json"]
    assert summary.failed


def test_the_command_line_exit_codes_and_json(
    tmp_path: Path, small: Path, layout: Layout, files: tuple[str, str, str]
) -> None:
    fails = files[0]
    common = ["--recorded", "--root", str(layout.root), "--recorded-root", str(small)]
    expected = _expected(tmp_path, f"{fails}  # broken on purpose\n")
    report = tmp_path / "recorded.json"
    assert cli.main([*common, "--expected-failures", str(expected), "--json", str(report)]) == 0
    document = json.loads(report.read_text(encoding="utf-8"))
    assert {body["file"]: body["listed"] for body in document["bodies"]}[fails] == "broken on purpose"
    assert cli.main([*common, "--expected-failures", str(_expected(tmp_path, "", "empty"))]) == 1
    assert cli.main([*common, "--expected-failures", str(_expected(tmp_path, "x  # \n", "bad"))]) == 2
    assert cli.main([*common, "--recorded-only", "openai-chat/*", "--expected-failures", str(expected)]) == 0


def test_write_expected_failures_lists_what_fails(
    tmp_path: Path, small: Path, layout: Layout, files: tuple[str, str, str]
) -> None:
    fails = files[0]
    folder = tmp_path / "written"
    folder.mkdir()
    args = ["--recorded", "--root", str(layout.root), "--recorded-root", str(small), "--expected-failures", str(folder)]
    assert cli.main([*args, "--write-expected-failures"]) == 0
    entries = [line for line in (folder / f"{EXPECTED_NAME}.txt").read_text().splitlines() if line[:1] not in "#"]
    assert [line.split("  # ")[0] for line in entries if line] == [fails]
    assert cli.main(args) == 0


def test_the_committed_list_matches_the_corpus(corpus_root: Path, layout: Layout, bodies: dict[str, Body]) -> None:
    """The whole corpus through the adapters as they are: every failure listed, no listed body passing, no
    stale entry (``wirechat conformance --recorded --write-expected-failures`` writes the list again)."""
    summary = run(corpus_root, layout.expected_failures)
    assert len(summary.verdicts) == len(bodies)
    assert [v.file for v in summary.unexpected_failures()] == []
    assert sorted(summary.unexpected_passes) == []
    assert [entry.pattern for entry in summary.stale] == []


def test_a_request_the_provider_rejected_too_is_rightly_rejected(bodies: dict[str, Body]) -> None:
    """A request ``decode_request`` rejects is ``rejected`` only when the corpus holds the provider's 4xx answer to
    the same call (its stem, or its scenario's for a numbered exchange); without it, the rejection fails."""
    folder = "openai-compatible/generic/ruby-llm-chat-real-error-scenarios-mistral-mistral-small-latest-handles-"
    first, second = (
        bodies[folder + "invalid-message-f.request.json"],
        bodies[folder + "invalid-message-f-2.request.json"],
    )
    answer = bodies[folder + "invalid-message-f.error.json"]
    assert answer.status() == 422

    def rejected(body: Body) -> Verdict:
        return Verdict(
            body.file, body.group, body.kind, "failed", ["decode_request rejected it: ..."], decode_rejected=True
        )

    errors = {answer.stem: answer}
    assert rightly_rejected(rejected(first), first, errors).verdict == "rejected"
    assert rightly_rejected(rejected(second), second, errors).verdict == "rejected"  # the same scenario's answer
    assert rightly_rejected(rejected(first), first, {}).verdict == "failed"  # the provider's answer is not there
    accepted = Verdict(first.file, first.group, first.kind, "failed", ["a difference"])
    assert rightly_rejected(accepted, first, errors).verdict == "failed"  # only a decode rejection is judged
