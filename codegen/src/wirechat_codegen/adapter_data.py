"""The adapter tables under ``adapters/`` (decision 028): loaded, validated, resolved and checked.

``load_adapter_data(repo_root)`` reads every file with duplicate members refused
(``adapter_format.load``), validates each against its JSON Schema (``adapter.schema.json``,
``profile.schema.json``, ``features.schema.json``, ``status.schema.json``, with ``jsonschema`` 2020-12),
resolves ``extends`` (an adapter over another, a profile over its adapter), runs the semantic checks below
and returns an ``AdapterData`` whose adapters and profiles are flat: no language merges at run time.

Resolution: objects are merged member by member (the extending file wins), except ``endpoints.paths``,
``options_schema`` and each schema of ``call_options_schemas``, which are replaced whole; arrays are replaced,
except ``errors.cases``, which are added after the parent's; ``features`` are merged per feature (a feature
the child declares leaves the parent's group); an inherited ``call_options_schemas`` entry whose call the
resolved ``endpoints.paths`` lacks is dropped. A profile becomes the adapter it extends with its ``base_url``,
``api_key_env`` and ``default_api_key``, its features, its ``finish.read`` additions, its options schema
(``options``, ``open_options``), without ``/embeddings`` when ``embeddings`` is false and without
``stream_options`` in the stream body when its usage is not asked that way (``stream_usage``) (and so without
the ``embed`` options schema when it has no embeddings).

Semantic checks (the schema cannot say them): every feature of ``features.json`` declared exactly once per
resolved adapter, and no other name unless ``own_features`` describes it; every kind a value of the wire
schema's ``FinishKind`` / ``ErrorKind``; each ``finish.write`` value known to ``finish.read``; each
``type_of_kind`` value with a status in ``status_of_type``; every status 100-599; every ``usage.counts`` key
a ``TokenUsage`` member, with exactly one of ``sum``/``first``; every message rule with exactly one of
``contains``/``matches``; each profile file listed once in its adapter's ``profiles`` (their order is the
registry's); ``see`` and ``base_url`` links ``https://`` (``http://localhost`` for a local
server); ``options_schema`` and each of ``call_options_schemas`` valid against the 2020-12 metaschema, and
each kind of a file's own ``call_options_schemas`` a call the adapter serves (a key of its resolved
``endpoints.paths``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
from referencing import Registry, Resource

from wirechat_codegen.adapter_format import AdapterFileError, dumps, load
from wirechat_codegen.lint import lint_keywords
from wirechat_codegen.schema_files import SchemaFile

__all__ = [
    "ADAPTERS_DIR",
    "AdapterData",
    "AdapterDataError",
    "ResolvedAdapter",
    "ResolvedProfile",
    "layout_problems",
    "load_adapter_data",
    "merge_features",
    "usage_paths",
    "write_layout",
]

ADAPTERS_DIR = "adapters"
SCHEMAS = ("adapter", "profile", "features", "status")
SCHEMA_BASE = "https://wirechat.dev/adapters/"
_REPLACED = frozenset(
    {"/endpoints/paths", "/options_schema", "/call_options_schemas/embed", "/call_options_schemas/complete"}
)
"""Objects an extending file replaces whole instead of merging (an endpoint set, a JSON Schema)."""
_LINK = re.compile(r"^(https://[^\s]+|http://localhost(:[0-9]+)?(/[^\s]*)?)$")


class AdapterDataError(ValueError):
    """The adapter data breaks its schema or a semantic check; ``problems`` lists each as ``file: where: what``."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class ResolvedAdapter:
    """One adapter with ``extends`` resolved: ``document`` holds every member the adapter has."""

    name: str
    source: str
    """The file it was read from, relative to the repository (``adapters/anthropic.adapter.json``)."""
    document: Mapping[str, Any]
    extends: str | None = None
    """The adapter it was resolved over, if any."""
    declared: Mapping[str, Any] | None = None
    """The file's own members, before ``extends`` was resolved."""


@dataclass(frozen=True)
class ResolvedProfile:
    """One compatible-server profile: its own members (``profile``) and the adapter it resolves to."""

    name: str
    source: str
    profile: Mapping[str, Any]
    adapter: Mapping[str, Any]


@dataclass(frozen=True)
class AdapterData:
    """Everything under ``adapters/``, checked and resolved."""

    features: Mapping[str, str]
    status: Mapping[str, Any]
    adapters: Mapping[str, ResolvedAdapter]
    profiles: Mapping[str, ResolvedProfile]


def _files(root: Path) -> list[Path]:
    folder = root / ADAPTERS_DIR
    return sorted([*folder.glob("*.json"), *(folder / "profiles").glob("*.json")])


def layout_problems(repo_root: Path) -> list[str]:
    """The files under ``adapters/`` not in the one layout (``adapter_format.dumps``)."""
    problems = []
    for path in _files(repo_root):
        text = path.read_text(encoding="utf-8")
        try:
            if dumps(load(path)) != text:
                problems.append(f"{path.relative_to(repo_root).as_posix()}: not in the layout")
        except AdapterFileError as exc:
            problems.append(f"{path.relative_to(repo_root).as_posix()}: {exc}")
    return problems


def write_layout(repo_root: Path) -> list[str]:
    """Rewrite the files under ``adapters/`` not in the layout; return them (relative to the repository)."""
    written = []
    for path in _files(repo_root):
        text = dumps(load(path))
        if path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            written.append(path.relative_to(repo_root).as_posix())
    return written


def merge_features(parent: Mapping[str, Any], child: Mapping[str, Any]) -> dict[str, Any]:
    """``features`` groups of an extending file over its parent's, per feature."""
    merged: dict[str, Any] = _merge(parent, child, "/features")
    return merged


def _merge(parent: Any, child: Any, at: str = "") -> Any:
    if at == "/features":
        merged: dict[str, Any] = {"lossless": [], "degraded": {}, "refused": {}}
        declared = _levels(child)
        for name, (level, text) in {**_levels(parent), **declared}.items():
            if level == "lossless":
                merged["lossless"].append(name)
            else:
                merged[level][name] = text
        see = child.get("see", parent.get("see"))
        return {**({"see": see} if see else {}), **merged}
    if at == "/errors/cases":
        return [*parent, *child]
    if at in _REPLACED:
        return child
    if isinstance(parent, dict) and isinstance(child, dict):
        out = dict(parent)
        for key, value in child.items():
            out[key] = _merge(parent[key], value, f"{at}/{key}") if key in parent else value
        return out
    return child


def _levels(features: Mapping[str, Any]) -> dict[str, tuple[str, str]]:
    levels: dict[str, tuple[str, str]] = {name: ("lossless", "") for name in features.get("lossless", [])}
    for level in ("degraded", "refused"):
        levels.update({name: (level, text) for name, text in features.get(level, {}).items()})
    return levels


def _wire_enum(repo_root: Path, file: str, name: str) -> set[str]:
    document = load(repo_root / "schema" / "v1" / file)
    return set(document["$defs"][name]["enum"])


class _Checker:
    """The semantic checks of one resolved adapter document."""

    def __init__(self, repo_root: Path, features: Mapping[str, str]) -> None:
        self.features = features
        self.error_kinds = _wire_enum(repo_root, "error.schema.json", "ErrorKind")
        self.finish_kinds = _wire_enum(repo_root, "finish_reason.schema.json", "FinishKind")
        self.usage_members = set(load(repo_root / "schema" / "v1" / "token_usage.schema.json")["properties"])

    def run(self, doc: Mapping[str, Any]) -> Iterator[str]:
        yield from self.feature_set(doc)
        yield from self.links(doc, "")
        finish = doc.get("finish", {})
        for raw, kind in finish.get("read", {}).items():
            if kind not in self.finish_kinds:
                yield f"/finish/read/{raw}: {kind!r} is not a FinishKind"
        for kind, raw in finish.get("write", {}).items():
            if kind not in self.finish_kinds:
                yield f"/finish/write/{kind}: {kind!r} is not a FinishKind"
            if raw not in finish.get("read", {}):
                yield f"/finish/write/{kind}: {raw!r} is not a value finish.read knows"
        yield from self.errors(doc.get("errors", {}))
        for member, count in doc.get("usage", {}).get("counts", {}).items():
            if member not in self.usage_members:
                yield f"/usage/counts/{member}: not a TokenUsage member"
            if len(count) != 1:
                yield f"/usage/counts/{member}: exactly one of sum, first"
        options = doc.get("options_schema")
        if options is not None:
            try:
                jsonschema.Draft202012Validator.check_schema(options)
            except jsonschema.SchemaError as exc:
                yield f"/options_schema: not a valid JSON Schema: {exc.message}"
        yield from self.call_options(doc)

    @staticmethod
    def call_options(doc: Mapping[str, Any]) -> Iterator[str]:
        for kind, schema in doc.get("call_options_schemas", {}).items():
            try:
                jsonschema.Draft202012Validator.check_schema(schema)
            except jsonschema.SchemaError as exc:
                yield f"/call_options_schemas/{kind}: not a valid JSON Schema: {exc.message}"

    def feature_set(self, doc: Mapping[str, Any]) -> Iterator[str]:
        seen: dict[str, str] = {}
        groups = doc["features"]
        for level in ("lossless", "degraded", "refused"):
            for name in groups.get(level, []):
                if name in seen:
                    yield f"/features/{level}: {name!r} is also declared {seen[name]}"
                seen[name] = level
        own = doc.get("own_features", {})
        for name in self.features:
            if name not in seen:
                yield f"/features: {name!r} (features.json) is not declared"
        for name in seen:
            if name not in self.features and name not in own:
                yield f"/features: {name!r} is neither in features.json nor in own_features"
        for name in own:
            if name in self.features:
                yield f"/own_features/{name}: already in features.json"
            elif name not in seen:
                yield f"/own_features/{name}: described but not declared in features"

    def links(self, node: Any, at: str) -> Iterator[str]:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("see", "base_url") and isinstance(value, str) and not _LINK.match(value):
                    yield f"{at}/{key}: {value!r} is not https:// (or http://localhost)"
                elif key not in ("options_schema", "call_options_schemas"):
                    yield from self.links(value, f"{at}/{key}")

    def errors(self, errors: Mapping[str, Any]) -> Iterator[str]:
        for member, table in errors.get("kind_of", {}).items():
            if member not in errors.get("read", {}):
                yield f"/errors/kind_of/{member}: not a member errors.read names"
            for value, kind in table.items():
                if kind not in self.error_kinds:
                    yield f"/errors/kind_of/{member}/{value}: {kind!r} is not an ErrorKind"
        for status, kind in errors.get("kind_of_status", {}).items():
            yield from self.status_key(status, "/errors/kind_of_status")
            if kind not in self.error_kinds:
                yield f"/errors/kind_of_status/{status}: {kind!r} is not an ErrorKind"
        for status in errors.get("status_retryable", {}):
            yield from self.status_key(status, "/errors/status_retryable")
        for index, rule in enumerate(errors.get("message_rules", [])):
            if ("contains" in rule) == ("matches" in rule):
                yield f"/errors/message_rules/{index}: exactly one of contains, matches"
            for key in ("kind", "becomes"):
                if rule[key] not in self.error_kinds:
                    yield f"/errors/message_rules/{index}/{key}: {rule[key]!r} is not an ErrorKind"
        write = errors.get("write", {})
        for kind, type_ in write.get("type_of_kind", {}).items():
            if kind not in self.error_kinds:
                yield f"/errors/write/type_of_kind/{kind}: not an ErrorKind"
            if "status_of_type" in write and type_ not in write["status_of_type"]:
                yield f"/errors/write/type_of_kind/{kind}: {type_!r} has no status in status_of_type"
        for kind in write.get("status_of_kind", {}):
            if kind not in self.error_kinds:
                yield f"/errors/write/status_of_kind/{kind}: not an ErrorKind"
        for status in write.get("type_of_status", {}):
            yield from self.status_key(status, "/errors/write/type_of_status")
        for index, case in enumerate(errors.get("cases", [])):
            if case["kind"] not in self.error_kinds:
                yield f"/errors/cases/{index}/kind: {case['kind']!r} is not an ErrorKind"
            if "body" in case and "body_text" in case:
                yield f"/errors/cases/{index}: body or body_text, not both"

    @staticmethod
    def status_key(status: str, at: str) -> Iterator[str]:
        if not (status.isdigit() and 100 <= int(status) <= 599):
            yield f"{at}/{status}: not an HTTP status (100-599)"


def _validators(folder: Path) -> tuple[dict[str, jsonschema.Draft202012Validator], list[str]]:
    schemas = {name: load(folder / f"{name}.schema.json") for name in SCHEMAS}
    files = [SchemaFile(f"{name}.schema.json", folder / f"{name}.schema.json", doc) for name, doc in schemas.items()]
    problems = [f"{ADAPTERS_DIR}/{problem}" for problem in lint_keywords(files, SCHEMA_BASE)]
    for name, schema in schemas.items():
        try:
            jsonschema.Draft202012Validator.check_schema(schema)
        except jsonschema.SchemaError as exc:
            problems.append(f"{ADAPTERS_DIR}/{name}.schema.json: not a valid JSON Schema: {exc.message}")
    registry: Registry[Any] = Registry().with_resources(
        (schema["$id"], Resource.from_contents(schema)) for schema in schemas.values()
    )
    validators = {
        name: jsonschema.Draft202012Validator(schema, registry=registry, format_checker=None)
        for name, schema in schemas.items()
    }
    return validators, problems


def _validate(validator: jsonschema.Draft202012Validator, document: Any, source: str) -> list[str]:
    return [
        f"{source}: /{'/'.join(map(str, error.absolute_path))}: {error.message}"
        for error in sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))
    ]


def _profile_adapter(profile: Mapping[str, Any], base: Mapping[str, Any]) -> dict[str, Any]:
    open_options = profile["open_options"]
    extra = "sent as given" if open_options else "refused (the server would ignore them silently)"
    child: dict[str, Any] = {
        "name": f"{base['name']}:{profile['name']}" if profile["name"] != "generic" else base["name"],
        "title": profile["title"],
        "endpoints": {"base_url": profile["base_url"]},
        "auth": {"api_key_env": profile["api_key_env"]},
        "features": profile.get("features", {}),
        "finish": {"read": profile.get("finish", {}).get("read", {})},
        "options_schema": {
            "type": "object",
            "description": f"Extra body members for {profile['title']}; members not listed here are {extra}.",
            "properties": profile["options"],
            "additionalProperties": open_options,
        },
    }
    if "default_api_key" in profile:
        child["auth"]["default_api_key"] = profile["default_api_key"]
    if "oracles" in profile:
        child["oracles"] = profile["oracles"]
    resolved: dict[str, Any] = _merge(base, child)
    resolved.pop("profiles", None)
    endpoints = resolved["endpoints"]
    if profile.get("embeddings", True) is False:
        endpoints["paths"] = {kind: path for kind, path in endpoints["paths"].items() if kind != "embed"}
    if profile["stream_usage"] != "stream_options" and "stream" in endpoints:
        body = {key: value for key, value in endpoints["stream"].get("body", {}).items() if key != "stream_options"}
        endpoints["stream"] = {**endpoints["stream"], "body": body}
    return _served_calls(resolved)


def _served_calls(resolved: dict[str, Any]) -> dict[str, Any]:
    """``resolved`` without the ``call_options_schemas`` of calls its ``endpoints.paths`` lacks (inherited from
    an adapter that serves them); the member goes when none is left."""
    if "call_options_schemas" in resolved:
        served = resolved.get("endpoints", {}).get("paths", {})
        calls = {kind: schema for kind, schema in resolved["call_options_schemas"].items() if kind in served}
        resolved["call_options_schemas"] = calls
        if not calls:
            del resolved["call_options_schemas"]
    return resolved


def _resolve(name: str, raw: Mapping[str, dict[str, Any]], depth: int = 0) -> dict[str, Any]:
    document = {key: value for key, value in raw[name].items() if key != "$schema"}
    parent = document.pop("extends", None)
    if parent is None:
        return document
    if parent not in raw:
        raise AdapterDataError([f"{ADAPTERS_DIR}/{name}.adapter.json: /extends: no adapter {parent!r}"])
    if depth >= 2:
        raise AdapterDataError([f"{ADAPTERS_DIR}/{name}.adapter.json: /extends: more than two levels (or a cycle)"])
    return _served_calls(_merge(_resolve(parent, raw, depth + 1), document))


def load_adapter_data(repo_root: Path) -> AdapterData:
    """Everything under ``repo_root/adapters``, validated, resolved and checked; ``AdapterDataError`` listing
    every problem (``AdapterFileError`` for a file that is not JSON or names a member twice)."""
    folder = repo_root / ADAPTERS_DIR
    validators, problems = _validators(folder)
    features_doc, status_doc = load(folder / "features.json"), load(folder / "status.json")
    problems += _validate(validators["features"], features_doc, f"{ADAPTERS_DIR}/features.json")
    problems += _validate(validators["status"], status_doc, f"{ADAPTERS_DIR}/status.json")
    raw: dict[str, dict[str, Any]] = {}
    for path in sorted(folder.glob("*.adapter.json")):
        source = f"{ADAPTERS_DIR}/{path.name}"
        document = load(path)
        problems += _validate(validators["adapter"], document, source)
        if document.get("name") != path.name.removesuffix(".adapter.json"):
            problems.append(f"{source}: /name: {document.get('name')!r} is not the file's name")
        raw[path.name.removesuffix(".adapter.json")] = document
    raw_profiles: dict[str, dict[str, Any]] = {}
    for path in sorted((folder / "profiles").glob("*.profile.json")):
        source = f"{ADAPTERS_DIR}/profiles/{path.name}"
        document = load(path)
        problems += _validate(validators["profile"], document, source)
        if document.get("name") != path.name.removesuffix(".profile.json"):
            problems.append(f"{source}: /name: {document.get('name')!r} is not the file's name")
        raw_profiles[path.name.removesuffix(".profile.json")] = document
    if problems:
        raise AdapterDataError(problems)
    checker = _Checker(repo_root, features_doc["features"])
    adapters: dict[str, ResolvedAdapter] = {}
    for name, own in raw.items():
        document = _resolve(name, raw)
        source = f"{ADAPTERS_DIR}/{name}.adapter.json"
        problems += [f"{source}: {problem}" for problem in checker.run(document)]
        for kind in own.get("call_options_schemas", {}):
            if kind not in document.get("endpoints", {}).get("paths", {}):
                problems.append(f"{source}: /call_options_schemas/{kind}: the adapter serves no {kind} call "
                                "(endpoints.paths has none)")  # fmt: skip
        declared = {key: value for key, value in own.items() if key != "$schema"}
        adapters[name] = ResolvedAdapter(name, source, document, own.get("extends"), declared)
    profiles: dict[str, ResolvedProfile] = {}
    for name, profile in raw_profiles.items():
        source = f"{ADAPTERS_DIR}/profiles/{name}.profile.json"
        if profile["extends"] not in adapters:
            problems.append(f"{source}: /extends: no adapter {profile['extends']!r}")
            continue
        resolved = _profile_adapter(profile, adapters[profile["extends"]].document)
        problems += [f"{source}: {problem}" for problem in checker.run(resolved)]
        for kind in profile.get("finish", {}).get("read", {}).values():
            if kind not in checker.finish_kinds:
                problems.append(f"{source}: /finish/read: {kind!r} is not a FinishKind")
        own = {key: value for key, value in profile.items() if key != "$schema"}
        profiles[name] = ResolvedProfile(name, source, own, resolved)
    listed = [name for document in raw.values() for name in document.get("profiles", [])]
    if sorted(listed) != sorted(raw_profiles):
        problems.append(
            f"{ADAPTERS_DIR}: the adapters' `profiles` lists {sorted(listed)} are not the profile files "
            f"{sorted(raw_profiles)} (each listed once)"
        )
    if problems:
        raise AdapterDataError(problems)
    ordered = {name: profiles[name] for name in listed}
    return AdapterData(features_doc["features"], status_doc, adapters, ordered)


def usage_paths(pointers: list[str]) -> list[list[str]]:
    """JSON pointers (``/a/b``) as lists of member names (``~1`` and ``~0`` unescaped)."""
    return [[part.replace("~1", "/").replace("~0", "~") for part in pointer.split("/")[1:]] for pointer in pointers]
