"""Adapter tables are declared once (decision 028): no hand-written file repeats what ``adapters/`` declares.

``docs/decisions/028-copied-tables.py`` made a test, with the keys and literals read from ``adapters/*.json``
instead of the Python modules, over the hand-written adapter files of Python, TypeScript and Go (generated
folders excluded). A line counts when it is an entry keyed by a key of the adapter's tables (a feature, a
finish value, an error type or code, a status, a usage member), holds a literal of its binding (base URL,
key variable, endpoint path, a fixed header value), or is an options schema (a described object schema on one
line, or three values of one enum of the chat or another call's options schema, ``call_options_schemas``).

What is still copied is listed in ``tables-declared-twice.txt`` beside this file, per file with the number
of lines and why; the test fails when a file holds more lines than listed (a table was written by hand
again: declare it in ``adapters/`` instead) or fewer (the entry is stale: lower it). The goal is an empty
list (issue 25).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from tests.conftest import REPO_ROOT
from wirechat_codegen.adapter_data import AdapterData, load_adapter_data

LISTED = Path(__file__).with_name("tables-declared-twice.txt")
ROOTS = {
    "python/src/wirechat/adapters": "py",
    "python/src/wirechat": "py",
    "typescript/src": "ts",
    "go": "go",
}
TABLE_FILES = re.compile(
    r"/(manifest|errors|finish|usage|shapes|index|adapter|__init__|exchange|statustable|profiles"
    r"|embed|complete|extra-calls)\.(py|ts|go)$"
)
GENERATED = ("/_generated/", "/_fast_generated/", "/_tables/", "/generated/", "/tables/", "_gen.go", "/client/")
ENTRY = re.compile(r'^\s*(?:wirechat\.FinishKind\()?["\']?([A-Za-z0-9_.\-]+)["\']?\)?\s*:(?!=)\s*\S')
KEYED = re.compile(r'["\']([^"\']+)["\']:\s*(?:true|false|True|False|-?\d|["\']|wirechat\.)')
# the package folder of each adapter in each language
FOLDERS = {
    "anthropic": ("/anthropic/",),
    "openai-chat": ("/openai_chat/", "/openai-chat/", "/openaichat/"),
    "openai-responses": ("/openai_responses/", "/openai-responses/", "/openairesponses/"),
    "gemini": ("/gemini/",),
    "go-model": ("/go_model/",),
    "querymt": ("/querymt/",),
    "openai-compatible": ("/openai_compatible/", "/openaicompatible/"),
}


def _pointer_members(counts: Mapping[str, Any]) -> set[str]:
    members = set(counts)
    for count in counts.values():
        for pointer in count.get("sum", count.get("first", [])):
            members |= set(pointer.strip("/").split("/"))
    return members


def _enums(schema: Any) -> Iterator[frozenset[str]]:
    """The string enums of three values or more anywhere in an options schema."""
    if isinstance(schema, dict):
        values = schema.get("enum")
        if isinstance(values, list) and len(values) >= 3 and all(isinstance(v, str) for v in values):
            yield frozenset(values)
        for value in schema.values():
            yield from _enums(value)
    elif isinstance(schema, list):
        for value in schema:
            yield from _enums(value)


def option_enums(doc: Mapping[str, Any]) -> list[frozenset[str]]:
    """The enums of one resolved adapter's options schemas: the chat call's and each other call's."""
    schemas = [doc.get("options_schema", {}), *doc.get("call_options_schemas", {}).values()]
    return [enum for schema in schemas for enum in _enums(schema)]


def adapter_keys(doc: Mapping[str, Any]) -> tuple[set[str], set[str]]:
    """The keys of one resolved adapter's tables, and the literals of its binding."""
    features = doc["features"]
    keys = {*features.get("lossless", []), *features.get("degraded", {}), *features.get("refused", {})}
    keys |= set(doc["finish"]["read"]) | set(doc["finish"]["write"])
    errors = doc["errors"]
    for table in errors.get("kind_of", {}).values():
        keys |= set(table)
    write = errors.get("write", {})
    for name in ("status_of_type", "type_of_kind", "status_of_kind", "type_of_status"):
        keys |= {str(key) for key in write.get(name, {})}
    keys |= set(errors.get("kind_of_status", {})) | set(errors.get("status_retryable", {}))
    for values in errors.get("not_retryable", {}).values():
        keys |= set(values)
    keys |= _pointer_members(doc.get("usage", {}).get("counts", {}))
    endpoints, auth = doc.get("endpoints", {}), doc.get("auth", {})
    literals = {endpoints.get("base_url", ""), auth.get("api_key_env", ""), *endpoints.get("paths", {}).values()}
    literals |= {value for value in auth.get("headers", {}).values() if "{" not in value}
    return keys, literals - {""}


def _tables_of(rel: str, data: AdapterData) -> tuple[set[str], set[str], list[frozenset[str]]]:
    for name, folders in FOLDERS.items():
        if any(folder in rel for folder in folders):
            document = data.adapters[name].document
            if name == "openai-compatible":
                document = data.profiles["generic"].adapter
            return (*adapter_keys(document), option_enums(document))
    if rel.endswith(("exchange.py", "exchange.ts", "statustable.go")):
        status = data.status
        return set(status["status_kinds"]) | set(status["retryable_kinds"]), set(), []
    return set(), set(), []


def copied(line: str, keys: set[str], literals: set[str], enums: Sequence[frozenset[str]] = ()) -> bool:
    entry = ENTRY.match(line)
    quoted = set(re.findall(r'"([^"]*)"', line))
    return bool(
        (entry and entry.group(1) in keys)
        or quoted & literals
        or any(key in keys for key in KEYED.findall(line))
        or (re.search(r'["\']type["\']:\s?["\']object["\']', line) and "escription" in line)
        or any(len(quoted & enum) >= 3 for enum in enums)
    )


def hand_written_files() -> Iterator[tuple[str, Path]]:
    seen: set[Path] = set()
    for base, ext in ROOTS.items():
        for path in sorted((REPO_ROOT / base).rglob(f"*.{ext}")):
            rel = path.relative_to(REPO_ROOT).as_posix()
            if path in seen or not TABLE_FILES.search(rel) or any(part in rel for part in GENERATED):
                continue
            if "node_modules" in rel or "/testing/" in rel:
                continue
            seen.add(path)
            yield rel, path


def copied_lines(data: AdapterData) -> dict[str, list[str]]:
    """Per hand-written file, its lines that repeat a table of ``adapters/``."""
    found: dict[str, list[str]] = {}
    for rel, path in hand_written_files():
        keys, literals, enums = _tables_of(rel, data)
        lines = path.read_text(encoding="utf-8").splitlines()
        hits = [line.strip() for line in lines if copied(line, keys, literals, enums)]
        if hits:
            found[rel] = hits
    return found


def listed() -> dict[str, int]:
    entries = {}
    for line in LISTED.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            path, count, *_ = line.split(None, 2)
            entries[path] = int(count)
    return entries


def test_no_table_is_written_by_hand_beyond_the_listed_remainder() -> None:
    found = {rel: len(lines) for rel, lines in copied_lines(load_adapter_data(REPO_ROOT)).items()}
    expected = listed()
    more = {rel: (count, expected.get(rel, 0)) for rel, count in found.items() if count > expected.get(rel, 0)}
    fewer = {rel: (found.get(rel, 0), count) for rel, count in expected.items() if found.get(rel, 0) < count}
    assert not more, f"tables written by hand (found, listed); declare them in adapters/ instead: {more}"
    assert not fewer, f"stale entries in {LISTED.name} (found, listed); lower them: {fewer}"


def test_the_check_sees_a_copied_feature_line() -> None:
    keys, literals = adapter_keys(load_adapter_data(REPO_ROOT).adapters["anthropic"].document)
    assert copied('    "model.absent": r("Messages needs a model"),', keys, literals)
    assert copied('  defaultBaseUrl: "https://api.anthropic.com",', keys, literals)
    assert not copied("  const text = usage.total;", keys, literals)


def test_the_check_sees_a_hand_written_embed_options_schema() -> None:
    """What broke: gemini's embeddings options schema was written by hand in three languages, in files
    (``embed.py``, ``embed.ts``, ``embed.go``) this check did not read, with no enum rule to see it."""
    document = load_adapter_data(REPO_ROOT).adapters["gemini"].document
    keys, literals = adapter_keys(document)
    line = 'const TASK_TYPES = ["RETRIEVAL_QUERY", "RETRIEVAL_DOCUMENT", "SEMANTIC_SIMILARITY", "CLASSIFICATION"];'
    assert copied(line, keys, literals, option_enums(document))
    assert not copied('  "taskType": "RETRIEVAL_QUERY",', keys, literals, option_enums(document))
    assert TABLE_FILES.search("typescript/src/adapters/gemini/embed.ts")
