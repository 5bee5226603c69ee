"""The data under ``adapters/`` and the Python adapters agree (decision 028): what they read from the generated
tables (manifests, profiles, bindings, error tables, error cases) and what they still compute by hand from
the same facts (usage sums against each usage decoder, message rules, kinds read and errors written).

``differences(data)`` lists each value that differs, as ``adapter: what: data value != Python value``; the
tests require it empty, and ``test_a_changed_value_is_a_difference`` shows that one edited value in a JSON
file is caught. Step 1 wrote it against the hand-written tables; once every table is generated, what stays
is the check of the code that interprets them."""

from __future__ import annotations

import importlib
import json
import shutil
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO_ROOT
from wirechat import exchange
from wirechat._generated.models import Error
from wirechat.adapters._contract import Support
from wirechat.adapters.features import FEATURES
from wirechat.adapters.openai_compatible import profiles as compatible_profiles
from wirechat_codegen.adapter_data import AdapterData, load_adapter_data

PACKAGES = {
    "anthropic": "anthropic",
    "openai-chat": "openai_chat",
    "openai-responses": "openai_responses",
    "gemini": "gemini",
    "go-model": "go_model",
    "querymt": "querymt",
}


def _module(name: str) -> Any:
    return importlib.import_module(f"wirechat.adapters.{name}")


def _features(groups: Mapping[str, Any]) -> dict[str, tuple[str, str]]:
    out = {name: ("lossless", "") for name in groups.get("lossless", [])}
    for level in ("degraded", "refused"):
        out.update({name: (level, text) for name, text in groups.get(level, {}).items()})
    return out


def _compare(label: str, data: Any, python: Any) -> Iterator[str]:
    if data != python:
        yield f"{label}: {data!r} != {python!r}"


def _cases(rows: list[tuple[int | None, dict[str, str], Any, str, bool, int | None]]) -> list[dict[str, Any]]:
    out = []
    for status, headers, body, kind, retryable, wait in rows:
        case: dict[str, Any] = {} if status is None else {"status": status}
        if headers:
            case["headers"] = headers
        case["body_text" if isinstance(body, bytes) else "body"] = body.decode() if isinstance(body, bytes) else body
        case |= {"kind": kind, "retryable": retryable}
        if wait is not None:
            case["retry_after_ms"] = wait
        out.append(case)
    return out


def _manifest(name: str, doc: Mapping[str, Any], adapter: Any) -> Iterator[str]:
    manifest = adapter.manifest
    python_features = {feature: (s.level, s.message) for feature, s in manifest.features.items()}
    data_features = _features(doc["features"])
    for feature in sorted(set(python_features) | set(data_features)):
        yield from _compare(f"{name}: feature {feature}", data_features.get(feature), python_features.get(feature))
    yield from _compare(f"{name}: options_schema", doc.get("options_schema"), manifest.options_schema)
    calls = doc.get("call_options_schemas", {})
    yield from _compare(f"{name}: call_options_schemas", calls, dict(manifest.call_options_schemas))
    yield from _compare(f"{name}: finish.read", doc["finish"]["read"], dict(manifest.finish_reasons))
    yield from _compare(f"{name}: finish.write", doc["finish"]["write"], dict(manifest.finish_defaults))
    media = {kind: tuple(types) for kind, types in doc.get("media_types", {}).items() if kind != "see"}
    yield from _compare(f"{name}: media_types", media, dict(manifest.media_types))
    yield from _compare(f"{name}: default_max_tokens", doc.get("default_max_tokens"), manifest.default_max_tokens)
    yield from _compare(f"{name}: assistant_media", tuple(doc.get("assistant_media", ())), manifest.assistant_media)
    yield from _compare(
        f"{name}: reply_reasoning_text", doc.get("reply_reasoning_text", False), manifest.reply_reasoning_text
    )
    yield from _compare(f"{name}: usage_cache_kept", tuple(doc.get("usage_cache_kept", ())), manifest.usage_cache_kept)
    status_retryable = {int(status): verdict for status, verdict in doc["errors"].get("status_retryable", {}).items()}
    yield from _compare(f"{name}: status_retryable", status_retryable, dict(manifest.status_retryable))


def _binding(name: str, doc: Mapping[str, Any], adapter: Any) -> Iterator[str]:
    endpoints, auth = doc.get("endpoints", {}), doc.get("auth", {})
    yield from _compare(f"{name}: base_url", endpoints.get("base_url", ""), adapter.default_base_url)
    yield from _compare(f"{name}: paths", endpoints.get("paths", {}), dict(getattr(adapter, "paths", {})))
    yield from _compare(f"{name}: api_key_env", auth.get("api_key_env", ""), adapter.api_key_env)
    yield from _compare(
        f"{name}: default_api_key", auth.get("default_api_key"), getattr(adapter, "default_api_key", None)
    )
    headers = {header: value.replace("{api_key}", "KEY") for header, value in auth.get("headers", {}).items()}
    yield from _compare(f"{name}: auth headers", headers, adapter.auth_headers("KEY"))
    stream = endpoints.get("stream", {})
    if "body" in stream or not stream:
        yield from _compare(f"{name}: stream body", stream.get("body", {}), adapter.stream_request_flags({}))
    for kind, path in stream.get("paths", {}).items():
        found, _ = adapter.request_target(kind, {"model": "m-1"}, stream=True)
        yield from _compare(f"{name}: stream path {kind}", path.replace("{model}", "m-1"), found)
    yield from _compare(f"{name}: oracle", doc.get("oracles", {}).get("python"), adapter.request_oracle)
    yield from _compare(f"{name}: provider", doc["provider"], adapter.provider)


def _error_tables(name: str, doc: Mapping[str, Any], errors: Any) -> Iterator[str]:
    table = doc["errors"]
    if name == "openai-responses":
        yield from _compare(f"{name}: errors like", table.get("like"), "openai-chat")
        table = {**_data().adapters["openai-chat"].document["errors"], "cases": table["cases"]}
        errors = _module("openai_chat.errors")
    if name != "openai-responses":
        yield from _compare(f"{name}: errors cases", table["cases"], _cases(errors.ERROR_CASES))
    yield from _error_behaviour(name, table, errors)


def _body_with(read: Mapping[str, str], member: str, value: str) -> dict[str, Any]:
    body: dict[str, Any] = {}
    _set(read[member], value, body)
    return body


def _kind_behaviour(name: str, table: Mapping[str, Any], errors: Any) -> Iterator[str]:
    """Each body value of ``kind_of`` reads as its kind, each status of ``kind_of_status`` as its kind, and
    each ``not_retryable`` value as not retryable (an error with no status: nothing else decides)."""
    read = table.get("read", {})
    for member, kinds in table.get("kind_of", {}).items():
        for value, kind in kinds.items():
            found = errors.decode_error(None, {}, _body_with(read, member, value)).kind
            yield from _compare(f"{name}: kind_of {member} {value}", kind, found)
    for status, kind in table.get("kind_of_status", {}).items():
        found = errors.decode_error(int(status), {}, {"error": "m"}).kind
        yield from _compare(f"{name}: kind_of_status {status}", kind, found)
    for member, values in table.get("not_retryable", {}).items():
        for value in values:
            found = errors.decode_error(None, {}, _body_with(read, member, value)).retryable
            yield from _compare(f"{name}: not_retryable {member} {value}", False, found)


def _written_type(body: Mapping[str, Any]) -> Any:
    detail = body.get("error", body)
    return detail.get("type", detail.get("status", body.get("kind"))) if isinstance(detail, Mapping) else None


def _write_behaviour(name: str, write: Mapping[str, Any], errors: Any) -> Iterator[str]:
    """An encoded error of each kind carries the type and status the tables name."""
    for kind, type_ in write.get("type_of_kind", {}).items():
        status, _, body = errors.encode_error(Error(kind=kind, message="m", retryable=False))
        yield from _compare(f"{name}: type_of_kind {kind}", type_, _written_type(body))
        if type_ in write.get("status_of_type", {}):
            yield from _compare(f"{name}: status_of_type {type_}", write["status_of_type"][type_], status)
    for kind, expected in write.get("status_of_kind", {}).items():
        status, _, _ = errors.encode_error(Error(kind=kind, message="m", retryable=True))
        yield from _compare(f"{name}: status_of_kind {kind}", expected, status)


def _set(pointer: str, value: Any, body: dict[str, Any]) -> None:
    *parents, last = pointer.strip("/").split("/")
    for part in parents:
        body = body.setdefault(part, {})
    body[last] = value


def _error_behaviour(name: str, table: Mapping[str, Any], errors: Any) -> Iterator[str]:
    """What the tables say, as the errors module does it: kinds read, message rules, what is written."""
    read, write = table.get("read", {}), table.get("write", {})
    yield from _kind_behaviour(name, table, errors)
    yield from _write_behaviour(name, write, errors)
    for rule in table.get("message_rules", []):
        if "contains" not in rule:
            continue
        member, kinds = next(iter(table["kind_of"].items()))
        body: dict[str, Any] = {}
        _set(read[member], next(value for value, kind in kinds.items() if kind == rule["kind"]), body)
        _set(read["message"], f"Oh: {rule['contains'].upper()}!", body)
        yield from _compare(f"{name}: message rule {rule}", rule["becomes"], errors.decode_error(400, {}, body).kind)
    for status, type_ in write.get("type_of_status", {}).items():
        encoded = errors.encode_error(Error(kind="provider", message="m", status=int(status), retryable=True))
        yield from _compare(f"{name}: type_of_status {status}", type_, encoded[2]["error"]["type"])
    if "default_type" in write and name not in ("querymt", "gemini"):
        encoded = errors.encode_error(Error(kind="cancelled", message="m", retryable=False))
        found = encoded[2]["error"].get("type", encoded[2]["error"].get("status"))
        yield from _compare(f"{name}: default_type", write["default_type"], found)
    if "default_status" in write:
        encoded = errors.encode_error(Error(kind="invalid_response", message="m", retryable=False))
        yield from _compare(f"{name}: default_status", write["default_status"], encoded[0])


def _usage_decoder(name: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    if name == "go-model":
        return _module("go_model.usage").usage_to_wirechat  # type: ignore[no-any-return]
    usage = _module(f"{PACKAGES.get(name, 'openai_compatible')}.usage")
    return lambda raw: usage.decode(raw)[0].model_dump(exclude_unset=True)


def _usage(name: str, doc: Mapping[str, Any]) -> Iterator[str]:
    """Each count is what the usage module reads from an object with a distinct power of two at every pointer
    (earlier pointers larger, so a reasoning count stays below the output it is part of)."""
    counts = doc.get("usage", {}).get("counts", {})
    pointers = list(dict.fromkeys(p for count in counts.values() for p in count.get("sum", count.get("first", []))))
    values = {pointer: 2 ** (len(pointers) - index + 3) for index, pointer in enumerate(pointers)}
    raw: dict[str, Any] = {}
    for pointer, value in values.items():
        _set(pointer, value, raw)
    decoded = _usage_decoder(name)(raw)
    for member, count in counts.items():
        expected = sum(values[p] for p in count["sum"]) if "sum" in count else values[count["first"][0]]
        yield from _compare(f"{name}: usage {member}", expected, decoded.get(member))


def _data() -> AdapterData:
    return load_adapter_data(REPO_ROOT)


def differences(data: AdapterData) -> list[str]:
    """Every value of ``data`` that differs from today's Python tables."""
    found = [*_compare("features.json", list(data.features.items()), list(FEATURES.items()))]
    status = data.status
    found += _compare("status kinds", {int(s): k for s, k in status["status_kinds"].items()}, exchange.STATUS_KINDS)
    found += _compare("retryable kinds", set(status["retryable_kinds"]), exchange.RETRYABLE_KINDS)
    for status_code, expected in ((None, "no_status"), (599, "server_error"), (418, "other")):
        found += _compare(f"fallback {expected}", status["fallback"][expected], exchange.kind_for_status(status_code))
    for name, package in PACKAGES.items():
        doc, module = data.adapters[name].document, _module(package)
        found += [*_manifest(name, doc, module.ADAPTER), *_binding(name, doc, module.ADAPTER)]
        found += [*_error_tables(name, doc, _module(f"{package}.errors")), *_usage(name, doc)]
    compatible = _module("openai_compatible")
    for name, resolved in data.profiles.items():
        adapter = compatible.ADAPTERS[name]
        label = f"profile {name}"
        found += [*_manifest(label, resolved.adapter, adapter), *_binding(label, resolved.adapter, adapter)]
        found += _compare(f"{label}: name", resolved.adapter["name"], adapter.name)
        found += _compare(f"{label}: profile", _profile(resolved.profile, data), compatible_profiles.PROFILES[name])
        errors = _module("openai_compatible.errors")
        found += _compare(f"{label}: errors cases", resolved.adapter["errors"]["cases"], _cases(errors.ERROR_CASES))
        found += _usage("openai-compatible", resolved.adapter)
    return found


def _profile(doc: Mapping[str, Any], data: AdapterData) -> compatible_profiles.Profile:
    """The Python ``Profile`` the file describes (features over the adapter's common ones)."""
    declared = data.adapters["openai-compatible"].declared or {}
    features = {**_features(declared["features"]), **_features(doc.get("features", {}))}
    support = Support
    return compatible_profiles.Profile(
        name=doc["name"],
        title=doc["title"],
        issuer=doc["issuer"],
        base_url=doc["base_url"],
        api_key_env=doc["api_key_env"],
        default_api_key=doc.get("default_api_key"),
        reasoning_fields=tuple(doc["reasoning_fields"]),
        reasoning_replay=doc["reasoning_replay"],
        stream_usage=doc["stream_usage"],
        tool_call_ids=doc["tool_call_ids"],
        max_tokens_field=doc["max_tokens_field"],
        features={name: support(level, text) for name, (level, text) in features.items()},  # type: ignore[arg-type]
        options=doc["options"],
        open_options=doc["open_options"],
        refused_options=doc.get("refused_options", {}),
        finish_reasons=doc.get("finish", {}).get("read", {}),
        reasoning_details=doc.get("reasoning_details", False),
        reasoning_chunks=doc.get("reasoning_chunks", False),
        kept_body=tuple(doc.get("kept_body", ())),
        kept_choice=tuple(doc.get("kept_choice", ())),
        executed_tools=doc.get("executed_tools", False),
        provider_tools=doc.get("provider_tools", False),
        embeddings=doc.get("embeddings", True),
        notes=doc.get("notes", ""),
    )


def test_the_adapter_data_equals_the_python_tables() -> None:
    assert differences(load_adapter_data(REPO_ROOT)) == []


def test_every_python_adapter_and_profile_has_a_file() -> None:
    data = load_adapter_data(REPO_ROOT)
    assert set(data.adapters) == {*PACKAGES, "openai-compatible"}
    assert list(data.profiles) == list(compatible_profiles.PROFILES)


@pytest.mark.parametrize(
    ("file", "edit", "reported"),
    [
        (
            "anthropic.adapter.json",
            lambda d: d["features"]["degraded"].update({"message.id": "Messages messages have no id: gone"}),
            "anthropic: feature message.id",
        ),
        ("gemini.adapter.json", lambda d: d["finish"]["read"].update({"STOP": "length"}), "gemini: finish.read"),
        ("profiles/groq.profile.json", lambda d: d.update({"stream_usage": "stream_options"}), "profile groq"),
        (
            "openai-chat.adapter.json",
            lambda d: d["usage"]["counts"]["input_tokens"]["sum"].append("/prompt_tokens_details/cached_tokens"),
            "openai-chat: usage input_tokens",
        ),
    ],
)
def test_a_changed_value_is_a_difference(
    tmp_path: Path, file: str, edit: Callable[[dict[str, Any]], None], reported: str
) -> None:
    root = tmp_path / "repo"
    shutil.copytree(REPO_ROOT / "adapters", root / "adapters")
    shutil.copytree(REPO_ROOT / "schema" / "v1", root / "schema" / "v1")
    path = root / "adapters" / file
    document = json.loads(path.read_text())
    edit(document)
    path.write_text(json.dumps(document))
    found = differences(load_adapter_data(root))
    assert found, "the edit went unnoticed"
    assert found[0].startswith(reported), found
