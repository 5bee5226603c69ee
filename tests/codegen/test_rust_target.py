"""The Rust target (``wirechat_codegen.targets.rust``): names, unions, and the shapes it refuses."""

from __future__ import annotations

import pytest

from tests.conftest import REPO_ROOT
from wirechat_codegen import generate
from wirechat_codegen.ir import ArrayOf, ObjectType, Ref, SchemaIR, build_ir
from wirechat_codegen.targets import all_targets
from wirechat_codegen.targets.rust import _check_variants, rust_field, rust_variant
from wirechat_codegen.targets.rust_shapes import render_shapes


def _ir() -> SchemaIR:
    source = generate._input(REPO_ROOT, generate.VERSION)
    return build_ir(source.version, source.bundle, source.files)


def test_the_committed_rust_types_match_the_schema() -> None:
    rust = [t for t in all_targets() if t.name == "rust"]
    assert generate.check(REPO_ROOT, rust) == []


def test_a_keyword_member_is_a_raw_identifier_and_tags_are_camel_case() -> None:
    assert rust_field("type") == "r#type"
    assert rust_field("tool_call_id") == "tool_call_id"
    assert rust_variant("provider_tool_result") == "ProviderToolResult"
    with pytest.raises(ValueError, match="not a snake_case identifier"):
        rust_field("Bad-Name")


def test_a_union_variant_used_outside_its_unions_is_refused() -> None:
    """The variant structs hold no tag field, so a schema that refers to one directly cannot be written."""
    ir = _ir()
    message = ir.by_name["Message"]
    assert isinstance(message, ObjectType)
    changed = ObjectType(
        message.name,
        message.description,
        message.source,
        (*message.members[:1], message.members[1].__class__("first", Ref("TextPart"), False, "")),
    )
    types = tuple(changed if t.name == "Message" else t for t in ir.types)
    with pytest.raises(ValueError, match="Message: uses the union variant TextPart directly"):
        _check_variants(SchemaIR(ir.version, types, {t.name: t for t in types}))
    listed = ObjectType(
        message.name,
        message.description,
        message.source,
        (message.members[0].__class__("all", ArrayOf(Ref("TextPart")), False, ""),),
    )
    types = tuple(listed if t.name == "Message" else t for t in ir.types)
    with pytest.raises(ValueError, match="TextPart"):
        _check_variants(SchemaIR(ir.version, types, {t.name: t for t in types}))


def test_every_union_is_internally_tagged_on_its_tag_member() -> None:
    text = (REPO_ROOT / "rust/src/generated/mcp_server_config.rs").read_text(encoding="utf-8")
    assert '#[serde(tag = "transport")]\npub enum McpServerConfig {' in text
    assert '#[serde(rename = "stdio")]\n    Stdio(McpStdioServer),' in text
    assert "pub transport" not in text  # the tag is the enum's, not a field of the variant


def test_the_shape_table_knows_members_tags_and_only_open_enums() -> None:
    """The tolerant reader's table (``shapes.rs``): a closed enum is a leaf, an open one lists its values."""
    text = render_shapes(_ir(), ["banner"])
    assert '"FinishKind" => &Shape::Enum(&["stop", ' in text
    assert '"Role" => &Shape::Leaf,' in text
    assert '("parts", Shape::Array(&Shape::Ref("Part")))' in text
    assert '"Part" => &Shape::Union { tag: "type", variants: &[("text", "TextPart"), ' in text
