"""The Rust target: serde types for every wire type, from the same IR as the Go target (decision 037).

Output folder ``rust/src/generated/`` (the crate's module ``generated``), wholly generated: one
``<schema file>.rs`` per schema file with the types, ``check.rs`` with the strict checks (``rust_check.py``),
``shapes.rs`` with what the tolerant reader must know (``rust_shapes.py``) and ``mod.rs`` re-exporting
every type. The hand-written rest of the crate (``rust/src/``) reads and writes
JSON text with these.

How the schema maps to Rust:
- an object is a struct with ``#[serde(deny_unknown_fields)]``; a required member is a value, an optional
  one an ``Option`` that is skipped when ``None``; a Rust keyword member is a raw identifier (``r#type``);
- a tagged union is an enum internally tagged by its tag member (``#[serde(tag = "type")]``), one tuple
  variant per tag holding the variant's struct; the tag is not a struct field (no variant struct is used
  outside its unions: ``render`` refuses a schema where one is);
- a string enum is a Rust enum with one unit variant per value, renamed to the value;
- an optional free-form member keeps a present ``null`` (``Some(Value::Null)``, through ``crate::present``);
- integers are ``i64``, numbers ``f64``, arrays ``Vec``, maps ``BTreeMap<String, _>``, free-form JSON
  ``serde_json::Value`` (``serde_json::Map`` for an object), a named array, map, scalar or free-form value
  a type alias.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

from wirechat_codegen.ir import (
    AliasType,
    ArrayOf,
    EnumType,
    FreeForm,
    MapOf,
    Member,
    ObjectType,
    Ref,
    Scalar,
    SchemaIR,
    TypeDef,
    TypeExpr,
    UnionType,
    build_ir,
)
from wirechat_codegen.schema_files import SCHEMA_SUFFIX
from wirechat_codegen.targets import GenerationInput, Target, banner_lines
from wirechat_codegen.targets.rust_check import render_check
from wirechat_codegen.targets.rust_shapes import render_shapes
from wirechat_codegen.versions import package_version

OUTPUT_DIR = "rust/src/generated"
SCALAR_TYPES = {"string": "String", "integer": "i64", "number": "f64", "boolean": "bool"}
KEYWORDS = frozenset(
    "as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod "  # noqa: SIM905
    "move mut pub ref return self static struct super trait true type unsafe use where while abstract become "
    "box do final macro override priv try typeof unsized virtual yield".split()
)
COMMENT_WIDTH = 100


def rust_field(name: str) -> str:
    """A member name as a Rust field: the name itself, or a raw identifier for a keyword."""
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", name):
        raise ValueError(f"member {name!r} is not a snake_case identifier")
    return f"r#{name}" if name in KEYWORDS else name


def rust_variant(value: str) -> str:
    """``tool_calls`` -> ``ToolCalls``: an enum value or union tag as a Rust variant name."""
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[_\-.]", value) if part)


def doc(text: str, indent: str = "") -> list[str]:
    """``text`` as ``///`` lines wrapped to the comment width; brackets are escaped (no intra-doc links)."""
    width = COMMENT_WIDTH - len(indent) - 4
    text = text.replace("[", "\\[").replace("]", "\\]")
    lines: list[str] = []
    for paragraph in text.split("\n"):
        wrapped = textwrap.wrap(paragraph, width, break_long_words=False, break_on_hyphens=False) or [""]
        lines += [f"{indent}/// {line}".rstrip() for line in wrapped]
    return lines


def rust_type(expr: TypeExpr) -> str:
    if isinstance(expr, Scalar):
        return SCALAR_TYPES[expr.kind]
    if isinstance(expr, Ref):
        return expr.name
    if isinstance(expr, ArrayOf):
        return f"Vec<{rust_type(expr.items)}>"
    if isinstance(expr, MapOf):
        return f"BTreeMap<String, {rust_type(expr.values)}>"
    return "serde_json::Map<String, serde_json::Value>" if expr.object_only else "serde_json::Value"


def _type_doc(ir: SchemaIR, definition: TypeDef) -> list[str]:
    text = f"The wire type `{definition.name}` (schema/{ir.version}/{definition.source})."
    if definition.description:
        text += "\n" + definition.description
    return doc(text)


def _holds_null(ir: SchemaIR, expr: TypeExpr) -> bool:
    """Whether a value of ``expr`` may be JSON ``null`` (free-form JSON that is not only objects)."""
    if isinstance(expr, Ref):
        target = ir.by_name[expr.name]
        return isinstance(target, AliasType) and _holds_null(ir, target.type)
    return isinstance(expr, FreeForm) and not expr.object_only


def _member(ir: SchemaIR, member: Member) -> list[str]:
    description = member.description or f"The `{member.name}` member."
    lines = doc(description + (" Required." if member.required else ""), "    ")
    if member.required:
        lines.append(f"    pub {rust_field(member.name)}: {rust_type(member.type)},")
    elif _holds_null(ir, member.type):
        # serde reads a present `null` into an Option as None; free-form JSON keeps it: Some(Value::Null)
        lines.append(
            '    #[serde(default, deserialize_with = "crate::present", skip_serializing_if = "Option::is_none")]'
        )
        lines.append(f"    pub {rust_field(member.name)}: Option<{rust_type(member.type)}>,")
    else:
        lines.append('    #[serde(default, skip_serializing_if = "Option::is_none")]')
        lines.append(f"    pub {rust_field(member.name)}: Option<{rust_type(member.type)}>,")
    return lines


def _object(ir: SchemaIR, obj: ObjectType) -> list[str]:
    lines = _type_doc(ir, obj)
    lines += ["#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]", "#[serde(deny_unknown_fields)]"]
    fields = [m for m in obj.members if m.tag is None]
    if not fields:
        return [*lines, f"pub struct {obj.name} {{}}"]
    lines.append(f"pub struct {obj.name} {{")
    for member in fields:
        lines += _member(ir, member)
    return [*lines, "}"]


def _union(ir: SchemaIR, union: UnionType) -> list[str]:
    lines = _type_doc(ir, union)
    lines += ["#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]", f'#[serde(tag = "{union.tag_member}")]']
    lines.append(f"pub enum {union.name} {{")
    for variant in union.variants:
        lines.append(f"    /// `{union.tag_member}: {variant.tag!r}`".replace("'", '"'))
        lines.append(f'    #[serde(rename = "{variant.tag}")]')
        lines.append(f"    {rust_variant(variant.tag)}({variant.type_name}),")
    return [*lines, "}"]


def _enum(ir: SchemaIR, enum: EnumType) -> list[str]:
    lines = _type_doc(ir, enum)
    lines += ["#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]"]
    lines.append(f"pub enum {enum.name} {{")
    for value in enum.values:
        lines += [f"    /// `{value}`", f'    #[serde(rename = "{value}")]', f"    {rust_variant(value)},"]
    lines += [
        "}",
        "",
        f"impl {enum.name} {{",
        "    /// The value as written on the wire.",
        "    pub fn as_str(self) -> &'static str {",
    ]
    lines.append("        match self {")
    lines += [f'            {enum.name}::{rust_variant(v)} => "{v}",' for v in enum.values]
    return [*lines, "        }", "    }", "}"]


def _alias(ir: SchemaIR, alias: AliasType) -> list[str]:
    return [*_type_doc(ir, alias), f"pub type {alias.name} = {rust_type(alias.type)};"]


def _render_file(ir: SchemaIR, source: str, definitions: list[TypeDef]) -> str:
    body: list[str] = []
    for definition in definitions:
        if isinstance(definition, ObjectType):
            body += _object(ir, definition)
        elif isinstance(definition, UnionType):
            body += _union(ir, definition)
        elif isinstance(definition, EnumType):
            body += _enum(ir, definition)
        else:
            body += _alias(ir, definition)
        body.append("")
    text = "\n".join(body)
    lines = [f"// {line}" for line in banner_lines(ir.version)]
    lines += [f"//! The types of schema/{ir.version}/{source}.", "", "#[allow(unused_imports)]", "use super::*;"]
    return "\n".join(lines) + "\n\n" + text


def _check_variants(ir: SchemaIR) -> None:
    """A variant struct carries no tag field: refuse a schema that uses one outside its unions."""
    variants = {t.name for t in ir.types if isinstance(t, ObjectType) and t.unions}

    def refs(expr: TypeExpr) -> list[str]:
        if isinstance(expr, Ref):
            return [expr.name]
        if isinstance(expr, ArrayOf):
            return refs(expr.items)
        if isinstance(expr, MapOf):
            return refs(expr.values)
        return []

    for definition in ir.types:
        exprs = [m.type for m in definition.members] if isinstance(definition, ObjectType) else []
        exprs += [definition.type] if isinstance(definition, AliasType) else []
        for name in (n for e in exprs for n in refs(e)):
            if name in variants:
                raise ValueError(f"{definition.name}: uses the union variant {name} directly (Rust has no tag field)")


def _mod(ir: SchemaIR, stems: list[str], version: str) -> str:
    lines = [f"// {line}" for line in banner_lines(ir.version)]
    lines += [
        f"//! The wire types of schema/{ir.version} as serde types, and their strict checks (`check`).",
        "",
        "#![allow(clippy::large_enum_variant)]",
        "",
        "pub use std::collections::BTreeMap;",
        "",
        "pub use serde::{Deserialize, Serialize};",
        "",
        "pub mod check;",
        "pub mod shapes;",
    ]
    lines += [f"mod {stem};" for stem in stems]
    lines.append("")
    lines += [f"pub use {stem}::*;" for stem in stems]
    lines += [
        "",
        f'/// The schema version these types were generated from.\npub const SCHEMA_VERSION: &str = "{ir.version}";',
    ]
    lines += [
        "",
        "/// The release version of wirechat (the repository's VERSION file).",
        f'pub const VERSION: &str = "{version}";',
    ]
    lines += ["", "/// Every wire type's name, sorted.", "pub const TYPE_NAMES: &[&str] = &["]
    lines += [f'    "{t.name}",' for t in ir.types]
    lines += [
        "];",
        "",
        "/// Read `value` as the wire type named `name` with serde and write it back as a JSON value (`None`: no",
        "/// type of that name; a union variant's struct holds no tag: it is taken off and put back). Only",
        "/// serde's checks apply: `crate::decode_by_name` is the strict reader.",
        "pub fn reencode_by_name(",
        "    name: &str,",
        "    value: serde_json::Value,",
        ") -> Option<Result<serde_json::Value, serde_json::Error>> {",
        "    fn via<T: serde::de::DeserializeOwned + Serialize>(",
        "        value: serde_json::Value,",
        "    ) -> Result<serde_json::Value, serde_json::Error> {",
        "        serde_json::to_value(serde_json::from_value::<T>(value)?)",
        "    }",
        "    fn variant<T: serde::de::DeserializeOwned + Serialize>(",
        "        mut value: serde_json::Value,",
        "        tag: &str,",
        "        want: &str,",
        "    ) -> Result<serde_json::Value, serde_json::Error> {",
        "        if let Some(members) = value.as_object_mut() {",
        "            members.remove(tag);",
        "        }",
        "        let mut written = via::<T>(value)?;",
        "        if let Some(members) = written.as_object_mut() {",
        "            members.insert(tag.to_owned(), serde_json::Value::String(want.to_owned()));",
        "        }",
        "        Ok(written)",
        "    }",
        "    Some(match name {",
    ]
    for t in ir.types:
        tag = t.tag_member if isinstance(t, ObjectType) else None
        if tag is not None:
            lines.append(f'        "{t.name}" => variant::<{t.name}>(value, "{tag.name}", "{tag.tag}"),')
        else:
            lines.append(f'        "{t.name}" => via::<{t.name}>(value),')
    return "\n".join([*lines, "        _ => return None,", "    })", "}", ""])


def render(source: GenerationInput, out: Path) -> None:
    """Write one ``<schema file>.rs`` per schema file, ``check.rs``, ``shapes.rs`` and ``mod.rs``."""
    ir = build_ir(source.version, source.bundle, source.files)
    _check_variants(ir)
    stems = []
    for file_name in ir.sources():
        stem = file_name.removesuffix(SCHEMA_SUFFIX)
        in_file = [t for t in ir.types if t.source == file_name]
        root = [t for t in in_file if stem.replace("_", "") == t.name.lower()]
        ordered = root + [t for t in in_file if t not in root]
        (out / f"{stem}.rs").write_text(_render_file(ir, file_name, ordered), encoding="utf-8")
        stems.append(stem)
    (out / "check.rs").write_text(render_check(ir, banner_lines(ir.version)), encoding="utf-8")
    (out / "shapes.rs").write_text(render_shapes(ir, banner_lines(ir.version)), encoding="utf-8")
    (out / "mod.rs").write_text(_mod(ir, stems, package_version(source.repo_root)), encoding="utf-8")


TARGET = Target(name="rust", output_dir=OUTPUT_DIR, render=render)
