"""The Go target's code builders: the per-language data (Go names, scalar types, bounds, comment style), the
``Context`` of one generation, and the Go statements that decode, validate and encode one type expression.
``go.py`` turns these into files through the templates in ``go_templates/``.
"""

from __future__ import annotations

import json
import re
import textwrap
from dataclasses import dataclass
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
    TypeExpr,
    UnionType,
)

OUTPUT_DIR = "go/internal/wire"
PACKAGE = "wire"
CODEC_IMPORT = "github.com/wirechat/wirechat/go/internal/codec"
TEMPLATES = Path(__file__).parent / "go_templates"

# Per-language data: scalar types, name parts Go writes in capitals, comment width.
SCALAR_TYPES = {"string": "string", "integer": "int64", "number": "float64", "boolean": "bool"}
INITIALISMS = {"id": "ID", "url": "URL", "uri": "URI", "json": "JSON", "http": "HTTP", "api": "API"}
COMMENT_WIDTH = 100
MAX_SAFE_INTEGER = 2**53 - 1
MAX_DOUBLE = "math.MaxFloat64"


def go_name(snake: str) -> str:
    """``tool_call_id`` -> ``ToolCallID``: the exported Go name of a member or enum value."""
    return "".join(INITIALISMS.get(part, part[:1].upper() + part[1:]) for part in re.split(r"[_\-.]", snake) if part)


def lower_first(name: str) -> str:
    return name[:1].lower() + name[1:]


def comment(text: str, indent: str = "") -> list[str]:
    """``text`` as ``//`` lines wrapped to the comment width."""
    width = COMMENT_WIDTH - len(indent) - 3
    lines: list[str] = []
    for paragraph in text.split("\n"):
        wrapped = textwrap.wrap(paragraph, width, break_long_words=False, break_on_hyphens=False) or [""]
        lines += [f"{indent}// {line}".rstrip() for line in wrapped]
    return lines


def go_string(text: str) -> str:
    """A Go string literal (a raw literal when that reads better)."""
    if "`" not in text and ("\\" in text or '"' in text) and text.isprintable():
        return f"`{text}`"
    return json.dumps(text, ensure_ascii=False)  # JSON's escapes are valid in Go interpreted literals


@dataclass
class Context:
    """What the snippet builders need to know: the types by name, and the patterns met so far."""

    ir: SchemaIR
    patterns: dict[str, str]  # pattern source -> Go variable name

    def kind(self, expr: TypeExpr) -> str:
        """``scalar``, ``object``, ``union``, ``enum``, ``alias``, ``array``, ``map`` or ``free``."""
        if isinstance(expr, Ref):
            target = self.ir.by_name[expr.name]
            return {ObjectType: "object", UnionType: "union", EnumType: "enum", AliasType: "alias"}[type(target)]
        return {Scalar: "scalar", ArrayOf: "array", MapOf: "map", FreeForm: "free"}[type(expr)]

    def pattern_var(self, source: str, owner: str) -> str:
        if source not in self.patterns:
            name = "pattern" + owner
            taken = set(self.patterns.values())
            suffix = 2
            while name in taken:
                name, suffix = f"pattern{owner}{suffix}", suffix + 1
            self.patterns[source] = name
        return self.patterns[source]

    def go_type(self, expr: TypeExpr) -> str:
        if isinstance(expr, Scalar):
            return SCALAR_TYPES[expr.kind]
        if isinstance(expr, Ref):
            return expr.name
        if isinstance(expr, ArrayOf):
            return "[]" + self.go_type(expr.items)
        if isinstance(expr, MapOf):
            return "map[string]" + self.go_type(expr.values)
        return "json.RawMessage"

    def nilable(self, expr: TypeExpr) -> bool:
        """Whether the Go type itself can say "absent" (nil), so an optional member needs no pointer."""
        if isinstance(expr, Ref):
            target = self.ir.by_name[expr.name]
            if isinstance(target, AliasType):
                return self.nilable(target.type)
        return self.kind(expr) in ("union", "array", "map", "free")

    def field_type(self, member: Member) -> str:
        base = self.go_type(member.type)
        return base if member.required or self.nilable(member.type) else "*" + base


def _int_bound(value: int | float | None, default: int) -> str:
    return str(int(value)) if value is not None else str(default)


def _float_bound(value: int | float | None, sign: str) -> str:
    if value is None or abs(value) >= 1.7976931348623157e308:
        return sign + MAX_DOUBLE
    return repr(float(value)) if not float(value).is_integer() else str(int(value))


def scalar_checks(ctx: Context, expr: Scalar, value: str, reporter: str, *, owner: str, built: bool) -> list[str]:
    """Checks on a scalar that the decoder does not make as it reads (all of them for a built value)."""
    lines = []
    if expr.kind == "string":
        if built:
            lines.append(f"codec.CheckText({reporter}, {value})")
        if expr.min_length is not None or expr.max_length is not None:
            longest = expr.max_length if expr.max_length is not None else -1
            lines.append(f"codec.CheckLength({reporter}, {value}, {expr.min_length or 0}, {longest})")
        if expr.pattern is not None:
            lines.append(f"codec.CheckPattern({reporter}, {value}, {ctx.pattern_var(expr.pattern, owner)})")
        if expr.enum:
            values = ", ".join(go_string(v) for v in expr.enum)
            known = " || ".join(f"{value} == {go_string(v)}" for v in expr.enum)
            lines.append(f"codec.CheckEnum({reporter}, {value}, {known}, []string{{{values}}})")
    elif built and expr.kind == "integer":
        low, high = _int_bound(expr.minimum, -MAX_SAFE_INTEGER), _int_bound(expr.maximum, MAX_SAFE_INTEGER)
        lines.append(f"codec.CheckInt({reporter}, {value}, {low}, {high})")
    elif built and expr.kind == "number":
        low, high = _float_bound(expr.minimum, "-"), _float_bound(expr.maximum, "")
        lines.append(f"codec.CheckFloat({reporter}, {value}, {low}, {high})")
    return lines


def read_scalar(expr: Scalar) -> str:
    if expr.kind == "string":
        return "d.String()"
    if expr.kind == "integer":
        return f"d.Int({_int_bound(expr.minimum, -MAX_SAFE_INTEGER)}, {_int_bound(expr.maximum, MAX_SAFE_INTEGER)})"
    if expr.kind == "number":
        return f"d.Float({_float_bound(expr.minimum, '-')}, {_float_bound(expr.maximum, '')})"
    return "d.Bool()"


def decode_lines(ctx: Context, expr: TypeExpr, dst: str, *, optional: bool, owner: str, depth: int = 0) -> list[str]:
    """Go statements that read the next value into ``dst`` (``d`` is the decoder)."""
    kind = ctx.kind(expr)
    tmp = "x" if depth == 0 else f"x{depth}"
    if isinstance(expr, Scalar):
        checks = scalar_checks(ctx, expr, tmp, "d", owner=owner, built=False)
        target = f"&{tmp}" if optional else tmp
        if not checks and not optional:
            return [f"{dst}, _ = {read_scalar(expr)}"]
        return [f"if {tmp}, ok := {read_scalar(expr)}; ok {{", *("\t" + c for c in checks), f"\t{dst} = {target}", "}"]
    if isinstance(expr, Ref) and kind == "union":
        return [f"{dst} = decode{expr.name}(d)"]
    if kind in ("object", "enum", "alias") and optional:
        return [f"{dst} = new({ctx.go_type(expr)})", f"{dst}.decodeJSON(d)"]
    if kind in ("object", "enum", "alias"):
        return [f"{dst}.decodeJSON(d)"]
    if isinstance(expr, FreeForm):
        return [f"{dst} = d.{'RawObject' if expr.object_only else 'RawValue'}()"]
    if isinstance(expr, ArrayOf):
        item_kind = ctx.kind(expr.items)
        if item_kind == "object":
            read = [f"{dst} = append({dst}, {ctx.go_type(expr.items)}{{}})", f"{dst}[len({dst})-1].decodeJSON(d)"]
        elif isinstance(expr.items, Ref) and item_kind == "union":
            read = [f"{dst} = append({dst}, decode{expr.items.name}(d))"]
        else:
            read = [f"var {tmp} {ctx.go_type(expr.items)}"]
            read += decode_lines(ctx, expr.items, tmp, optional=False, owner=owner, depth=depth + 1)
            read.append(f"{dst} = append({dst}, {tmp})")
        lines = ["if d.OpenArray() {", f"\t{dst} = {ctx.go_type(expr)}{{}}", "\tfor d.NextElement() {"]
        lines += ["\t\t" + line for line in read] + ["\t}"]
        if expr.min_items is not None or expr.max_items is not None:
            maximum = expr.max_items if expr.max_items is not None else -1
            lines.append(f"\tcodec.CheckItems(d, len({dst}), {expr.min_items or 0}, {maximum})")
        return [*lines, "}"]
    if isinstance(expr, MapOf):
        read = [
            f"var {tmp} {ctx.go_type(expr.values)}",
            *decode_lines(ctx, expr.values, tmp, optional=False, owner=owner, depth=depth + 1),
        ]
        return [
            "if d.OpenObject() {",
            f"\t{dst} = {ctx.go_type(expr)}{{}}",
            "\tfor d.NextMember() {",
            "\t\tname := d.Name()",
            f"\t\tif _, dup := {dst}[name]; dup {{",
            "\t\t\td.Duplicate()",
            "\t\t\tcontinue",
            "\t\t}",
            *("\t\t" + line for line in read),
            f"\t\t{dst}[name] = {tmp}",
            "\t}",
            "}",
        ]
    raise AssertionError(kind)


def validate_lines(ctx: Context, expr: TypeExpr, value: str, owner: str, depth: int = 0) -> list[str]:
    """Go statements that check ``value`` (present, not nil) with the checker ``c``."""
    kind = ctx.kind(expr)
    index, item = ("i", "k") if depth == 0 else (f"i{depth}", f"k{depth}")
    if isinstance(expr, Scalar):
        return scalar_checks(ctx, expr, value, "c", owner=owner, built=True)
    if kind in ("union", "object", "enum", "alias"):
        return [f"{value}.validate(c)"]
    if isinstance(expr, FreeForm):
        return [f"c.Raw({value}, {'true' if expr.object_only else 'false'})"]
    if isinstance(expr, ArrayOf):
        inner = validate_lines(ctx, expr.items, f"{value}[{index}]", owner, depth + 1)
        if ctx.kind(expr.items) == "union":
            inner = [
                f"if {value}[{index}] == nil {{",
                '\tc.Report(codec.RuleType, "must not be nil")',
                "} else {",
                *("\t" + x for x in inner),
                "}",
            ]
        lines = []
        if inner:
            lines += [f"for {index} := range {value} {{", f"\tc.EnterIndex({index})"]
            lines += ["\t" + line for line in inner] + ["\tc.Leave()", "}"]
        if expr.min_items is not None or expr.max_items is not None:
            maximum = expr.max_items if expr.max_items is not None else -1
            lines.append(f"codec.CheckItems(c, len({value}), {expr.min_items or 0}, {maximum})")
        return lines
    if isinstance(expr, MapOf):
        inner = validate_lines(ctx, expr.values, f"{value}[{item}]", owner, depth + 1)
        return [
            f"for _, {item} := range codec.SortedKeys({value}) {{",
            f"\tc.Enter({item})",
            f"\tcodec.CheckText(c, {item})",
            *("\t" + line for line in inner),
            "\tc.Leave()",
            "}",
        ]
    raise AssertionError(kind)


def encode_lines(ctx: Context, expr: TypeExpr, value: str, depth: int = 0) -> list[str]:
    """Go statements that write ``value`` with the writer ``w``."""
    kind = ctx.kind(expr)
    index, item = ("i", "k") if depth == 0 else (f"i{depth}", f"k{depth}")
    if isinstance(expr, Scalar):
        method = {"string": "String", "integer": "Int", "number": "Float", "boolean": "Bool"}[expr.kind]
        return [f"w.{method}({value})"]
    if kind == "enum":
        return [f"w.String(string({value}))"]
    if isinstance(expr, Ref) and kind == "union":
        return [f"encode{expr.name}(w, {value})"]
    if kind in ("object", "alias"):
        return [f"{value}.encodeJSON(w)"]
    if isinstance(expr, FreeForm):
        return [f"w.Raw({value})"]
    if isinstance(expr, ArrayOf):
        inner = encode_lines(ctx, expr.items, f"{value}[{index}]", depth + 1)
        return (
            ["w.OpenArray()", f"for {index} := range {value} {{", "\tw.Element()"]
            + ["\t" + line for line in inner]
            + ["}", "w.CloseArray()"]
        )
    if isinstance(expr, MapOf):
        inner = encode_lines(ctx, expr.values, f"{value}[{item}]", depth + 1)
        return (
            ["w.OpenObject()", f"for _, {item} := range codec.SortedKeys({value}) {{", f"\tw.Name({item})"]
            + ["\t" + line for line in inner]
            + ["}", "w.CloseObject()"]
        )
    raise AssertionError(kind)
