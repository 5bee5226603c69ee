"""The python-fast target: one Struct or alias per schema type, patterns made exact for Python's ``re``,
and shapes it cannot express refused."""

from __future__ import annotations

import re

import pytest

from wirechat import fast
from wirechat._generated import __all__ as model_names
from wirechat_codegen.ir import (
    AliasType,
    ArrayOf,
    FreeForm,
    IRError,
    Member,
    ObjectType,
    Ref,
    Scalar,
    SchemaIR,
    UnionType,
    Variant,
)
from wirechat_codegen.targets.python_fast import BASE64_PATTERN, _python_pattern, render_structs


def test_every_schema_type_has_a_fast_type_of_the_same_name() -> None:
    assert sorted(model_names) == sorted(name for name in fast.__all__ if name[0].isupper())
    for name in model_names:
        assert fast.name_of(getattr(fast, name)) == name


@pytest.mark.parametrize(
    ("schema_pattern", "text", "matches"),
    [("^[a-z]+$", "ab", True), ("^[a-z]+$", "ab\n", False), ("^a\\$", "a$", True), ("^[A-Z]", "Ab\n", True)],
)
def test_patterns_match_as_the_schema_means(schema_pattern: str, text: str, matches: bool) -> None:
    python_pattern = _python_pattern(schema_pattern)
    assert python_pattern is not None
    assert (re.search(python_pattern, text) is not None) is matches


def test_a_variant_of_unions_with_different_tag_members_is_refused() -> None:
    tag = Member("kind", Scalar("string", const="a"), required=True, description="", tag="a")
    other = Member("type", Scalar("string", const="a"), required=True, description="", tag="a")
    variant = ObjectType("V", "", "v.json", (tag, other), unions=("U1", "U2"))
    unions = (
        UnionType("U1", "", "u.json", "kind", (Variant("a", "V"),)),
        UnionType("U2", "", "u.json", "type", (Variant("a", "V"),)),
    )
    types = (variant, *unions)
    ir = SchemaIR("v1", types, {t.name: t for t in types})
    with pytest.raises(IRError, match="different tag members"):
        render_structs(ir, "# header")


def test_a_self_referring_alias_is_refused() -> None:
    alias = AliasType("A", "", "a.json", ArrayOf(Ref("A")))
    ir = SchemaIR("v1", (alias,), {"A": alias})
    with pytest.raises(IRError, match="refers to itself"):
        render_structs(ir, "# header")


def test_base64_members_call_the_native_check_and_free_form_members_have_no_post_init() -> None:
    base64 = Member("data", Scalar("string", pattern=BASE64_PATTERN), required=True, description="")
    other = Member("name", Scalar("string", pattern="^[a-z]+$"), required=True, description="")
    free = Member("value", FreeForm(object_only=False), required=False, description="")
    obj = ObjectType("Blob", "", "b.json", (base64, other, free))
    ir = SchemaIR("v1", (obj,), {"Blob": obj})
    text = render_structs(ir, "# header")
    assert "    data: str\n" in text
    assert "check_base64(self.data, 'data')" in text
    assert "pattern='^[a-z]+\\\\Z'" in text  # other patterns stay msgspec's
    assert "check_free_form" not in text
    assert text.count("__post_init__") == 1
