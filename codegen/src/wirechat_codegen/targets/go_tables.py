"""The Go tables target: the adapter tables of ``adapters/`` as Go values (decision 028).

Output folder ``go/internal/tables/`` (package ``tables``), wholly generated, importing only
``go/wirechat``, so that ``go/adapters/...`` and ``go/internal/statustable`` import it without a cycle:

- ``types_gen.go``: the table types (``Level``, ``Support``, ``Manifest``, ``ErrorTables``, ``Adapter``),
  which ``go/adapters`` aliases;
- ``status_gen.go``: ``StatusKinds``, ``RetryableKinds`` and the fallback kinds;
- one ``<name>_gen.go`` per adapter that has no ``extends``: ``var <Name> = Adapter{...}`` with its
  endpoints, auth header templates, media types, manifest, error tables and usage map (each count's
  pointers as paths of member names);
- for an adapter with profiles (``openai-compatible``), ``<name>_gen.go`` holding ``var <Name> =
  map[string]*Profile{...}``: each profile's quirks with its adapter tables resolved flat, and
  ``<Name>Profiles``, the profile names in declared order. Kinds are written as
  ``wirechat.ErrorKind...`` / ``wirechat.FinishKind...`` constants, so a kind the schema lacks does not
  compile.

Features come in ``features.json``'s order, then the adapter's own; each table's ``see`` link becomes a
``// See`` comment. The files are laid out by ``gofmt``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from wirechat_codegen.adapter_data import AdapterData, ResolvedAdapter, ResolvedProfile, usage_paths
from wirechat_codegen.targets import GenerationInput, Target, banner_lines
from wirechat_codegen.targets.go_code import go_name, go_string

OUTPUT_DIR = "go/internal/tables"
PACKAGE = "tables"
WIRECHAT = "github.com/wirechat/wirechat/go/wirechat"

TYPES = """// Level is how an adapter carries a feature: lossless, degraded or refused.
type Level string

// The three levels of the capability manifest.
const (
	Lossless Level = "lossless"
	Degraded Level = "degraded"
	Refused  Level = "refused"
)

// Support is one manifest entry: the level and, for degraded, the warning text, for refused, the reason.
type Support struct {
	Level   Level
	Message string
}

// Manifest is an adapter's capability manifest.
type Manifest struct {
	Features map[string]Support
	// FinishReasons maps the provider's finish reasons to kinds; FinishDefaults is the provider value
	// sent for each kind when the canonical raw value is not the provider's own.
	FinishReasons  map[string]wirechat.FinishKind
	FinishDefaults map[wirechat.FinishKind]string
	// DefaultMaxTokens is sent when a request has no max_tokens and the provider requires one (0: none).
	DefaultMaxTokens int64
	// StatusRetryable holds the provider's documented exceptions to the shared status table.
	StatusRetryable map[int]bool
	// OptionsSchema is the JSON Schema (as JSON text) of the adapter's own provider_options entry, checked
	// before a request is encoded ("" : no check).
	OptionsSchema string
	// CallOptionsSchemas holds, per other call kind (embed, complete), the JSON Schema text of
	// provider_options on that call; a kind not listed has its options merged unchecked.
	CallOptionsSchemas map[string]string
}

// ErrorTables are an adapter's error tables: per body member read (type, code, status), value -> kind;
// kinds by HTTP status where the adapter's differ from the shared table; values never worth retrying;
// and what an encoded error carries.
type ErrorTables struct {
	KindOf          map[string]map[string]wirechat.ErrorKind
	KindOfStatus    map[int]wirechat.ErrorKind
	NotRetryable    map[string][]string
	StatusOfType    map[string]int
	TypeOfKind      map[wirechat.ErrorKind]string
	StatusOfKind    map[wirechat.ErrorKind]int
	TypeOfStatus    map[int]string
	DefaultType     string
	DefaultStatus   int
	RequestIDHeader string
}

// UsageCount is one canonical TokenUsage count (its JSON name) and the provider members it is read from,
// each a path of member names under the usage object: summed (Op "sum") or the first present (Op "first").
type UsageCount struct {
	Count string
	Op    string
	Paths [][]string
}

// UsageMap is an adapter's usage map: where the usage object sits (At, a JSON pointer) and its counts, in
// the order adapters/<name>.adapter.json declares them.
type UsageMap struct {
	At     string
	Counts []UsageCount
}

// Adapter is everything about one adapter that is a table: its names, endpoints, auth header templates
// ({api_key} stands for the key), media types, manifest, error tables and usage map.
type Adapter struct {
	Name        string
	Provider    string
	BaseURL     string
	Paths       map[string]string
	// StreamBody (JSON text, its members in order) is merged into a request body to stream it: an object
	// member into the body's own.
	StreamBody  string
	StreamPaths map[string]string
	APIKeyEnv   string
	AuthHeaders map[string]string
	MediaTypes  map[string][]string
	Manifest    *Manifest
	Errors      ErrorTables
	Usage       UsageMap
}

// Profile is one OpenAI-compatible server family's quirks (adapters/profiles/*.profile.json; Python's
// wirechat.adapters._profile.Profile has each field's meaning), with the adapter it resolves to.
type Profile struct {
	Name             string
	Title            string
	Issuer           string
	// DefaultAPIKey is the placeholder bearer token sent when no key is given ("": a key is required).
	DefaultAPIKey    string
	ReasoningFields  []string
	ReasoningReplay  string
	StreamUsage      string
	ToolCallIDs      string
	MaxTokensField   string
	OpenOptions      bool
	RefusedOptions   map[string]string
	ReasoningDetails bool
	ReasoningChunks  bool
	KeptBody         []string
	KeptChoice       []string
	ExecutedTools    bool
	ProviderTools    bool
	Embeddings       bool
	Notes            string
	Adapter          Adapter
}
"""


def _header(version: str, source: str) -> str:
    lines = banner_lines(version)
    lines[0] = f"Code generated by wirechat-codegen from {source}. DO NOT EDIT."
    return "\n".join(f"// {line}" for line in lines) + f"\n\npackage {PACKAGE}\n"


def _json(value: Any) -> str:
    """A Go string literal of ``value``'s compact JSON text (a raw literal where it can be one)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return f"`{text}`" if "`" not in text else go_string(text)


def _block(opener: str, items: list[str]) -> str:
    """A composite literal: ``opener``, one item per line, the closing brace on its own line."""
    if not items:
        return opener + "}"
    return opener + "".join(f"\n{item}," for item in items) + "\n}"


def _strings(table: Mapping[str, str], key_type: str = "string") -> str:
    keys = (lambda k: k) if key_type == "int" else go_string
    return _block(f"map[{key_type}]string{{", [f"{keys(k)}: {go_string(v)}" for k, v in table.items()])


def _error_kind(kind: str) -> str:
    return f"wirechat.ErrorKind{go_name(kind)}"


def _finish_kind(kind: str) -> str:
    return f"wirechat.FinishKind{go_name(kind)}"


def _features(doc: Mapping[str, Any], vocabulary: Mapping[str, str]) -> str:
    groups = doc["features"]
    support = {name: "{Level: Lossless}" for name in groups.get("lossless", [])}
    for level in ("degraded", "refused"):
        support.update(
            {
                name: f"{{Level: {level.capitalize()}, Message: {go_string(text)}}}"
                for name, text in groups[level].items()
            }
            if level in groups
            else {}
        )
    order = [name for name in [*vocabulary, *doc.get("own_features", {})] if name in support]
    return _block("map[string]Support{", [f"{go_string(name)}: {support[name]}" for name in order])


def _manifest(doc: Mapping[str, Any], vocabulary: Mapping[str, str]) -> str:
    finish = doc["finish"]
    reads = _block(
        "map[string]wirechat.FinishKind{", [f"{go_string(r)}: {_finish_kind(k)}" for r, k in finish["read"].items()]
    )
    writes = _block(
        "map[wirechat.FinishKind]string{", [f"{_finish_kind(k)}: {go_string(r)}" for k, r in finish["write"].items()]
    )
    retry = doc["errors"].get("status_retryable", {})
    members = [
        f"Features: {_features(doc, vocabulary)}",
        f"FinishReasons: {reads}",
        f"FinishDefaults: {writes}",
        f"DefaultMaxTokens: {doc.get('default_max_tokens', 0)}",
        "StatusRetryable: map[int]bool{" + ", ".join(f"{s}: {str(v).lower()}" for s, v in retry.items()) + "}",
    ]
    members.append(f"OptionsSchema: {_json(doc.get('options_schema', {'type': 'object'}))}")
    if doc.get("call_options_schemas"):
        calls = [f"{go_string(kind)}: {_json(schema)}" for kind, schema in doc["call_options_schemas"].items()]
        members.append("CallOptionsSchemas: " + _block("map[string]string{", calls))
    return _block("&Manifest{", members)


def _errors(doc: Mapping[str, Any], data: AdapterData) -> str:
    errors = doc["errors"]
    if "like" in errors:
        errors = {**data.adapters[errors["like"]].document["errors"], **errors}
    write = errors.get("write", {})
    kind_of = [
        f"{go_string(member)}: " + _block("{", [f"{go_string(v)}: {_error_kind(k)}" for v, k in table.items()])
        for member, table in errors.get("kind_of", {}).items()
    ]
    members = [
        "KindOf: " + _block("map[string]map[string]wirechat.ErrorKind{", kind_of),
        "KindOfStatus: "
        + _block(
            "map[int]wirechat.ErrorKind{",
            [f"{s}: {_error_kind(k)}" for s, k in errors.get("kind_of_status", {}).items()],
        ),
        "NotRetryable: "
        + _block(
            "map[string][]string{",
            [f"{go_string(m)}: {{{', '.join(map(go_string, v))}}}" for m, v in errors.get("not_retryable", {}).items()],
        ),
        "StatusOfType: "
        + _block("map[string]int{", [f"{go_string(t)}: {s}" for t, s in write.get("status_of_type", {}).items()]),
        "TypeOfKind: "
        + _block(
            "map[wirechat.ErrorKind]string{",
            [f"{_error_kind(k)}: {go_string(t)}" for k, t in write.get("type_of_kind", {}).items()],
        ),
        "StatusOfKind: "
        + _block(
            "map[wirechat.ErrorKind]int{",
            [f"{_error_kind(k)}: {s}" for k, s in write.get("status_of_kind", {}).items()],
        ),
        f"TypeOfStatus: {_strings(write.get('type_of_status', {}), 'int')}",
    ]
    if "default_type" in write:
        members.append(f"DefaultType: {go_string(write['default_type'])}")
    if "default_status" in write:
        members.append(f"DefaultStatus: {write['default_status']}")
    if "request_id_header" in errors:
        members.append(f"RequestIDHeader: {go_string(errors['request_id_header'])}")
    return _block("ErrorTables{", members)


def _see(table: Any) -> str:
    link = table.get("see") if isinstance(table, Mapping) else None
    return f"\n// See {link}" if link else ""


def _usage(doc: Mapping[str, Any]) -> str:
    usage = doc.get("usage")
    if not usage:
        return "UsageMap{}"
    counts = []
    for count, rule in usage["counts"].items():
        ((op, pointers),) = rule.items()
        paths = "[][]string{" + ", ".join(_go_list(path)[len("[]string") :] for path in usage_paths(pointers)) + "}"
        counts.append(f"{{Count: {go_string(count)}, Op: {go_string(op)}, Paths: {paths}}}")
    return f"UsageMap{{At: {go_string(usage['at'])}, Counts: " + _block("[]UsageCount{", counts) + "}"


def var_name(adapter: str) -> str:
    """``openai-chat`` -> ``OpenaiChat``: the exported Go name of an adapter's tables."""
    return "".join(part[:1].upper() + part[1:] for part in adapter.split("-"))


def _adapter_value(doc: Mapping[str, Any], data: AdapterData) -> str:
    """The ``Adapter{...}`` literal of a resolved adapter document."""
    endpoints, auth = doc.get("endpoints", {}), doc.get("auth", {})
    stream = endpoints.get("stream", {})
    media = {kind: types for kind, types in doc.get("media_types", {}).items() if kind != "see"}
    media_go = _block(
        "map[string][]string{", [f"{go_string(k)}: {{{', '.join(map(go_string, v))}}}" for k, v in media.items()]
    )
    members = [
        f"Name: {go_string(doc['name'])}",
        f"Provider: {go_string(doc['provider'])}",
        f"{_see(endpoints)}\nBaseURL: {go_string(endpoints.get('base_url', ''))}",
        f"Paths: {_strings(endpoints.get('paths', {}))}",
        f"StreamBody: {_json(stream.get('body', {}))}",
        f"StreamPaths: {_strings(stream.get('paths', {}))}",
        f"APIKeyEnv: {go_string(auth.get('api_key_env', ''))}",
        f"AuthHeaders: {_strings(auth.get('headers', {}))}",
        f"{_see(doc.get('media_types'))}\nMediaTypes: {media_go}",
        f"{_see(doc['features'])}\nManifest: {_manifest(doc, data.features)}",
        f"{_see(doc['errors'])}\nErrors: {_errors(doc, data)}",
        f"{_see(doc.get('usage'))}\nUsage: {_usage(doc)}",
    ]
    return _block("Adapter{", members)


def render_adapter(adapter: ResolvedAdapter, data: AdapterData, version: str) -> str:
    doc = adapter.document
    name = var_name(doc["name"])
    return (
        f"{_header(version, adapter.source)}\n"
        f'import "{WIRECHAT}"\n\n'
        f"// {name} holds the tables of the {doc['name']} adapter ({doc['title']}).\n"
        f"var {name} = " + _adapter_value(doc, data) + "\n"
    )


def _go_list(values: Any) -> str:
    return "[]string{" + ", ".join(map(go_string, values)) + "}"


def _profile_value(profile: ResolvedProfile, data: AdapterData) -> str:
    own = profile.profile
    members = [
        f"Name: {go_string(own['name'])}",
        f"Title: {go_string(own['title'])}",
        f"Issuer: {go_string(own['issuer'])}",
        f"DefaultAPIKey: {go_string(own.get('default_api_key') or '')}",
        f"ReasoningFields: {_go_list(own['reasoning_fields'])}",
        f"ReasoningReplay: {go_string(own['reasoning_replay'])}",
        f"StreamUsage: {go_string(own['stream_usage'])}",
        f"ToolCallIDs: {go_string(own['tool_call_ids'])}",
        f"MaxTokensField: {go_string(own['max_tokens_field'])}",
        f"OpenOptions: {str(own['open_options']).lower()}",
        f"RefusedOptions: {_strings(own.get('refused_options', {}))}",
        f"ReasoningDetails: {str(own.get('reasoning_details', False)).lower()}",
        f"ReasoningChunks: {str(own.get('reasoning_chunks', False)).lower()}",
        f"KeptBody: {_go_list(own.get('kept_body', []))}",
        f"KeptChoice: {_go_list(own.get('kept_choice', []))}",
        f"ExecutedTools: {str(own.get('executed_tools', False)).lower()}",
        f"ProviderTools: {str(own.get('provider_tools', False)).lower()}",
        f"Embeddings: {str(own.get('embeddings', True)).lower()}",
        f"Notes: {go_string(own.get('notes', ''))}",
        f"Adapter: {_adapter_value(profile.adapter, data)}",
    ]
    return _see(own) + "\n" + go_string(profile.name) + ": " + _block("{", members)


def render_compatible(adapter: ResolvedAdapter, data: AdapterData, version: str) -> str:
    """The profiles of an adapter that has them (``openai-compatible``), each with its tables resolved flat."""
    profiles = [profile for profile in data.profiles.values() if profile.profile["extends"] == adapter.name]
    doc = adapter.document
    name = var_name(doc["name"])
    return (
        f"{_header(version, adapter.source + ' and adapters/profiles/')}\n"
        f'import "{WIRECHAT}"\n\n'
        f"// {name} holds each profile of the {doc['name']} adapter ({doc['title']}) by name, with the\n"
        "// adapter's tables resolved flat for it.\n"
        f"var {name} = " + _block("map[string]*Profile{", [_profile_value(p, data) for p in profiles]) + "\n\n"
        f"// {name}Profiles are the profile names in the order the adapter lists them.\n"
        f"var {name}Profiles = {_go_list([p.name for p in profiles])}\n"
    )


def render_status(data: AdapterData, version: str) -> str:
    status = data.status
    fallback = status["fallback"]
    kinds = "".join(f"\n{code}: {_error_kind(kind)}," for code, kind in status["status_kinds"].items())
    retry = "".join(f"\n{_error_kind(kind)}: true," for kind in status["retryable_kinds"])
    return (
        f"{_header(version, 'adapters/status.json')}\n"
        f'import "{WIRECHAT}"\n'
        "\n// StatusKinds are the statuses whose meaning is fixed; the others fall back to the kinds below."
        f"{_see(status)}\n"
        f"var StatusKinds = map[int]wirechat.ErrorKind{{{kinds}\n}}\n\n"
        "// RetryableKinds are the kinds worth sending again by default.\n"
        f"var RetryableKinds = map[wirechat.ErrorKind]bool{{{retry}\n}}\n\n"
        "// The kinds of an error without a status (one inside a 200 stream), of a 5xx the table does not\n"
        "// name, and of any other status it does not name.\n"
        "const (\n"
        f"NoStatusKind = {_error_kind(fallback['no_status'])}\n"
        f"ServerErrorKind = {_error_kind(fallback['server_error'])}\n"
        f"OtherStatusKind = {_error_kind(fallback['other'])}\n"
        ")\n"
    )


def render(source: GenerationInput, out: Path) -> None:
    """Write the package into ``out``; nothing without ``adapters/``."""
    data = source.adapters
    if data is None:
        return
    version = source.version
    (out / "types_gen.go").write_text(
        f"{_header(version, 'adapters/adapter.schema.json')}\n"
        "// Package tables holds the adapter tables generated from adapters/ (decision 028).\n\n"
        f'import "{WIRECHAT}"\n\n{TYPES}',
        encoding="utf-8",
    )
    (out / "status_gen.go").write_text(render_status(data, version), encoding="utf-8")
    for adapter in data.adapters.values():
        text = (
            render_adapter(adapter, data, version)
            if adapter.extends is None
            else render_compatible(adapter, data, version)
        )
        (out / f"{adapter.name.replace('-', '_')}_gen.go").write_text(text, encoding="utf-8")
    gofmt = shutil.which("gofmt")
    if gofmt is None:
        raise RuntimeError("the Go tables target needs gofmt on PATH (the Go toolchain)")
    subprocess.run([gofmt, "-w", str(out)], check=True)


TARGET = Target(name="go-tables", output_dir=OUTPUT_DIR, render=render)
