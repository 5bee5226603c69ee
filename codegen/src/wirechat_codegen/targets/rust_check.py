"""The Rust target's ``check.rs``: one function per wire type that checks a parsed document (``Node``)
against the schema with the crate's ``Checker`` (``rust/src/checker.rs``), reporting every problem at
its JSON pointer with the spec's rule words (section 5). The strict reader runs these before serde builds
the typed value, so serde only ever sees a document that is valid.
"""

from __future__ import annotations

import re

from wirechat_codegen.ir import (
    AliasType,
    ArrayOf,
    EnumType,
    FreeForm,
    MapOf,
    ObjectType,
    Ref,
    Scalar,
    SchemaIR,
    TypeExpr,
    UnionType,
)

MAX_SAFE_INTEGER = 2**53 - 1

__all__ = ["check_name", "render_check"]


def check_name(type_name: str) -> str:
    """``ChatRequest`` -> ``check_chat_request``."""
    return "check_" + re.sub(r"(?<!^)(?=[A-Z])", "_", type_name).lower()


def _rust_str(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _float(value: int | float | None, default: str) -> str:
    if value is None:
        return default
    text = repr(float(value))
    return text if "." in text or "e" in text else text + ".0"


class _Emitter:
    def __init__(self, ir: SchemaIR) -> None:
        self.ir = ir
        self.patterns: dict[str, str] = {}

    def pattern(self, source: str) -> str:
        if source not in self.patterns:
            self.patterns[source] = f"PATTERN_{len(self.patterns)}"
        return self.patterns[source]

    def scalar(self, expr: Scalar, value: str) -> list[str]:
        if expr.kind == "integer":
            low = int(expr.minimum) if expr.minimum is not None else -MAX_SAFE_INTEGER
            high = int(expr.maximum) if expr.maximum is not None else MAX_SAFE_INTEGER
            return [f"c.integer({value}, {low}, {high});"]
        if expr.kind == "number":
            floor, ceiling = _float(expr.minimum, "-f64::MAX"), _float(expr.maximum, "f64::MAX")
            return [f"c.number({value}, {floor}, {ceiling});"]
        if expr.kind == "boolean":
            return [f"c.boolean({value});"]
        checks = []
        if expr.min_length is not None or expr.max_length is not None:
            maximum = f"Some({expr.max_length})" if expr.max_length is not None else "None"
            checks.append(f"c.length(s, {expr.min_length or 0}, {maximum});")
        if expr.pattern is not None:
            checks.append(f"c.pattern(s, &{self.pattern(expr.pattern)});")
        if expr.enum:
            checks.append(f"c.enumeration(s, &[{', '.join(_rust_str(v) for v in expr.enum)}]);")
        if not checks:
            return [f"c.string({value});"]
        return [f"if let Some(s) = c.string({value}) {{", *("    " + x for x in checks), "}"]

    def expr(self, expr: TypeExpr, value: str, depth: int = 0) -> list[str]:
        """Rust statements that check the node ``value`` (a ``&Node``) against ``expr``."""
        item = f"item{depth}"
        if isinstance(expr, Scalar):
            return self.scalar(expr, value)
        if isinstance(expr, Ref):
            return [f"{check_name(expr.name)}(c, {value});"]
        if isinstance(expr, FreeForm):
            return [f"c.free({value}, {'true' if expr.object_only else 'false'});"]
        if isinstance(expr, ArrayOf):
            index = f"i{depth}"
            inner = self.expr(expr.items, item, depth + 1)
            lines = [f"if let Some(items) = c.array({value}) {{"]
            lines += [f"    for ({index}, {item}) in items.iter().enumerate() {{", f"        c.enter_index({index});"]
            lines += ["        " + x for x in inner] + ["        c.leave();", "    }"]
            if expr.min_items is not None or expr.max_items is not None:
                maximum = f"Some({expr.max_items})" if expr.max_items is not None else "None"
                lines.append(f"    c.items(items.len(), {expr.min_items or 0}, {maximum});")
            return [*lines, "}"]
        assert isinstance(expr, MapOf)
        name = f"name{depth}"
        inner = self.expr(expr.values, item, depth + 1)
        lines = [f"if let Some(members) = c.object({value}) {{", f"    for ({name}, {item}) in members {{"]
        lines += [f"        c.enter({name});"] + ["        " + x for x in inner] + ["        c.leave();", "    }"]
        return [*lines, "}"]

    def body(self, definition: ObjectType | UnionType | EnumType | AliasType) -> list[str]:
        if isinstance(definition, UnionType):
            tags = ", ".join(_rust_str(v.tag) for v in definition.variants)
            lines = [f"match c.union_tag(node, {_rust_str(definition.tag_member)}, &[{tags}]) {{"]
            for index, variant in enumerate(definition.variants):
                lines.append(f"    Some({index}) => {check_name(variant.type_name)}_variant(c, node, None),")
            return [*lines, "    _ => {}", "}"]
        if isinstance(definition, EnumType):
            values = ", ".join(_rust_str(v) for v in definition.values)
            return ["if let Some(s) = c.string(node) {", f"    c.enumeration(s, &[{values}]);", "}"]
        if isinstance(definition, AliasType):
            return self.expr(definition.type, "node")
        required = [m for m in definition.members if m.required and m.tag is None]
        lines = ["let Some(members) = c.object(node) else {", "    return;", "};"]
        if required:
            lines.append(f"let mut seen = [false; {len(required)}];")
        tag = definition.tag_member
        if tag is not None:
            lines.append("let mut tag_seen = false;")
        lines.append("for (name, value) in members {")
        lines.append("    match name.as_str() {")
        for member in definition.members:
            if member.tag is not None:
                # the tag: the union that dispatched here has checked it (tag is None); alone, it is a const
                lines += [
                    f"        {_rust_str(member.name)} => {{",
                    "            tag_seen = true;",
                    "            if let Some(want) = tag {",
                    "                c.enter(name);",
                    "                c.tag(value, want);",
                    "                c.leave();",
                    "            }",
                    "        }",
                ]
                continue
            lines.append(f"        {_rust_str(member.name)} => {{")
            if member.required:
                lines.append(f"            seen[{required.index(member)}] = true;")
            lines.append("            c.enter(name);")
            lines += ["            " + x for x in self.expr(member.type, "value")]
            lines += ["            c.leave();", "        }"]
        lines += ["        _ => c.unknown(name, value),", "    }", "}"]
        for index, member in enumerate(required):
            lines += [f"if !seen[{index}] {{", f"    c.missing({_rust_str(member.name)});", "}"]
        if tag is not None:
            lines += ["if !tag_seen && tag.is_some() {", f"    c.missing({_rust_str(tag.name)});", "}"]
        return lines


def render_check(ir: SchemaIR, banner: list[str]) -> str:
    """The text of ``check.rs``."""
    emitter = _Emitter(ir)
    functions: list[str] = []
    for definition in ir.types:
        tag = definition.tag_member if isinstance(definition, ObjectType) else None
        if tag is not None:
            assert tag.tag is not None
            functions += [
                f"/// Check `node` as a `{definition.name}` on its own: its `{tag.name}` must be {tag.tag!r}.",
                f"pub fn {check_name(definition.name)}(c: &mut Checker, node: &Node) {{",
                f"    {check_name(definition.name)}_variant(c, node, Some({_rust_str(tag.tag)}));",
                "}",
                "",
                f"/// Check `node` as a `{definition.name}`; `tag`: what its tag must be (None: a union checked it).",
                f"pub fn {check_name(definition.name)}_variant(c: &mut Checker, node: &Node, tag: Option<&str>) {{",
            ]
        else:
            functions += [
                f"/// Check `node` as a `{definition.name}`.",
                f"pub fn {check_name(definition.name)}(c: &mut Checker, node: &Node) {{",
            ]
        functions += ["    " + line if line else line for line in emitter.body(definition)]
        functions += ["}", ""]
        if isinstance(definition, AliasType):
            continue  # a type alias has no type of its own to implement WireType for (decode_by_name reads it)
        tag_pair = f"({_rust_str(tag.name)}, {_rust_str(tag.tag or '')})" if tag else ""
        functions += [
            f"impl WireType for super::{definition.name} {{",
            f"    const NAME: &'static str = {_rust_str(definition.name)};",
            *([f"    const TAG: Option<(&'static str, &'static str)> = Some({tag_pair});"] if tag_pair else []),
            "    fn check(c: &mut Checker, node: &Node) {",
            f"        {check_name(definition.name)}(c, node);",
            "    }",
            "}",
            "",
        ]
    lines = [f"// {line}" for line in banner]
    lines += [
        "//! The strict checks of every wire type over a parsed document (spec sections 3 and 5).",
        "",
        "use std::sync::LazyLock;",
        "",
        "use crate::checker::Checker;",
        "use crate::node::Node;",
        "use crate::pattern::Pattern;",
        "use crate::WireType;",
        "",
    ]
    for source, name in emitter.patterns.items():
        lines += [
            f"static {name}: LazyLock<Pattern> =",
            f'    LazyLock::new(|| Pattern::new(r#"{source}"#).expect("a schema pattern this matcher supports"));',
        ]
    lines += [
        "",
        "/// Check `node` as the wire type `name`; false when there is no type of that name.",
        "pub fn check_by_name(name: &str, c: &mut Checker, node: &Node) -> bool {",
        "    match name {",
    ]
    lines += [f"        {_rust_str(t.name)} => {check_name(t.name)}(c, node)," for t in ir.types]
    lines += ["        _ => return false,", "    }", "    true", "}", ""]
    return "\n".join(lines + functions)
