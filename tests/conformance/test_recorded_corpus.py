"""The recorded-traffic corpus (conformance/recorded): every body is traced, well formed, scrubbed and unique.

Stdlib only: the corpus is data that real provider APIs sent or received, cut from other projects' public
recordings; this file checks its form, not what the adapters make of it (that is the replay gate's job).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2] / "conformance" / "recorded"
SOURCES = ROOT / "SOURCES.ndjson"
NOT_BODIES = {"README.md", "SOURCES.ndjson"}

ADAPTERS = {"anthropic", "openai-chat", "openai-responses", "gemini", "openai-compatible"}
PROFILES = {"generic", "ollama", "vllm", "llama-cpp", "lm-studio", "deepseek", "groq", "openrouter"}
KINDS = {"request", "response", "stream", "error"}
LICENCES = {"MIT", "Apache-2.0", "BSD-2-Clause", "BSD-3-Clause", "ISC"}
FRAMINGS = {"recorded", "rebuilt", "json-array"}
TAGS = {
    "text", "thinking", "redacted-thinking", "signature", "tool-calls", "parallel-tool-calls", "server-tool",
    "web-search", "web-fetch", "code-execution", "mcp", "tool-search", "programmatic-tool-calling", "file-search",
    "image-generation", "citations", "annotations", "audio", "image-input", "image-output", "file-input", "refusal",
    "structured-output", "usage-cache", "usage-reasoning", "error", "length", "content-filter", "logprobs",
    "n-choices", "prompt-caching", "encrypted-reasoning",
}  # fmt: skip
REQUIRED = {"file", "repo", "path", "commit", "licence", "adapter", "profile", "kind", "status", "tags"}
OPTIONAL = {"framing", "shortened", "note"}
NAME = re.compile(r"(?P<scenario>[a-z0-9]+(?:-[a-z0-9]+)*)\.(?P<kind>[a-z]+)\.(?P<ext>json|sse)")
POINTER = re.compile(r"(/([^/~]|~[01])*)+")
SECRETS = [
    re.compile(r"(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]{10,}"),
    re.compile(r"(?<![A-Za-z0-9_-])sk-(?:proj-|or-v1-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}"),
    re.compile(r"(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}"),
    re.compile(r"(?<![A-Za-z0-9_-])gsk_[A-Za-z0-9]{20,}"),
    re.compile(r"(?<![A-Za-z0-9_-])xai-[A-Za-z0-9]{20,}"),
    re.compile(r"(?i)(?<![A-Za-z0-9])bearer\s+(?!REDACTED)[A-Za-z0-9._~+/-]{12,}"),
    re.compile(r"(?<![A-Za-z0-9_-])org-[A-Za-z0-9]{20,}"),
    re.compile(r"(?<![A-Za-z0-9_-])proj_[A-Za-z0-9]{20,}"),
]
MAX_BYTES = 30 * 1024 * 1024


@cache
def sources() -> tuple[dict[str, Any], ...]:
    lines = SOURCES.read_text(encoding="utf-8").splitlines()
    return tuple(json.loads(line) for line in lines)


@cache
def bodies() -> tuple[str, ...]:
    return tuple(
        sorted(p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*") if p.is_file() and p.name not in NOT_BODIES)
    )


def sse_events(text: str) -> list[tuple[str | None, str]]:
    """The events of a text/event-stream body: (event name or None, data lines joined by newlines)."""
    events: list[tuple[str | None, str]] = []
    name: str | None = None
    data: list[str] = []
    for line in re.split(r"\r\n|\r|\n", text):
        if line == "":
            if data or name is not None:
                events.append((name, "\n".join(data)))
            name, data = None, []
            continue
        if line.startswith(":"):
            continue
        field, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if field == "event":
            name = value
        elif field == "data":
            data.append(value)
    if data or name is not None:
        events.append((name, "\n".join(data)))
    return events


def check_sse(text: str) -> list[Any]:
    """The JSON payloads of a stream; raises if an event's data (but [DONE]) is not JSON."""
    payloads = []
    for name, data in sse_events(text):
        if data.strip() == "[DONE]" or (data == "" and name is not None):
            continue
        payloads.append(json.loads(data))
    if not payloads:
        raise ValueError("a stream without a JSON event")
    return payloads


def problems_of_line(line: dict[str, Any]) -> list[str]:
    """What is wrong with one SOURCES line (empty when nothing is)."""
    keys = set(line)
    out = [f"missing {sorted(REQUIRED - keys)}"] if REQUIRED - keys else []
    if keys - REQUIRED - OPTIONAL:
        out.append(f"unknown {sorted(keys - REQUIRED - OPTIONAL)}")
    if out:
        return out
    return problems_of_place(line) + problems_of_fields(line)


def problems_of_place(line: dict[str, Any]) -> list[str]:
    """The file name against adapter, profile, kind and framing."""
    out = []
    parts = line["file"].split("/")
    adapter, profile = parts[0], (parts[1] if parts[0] == "openai-compatible" and len(parts) == 3 else None)
    want_depth = 3 if adapter == "openai-compatible" else 2
    m = NAME.fullmatch(parts[-1])
    if len(parts) != want_depth or not m:
        return [f"file name {line['file']!r} is not <adapter>[/<profile>]/<scenario>.<kind>.<ext>"]
    if line["adapter"] != adapter or adapter not in ADAPTERS:
        out.append(f"adapter {line['adapter']!r} but folder {adapter!r}")
    if line["profile"] != profile or (profile is not None and profile not in PROFILES):
        out.append(f"profile {line['profile']!r} but folder {profile!r}")
    if line["kind"] != m["kind"] or line["kind"] not in KINDS:
        out.append(f"kind {line['kind']!r} but file name says {m['kind']!r}")
    framing = line.get("framing")
    want_ext = "json" if line["kind"] != "stream" or framing == "json-array" else "sse"
    if m["ext"] != want_ext:
        out.append(f"extension .{m['ext']} for a {line['kind']} (framing {framing})")
    if (line["kind"] == "stream") != (framing is not None) or (framing is not None and framing not in FRAMINGS):
        out.append(f"framing {framing!r} for a {line['kind']}")
    if framing == "json-array" and adapter != "gemini":
        out.append("json-array framing outside gemini")
    return out


def problems_of_fields(line: dict[str, Any]) -> list[str]:
    """The provenance, status, tags, shortened and note fields."""
    out = []
    if not (isinstance(line["commit"], str) and re.fullmatch(r"[0-9a-f]{40}", line["commit"])):
        out.append(f"commit {line['commit']!r} is not 40 hex digits")
    if not (isinstance(line["repo"], str) and re.fullmatch(r"[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+", line["repo"])):
        out.append(f"repo {line['repo']!r} is not owner/name")
    if not (isinstance(line["path"], str) and line["path"] and not line["path"].startswith("/")):
        out.append(f"path {line['path']!r}")
    if line["licence"] not in LICENCES:
        out.append(f"licence {line['licence']!r} not in {sorted(LICENCES)}")
    status = line["status"]
    if line["kind"] == "request":
        if status is not None:
            out.append("a request with a status")
    elif not (status is None or (isinstance(status, int) and 100 <= status < 600)):
        out.append(f"status {status!r}")
    elif line["kind"] in ("response", "stream") and status is not None and not 200 <= status < 300:
        out.append(f"a {line['kind']} with status {status}")
    elif line["kind"] == "error" and status is not None and 200 <= status < 300 and "error" not in line["tags"]:
        out.append("a 2xx error body not tagged error")
    tags = line["tags"]
    if not (isinstance(tags, list) and tags == sorted(set(tags)) and set(tags) <= TAGS):
        out.append(f"tags {tags!r}: sorted, unique, from the list")
    if "shortened" in line:
        sh = line["shortened"]
        if not (isinstance(sh, list) and sh and all(isinstance(p, str) and POINTER.fullmatch(p) for p in sh)):
            out.append(f"shortened {sh!r} is not a non-empty list of JSON pointers")
    if "note" in line and not (isinstance(line["note"], str) and line["note"]):
        out.append("empty note")
    return out


def test_sources_is_sorted_ndjson_with_one_line_per_file() -> None:
    raw = SOURCES.read_text(encoding="utf-8")
    assert raw.endswith("\n") and "\n\n" not in raw
    files = [line["file"] for line in sources()]
    assert files == sorted(files), "SOURCES.ndjson is not sorted by file"
    dupes = [f for f, n in Counter(files).items() if n > 1]
    assert not dupes, f"files with more than one SOURCES line: {dupes[:10]}"
    listed = set(files)
    on_disk = set(bodies())
    assert not on_disk - listed, f"files without a SOURCES line: {sorted(on_disk - listed)[:10]}"
    assert not listed - on_disk, f"SOURCES lines without a file: {sorted(listed - on_disk)[:10]}"


def test_every_sources_line_is_well_formed() -> None:
    bad = {line.get("file", "?"): p for line in sources() if (p := problems_of_line(line))}
    assert not bad, f"{len(bad)} malformed SOURCES lines, e.g. {dict(list(bad.items())[:5])}"


def test_every_body_parses() -> None:
    bad = {}
    for rel in bodies():
        text = (ROOT / rel).read_bytes().decode("utf-8")
        try:
            if rel.endswith(".sse"):
                check_sse(text)
            else:
                json.loads(text)
        except ValueError as e:
            bad[rel] = str(e)[:120]
    assert not bad, f"{len(bad)} bodies do not parse, e.g. {dict(list(bad.items())[:5])}"


def test_json_array_streams_are_arrays_and_bodies_are_objects() -> None:
    framing = {line["file"]: line.get("framing") for line in sources()}
    bad = []
    for rel in bodies():
        if not rel.endswith(".json"):
            continue
        value = json.loads((ROOT / rel).read_text(encoding="utf-8"))
        want = list if framing.get(rel) == "json-array" else dict
        if not isinstance(value, want):
            bad.append(rel)
    assert not bad, f"bodies of the wrong JSON type: {bad[:10]}"


def test_shortened_pointers_name_short_strings() -> None:
    """A pointer in ``shortened`` names a string in the body (a data event's payload for streams: /<index>/...)."""
    bad = []
    for line in sources():
        for pointer in line.get("shortened", []):
            text = (ROOT / line["file"]).read_text(encoding="utf-8")
            inner = pointer
            if line["file"].endswith(".sse"):
                index, _, rest = pointer[1:].partition("/")
                value: Any = check_sse(text)[int(index)]
                inner = "/" + rest
            else:
                value = json.loads(text)
            for raw in inner.split("/")[1:]:
                token = raw.replace("~1", "/").replace("~0", "~")
                value = value[int(token)] if isinstance(value, list) else value[token]
            if not (isinstance(value, str) and len(value) <= 4096):
                bad.append((line["file"], pointer))
    assert not bad, f"shortened pointers that do not name a short string: {bad[:5]}"


def test_no_secrets() -> None:
    found = []
    for rel in bodies():
        text = (ROOT / rel).read_text(encoding="utf-8")
        found += [(rel, m.group(0)[:12] + "...") for pattern in SECRETS for m in pattern.finditer(text)]
    assert not found, f"secret-like values (replace them with REDACTED): {found[:10]}"


def test_total_size() -> None:
    total = sum(p.stat().st_size for p in ROOT.rglob("*") if p.is_file())
    assert total < MAX_BYTES, f"the corpus is {total} bytes, over {MAX_BYTES}"


def test_no_two_files_hold_the_same_body() -> None:
    by_key: dict[object, str] = {}
    dupes = []
    for rel in bodies():
        raw = (ROOT / rel).read_bytes()
        keys: list[object] = [("bytes", raw)]
        if rel.endswith(".json"):
            keys.append(("json", json.dumps(json.loads(raw), sort_keys=True)))
        for key in keys:
            if key in by_key:
                dupes.append((by_key[key], rel))
            by_key.setdefault(key, rel)
    assert not dupes, f"files with the same content: {dupes[:5]}"


@pytest.mark.parametrize(
    ("breakage", "expected"),
    [
        ({"commit": "abc"}, "commit"),
        ({"kind": "response"}, "kind"),
        ({"adapter": "gemini"}, "adapter"),
        ({"licence": "GPL-3.0"}, "licence"),
        ({"tags": ["text", "sparkles"]}, "tags"),
        ({"framing": None}, "framing"),
        ({"file": "anthropic/Bad_Name.stream.sse"}, "file name"),
        ({"shortened": ["not-a-pointer"]}, "shortened"),
    ],
)
def test_the_line_check_catches_breakage(breakage: dict[str, Any], expected: str) -> None:
    good = {
        "file": "anthropic/x-web-search.stream.sse", "repo": "o/r", "path": "a/b.txt", "commit": "0" * 40,
        "licence": "MIT", "adapter": "anthropic", "profile": None, "kind": "stream", "status": 200,
        "tags": ["text", "web-search"], "framing": "recorded",
    }  # fmt: skip
    assert problems_of_line(good) == []
    problems = problems_of_line({**good, **breakage})
    assert any(expected in p for p in problems), problems


def test_the_stream_check_catches_a_broken_event() -> None:
    good = 'event: message_start\ndata: {"type": "message_start"}\n\ndata: [DONE]\n\n'
    assert check_sse(good) == [{"type": "message_start"}]
    with pytest.raises(ValueError):
        check_sse(good.replace('"type"', "type"))
    with pytest.raises(ValueError):
        check_sse("data: [DONE]\n\n")
