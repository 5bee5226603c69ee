"""``wirechat.codec`` looks each wire type up once (decision 025): the same names in errors, the same
refusal of types that are not wire types, and one plan per type object whatever the call."""

from __future__ import annotations

from typing import Any

import pytest

import wirechat
from wirechat import codec
from wirechat._generated import models


@pytest.mark.parametrize("name", ["ProviderMetadata", "ProviderOptions", "Part", "Role", "Message"])
def test_errors_name_the_type_asked_for(name: str) -> None:
    with pytest.raises(wirechat.WireError) as caught:
        wirechat.decode(b'{"a": 1, "a": 2}', getattr(models, name))
    assert str(caught.value).startswith(f"invalid {name} (1 problem)")


@pytest.mark.parametrize("not_a_wire_type", [dict, {}, [], "Message", list[int]])
def test_a_type_that_is_not_a_wire_type_is_refused_by_both(not_a_wire_type: Any) -> None:
    for call in (lambda: wirechat.decode(b"{}", not_a_wire_type), lambda: wirechat.encode({}, not_a_wire_type)):
        with pytest.raises(TypeError, match="is not a wirechat wire type"):
            call()
    assert all(plan.type_ is not not_a_wire_type for plan in codec._PLANS.values())


def test_one_plan_per_type_reused_by_decode_and_encode() -> None:
    message = wirechat.decode(b'{"role":"user","parts":[]}', wirechat.Message)
    plan = codec._PLANS[id(wirechat.Message)]
    assert wirechat.encode(message, wirechat.Message) == b'{"role":"user","parts":[]}'
    assert codec._PLANS[id(wirechat.Message)] is plan and plan.name == "Message" and plan.tags == ()
    wirechat.decode(b'{"type":"text","text":"hi"}', wirechat.TextPart)
    assert codec._PLANS[id(wirechat.TextPart)].tags == ("type",)


def test_a_variant_without_its_tag_is_still_refused() -> None:
    with pytest.raises(wirechat.WireError) as caught:
        wirechat.decode(b'{"text":"hi"}', wirechat.TextPart)
    assert [(p.pointer, p.rule) for p in caught.value.problems] == [("/type", "required")]


def test_encode_error_names_the_type_given_or_the_model() -> None:
    usage = wirechat.TokenUsage(input_tokens=1, output_tokens=2, total_tokens=3)
    usage.input_tokens = "many"  # type: ignore[assignment]  # assigned after construction: not validated
    for type_ in (None, wirechat.TokenUsage):
        with pytest.raises(wirechat.WireError, match="invalid TokenUsage") as caught:
            wirechat.encode(usage, type_)
        assert caught.value.problems[0].rule == "json-value"


def test_canonical_of_a_model_is_its_json_dump_in_rfc_8785_form() -> None:
    message = wirechat.decode(b'{"role":"user","parts":[{"type":"text","text":"caf\\u00e9"}]}', wirechat.Message)
    assert wirechat.canonical(message) == '{"parts":[{"text":"café","type":"text"}],"role":"user"}'.encode()
    assert wirechat.canonical(message) == wirechat.canonical(message.model_dump(mode="json", by_alias=True))
