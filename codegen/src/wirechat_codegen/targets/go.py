"""The Go target: our own emitter (no public generator handles the tagged unions), templates plus Go data.

Output folder ``go/internal/wire/`` (package ``wire``), wholly generated: one ``<schema file>_gen.go`` per
schema file plus ``registry_gen.go``. The public package ``go/wirechat`` re-exports these types and adds
the hand-written behaviour (see ``docs/decisions/`` for why the folders are split this way).

The generated code is stdlib-only apart from the module's own hand-written runtime
``go/internal/codec`` (itself stdlib-only), which reads JSON with the I-JSON checks and JSON pointers,
writes compact JSON and holds the checks that decoding and ``Validate`` share.

How the schema maps to Go (the per-language data is the constants and small functions below; the layout
is in ``go_templates/``):
- an object is a struct; a required member is a value, an optional one a pointer (absent and zero stay
  different); slices, maps and raw JSON use nil for absent; a required slice encodes nil as ``[]``;
- a tagged union is a sealed interface implemented by pointers to its variant structs; the tag is not
  a struct field: decoding dispatches on it and encoding writes it first;
- a string enum is a named string type with one constant per value;
- ``JsonValue`` and ``JsonObject`` keep the raw JSON bytes; integers are ``int64``, numbers ``float64``.
"""

from __future__ import annotations

import json
import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

import jinja2

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
from wirechat_codegen.versions import package_version

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


def _scalar_checks(ctx: Context, expr: Scalar, value: str, reporter: str, *, owner: str, built: bool) -> list[str]:
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


def _read_scalar(expr: Scalar) -> str:
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
        checks = _scalar_checks(ctx, expr, tmp, "d", owner=owner, built=False)
        target = f"&{tmp}" if optional else tmp
        if not checks and not optional:
            return [f"{dst}, _ = {_read_scalar(expr)}"]
        return [f"if {tmp}, ok := {_read_scalar(expr)}; ok {{", *("\t" + c for c in checks), f"\t{dst} = {target}", "}"]
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
        return _scalar_checks(ctx, expr, value, "c", owner=owner, built=True)
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


@dataclass
class MemberView:
    """One struct member as the object template needs it."""

    member: Member
    index: int
    go_name: str
    go_type: str
    json_tag: str
    doc: list[str]
    decode: list[str]
    validate: list[str]
    encode: list[str]
    presence: str  # Go condition that says the member is set ("" when it is always written)
    required_nil_check: str  # Go condition for a required member that is missing ("" when it cannot be)


def _borrowed_description(ctx: Context, member: Member) -> str:
    """A member without a description of its own borrows the first sentence of its type's."""
    if isinstance(member.type, Ref):
        text = ctx.ir.by_name[member.type.name].description
        if text:
            first = re.split(r"(?<=[.:;])\s", text, maxsplit=1)[0].rstrip(".:;")
            return f"{first} (a {member.type.name})."
        return f"A {member.type.name}."
    return f"The `{member.name}` member."


def _member_view(ctx: Context, obj: ObjectType, member: Member, index: int) -> MemberView:
    name = go_name(member.name)
    field = f"v.{name}"
    pointer = not member.required and not ctx.nilable(member.type)
    kind = ctx.kind(member.type)
    # A pointer member is read through "*" where a value is needed; a method call dereferences by itself.
    checked = f"*{field}" if pointer and kind == "scalar" else field
    written = f"*{field}" if pointer and kind in ("scalar", "enum") else field
    description = member.description or _borrowed_description(ctx, member)
    if member.required:
        description += " Required."
    presence = "" if member.required else f"{field} != nil"
    required_nil = f"{field} == nil" if member.required and kind in ("union", "free") else ""
    if member.required and isinstance(member.type, Ref):
        target = ctx.ir.by_name[member.type.name]
        if isinstance(target, AliasType) and isinstance(target.type, FreeForm):
            required_nil = f"{field} == nil"
    owner = obj.name + go_name(member.name)
    return MemberView(
        member=member,
        index=index,
        go_name=name,
        go_type=ctx.field_type(member),
        json_tag=member.name if member.required else member.name + ",omitempty",
        doc=comment(description, "\t"),
        decode=decode_lines(ctx, member.type, field, optional=pointer, owner=owner),
        validate=validate_lines(ctx, member.type, checked, owner),
        encode=encode_lines(ctx, member.type, written),
        presence=presence,
        required_nil_check=required_nil,
    )


def _type_doc(ctx: Context, definition: TypeDef) -> list[str]:
    text = f"{definition.name} is the wire type {definition.name} (schema/{ctx.ir.version}/{definition.source})."
    if definition.description:
        text += "\n" + definition.description
    return comment(text)


def _alias_view(ctx: Context, alias: AliasType) -> dict[str, object]:
    """The decoder, checks and encoder of a named array, map, scalar or free-form type."""
    expr, owner = alias.type, alias.name
    view: dict[str, object] = {"go_type": ctx.go_type(expr), "raw": isinstance(expr, FreeForm)}
    if isinstance(expr, Scalar):  # a named scalar converts to and from its Go base type
        base = f"{SCALAR_TYPES[expr.kind]}(v)"
        checks = _scalar_checks(ctx, expr, "x", "d", owner=owner, built=False)
        read = [f"if x, ok := {_read_scalar(expr)}; ok {{", *("\t" + c for c in checks), f"\t*v = {alias.name}(x)", "}"]
        return view | {
            "direct": True,
            "decode": read,
            "validate": _scalar_checks(ctx, expr, base, "c", owner=owner, built=True),
            "encode": encode_lines(ctx, expr, base),
        }
    # Free-form JSON is one assignment; arrays and maps are built in a local and stored at the end.
    direct = isinstance(expr, FreeForm)
    return view | {
        "direct": direct,
        "decode": decode_lines(ctx, expr, "*v" if direct else "m", optional=False, owner=owner),
        "validate": validate_lines(ctx, expr, "v", owner),
        "encode": encode_lines(ctx, expr, "v"),
    }


def _render_file(env: jinja2.Environment, ctx: Context, source: str, definitions: list[TypeDef]) -> str:
    views = []
    for definition in definitions:
        view: dict[str, object] = {
            "def": definition,
            "kind": {ObjectType: "object", UnionType: "union", EnumType: "enum", AliasType: "alias"}[type(definition)],
            "doc": _type_doc(ctx, definition),
            "var": lower_first(definition.name),
        }
        if isinstance(definition, ObjectType):
            if len(definition.members) > 64:
                raise ValueError(f"{definition.name}: more than 64 members")
            members = [_member_view(ctx, definition, m, i) for i, m in enumerate(definition.members)]
            mask = sum(1 << m.index for m in members if m.member.required)
            view.update(members=members, fields=[m for m in members if m.member.tag is None], mask=f"0b{mask:b}")
        elif isinstance(definition, UnionType):
            names = ", ".join(v.type_name for v in definition.variants)
            note = f"The variants are pointers to {names}; the `{definition.tag_member}` member selects one."
            view.update(
                tags=", ".join(go_string(v.tag) for v in definition.variants),
                note=comment(note + f" A nil {definition.name} is absent."),
            )
        elif isinstance(definition, EnumType):
            width = max(len(definition.name + go_name(v)) for v in definition.values)
            view.update(
                constants=[((definition.name + go_name(v)).ljust(width), go_string(v)) for v in definition.values]
            )
        elif isinstance(definition, AliasType):
            view.update(_alias_view(ctx, definition))
        views.append(view)
    body = env.get_template("file.go.j2").render(types=views, source=source)
    imports = ["math"] if "math." in body else []
    imports += ["encoding/json"] if "json.RawMessage" in body else []
    header = env.get_template("header.go.j2").render(
        banner=banner_lines(ctx.ir.version), source=f"schema/{ctx.ir.version}/{source}", package=PACKAGE
    )
    import_block = env.get_template("imports.go.j2").render(stdlib=sorted(imports), codec=CODEC_IMPORT)
    return header + import_block + body


def render(source: GenerationInput, out: Path) -> None:
    """Write one ``<schema file>_gen.go`` per schema file, ``registry_gen.go`` and ``doc_gen.go``."""
    ir = build_ir(source.version, source.bundle, source.files)
    ctx = Context(ir, {})
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters["indent_lines"] = lambda lines, depth: "\n".join(("\t" * depth + x) if x else x for x in lines)
    for file_name in ir.sources():
        stem = file_name.removesuffix(SCHEMA_SUFFIX)
        in_file = [t for t in ir.types if t.source == file_name]
        root = [t for t in in_file if stem.replace("_", "") == t.name.lower()]
        ordered = root + [t for t in in_file if t not in root]
        (out / f"{stem}_gen.go").write_text(_render_file(env, ctx, file_name, ordered), encoding="utf-8")
    banner = banner_lines(ir.version)
    unions = [t for t in ir.types if isinstance(t, UnionType)]
    patterns = sorted((name, go_string(src)) for src, name in ctx.patterns.items())
    registry = env.get_template("registry.go.j2").render(
        banner=banner,
        package=PACKAGE,
        codec=CODEC_IMPORT,
        names=[t.name for t in ir.types],
        unions=unions,
        patterns=patterns,
        version=ir.version,
    )
    (out / "registry_gen.go").write_text(registry, encoding="utf-8")
    doc = env.get_template("doc.go.j2").render(banner=banner, package=PACKAGE, version=ir.version)
    (out / "doc_gen.go").write_text(doc, encoding="utf-8")
    version = package_version(source.repo_root)
    (out / "version_gen.go").write_text(
        "\n".join(f"// {line}" for line in banner) + f"\n\npackage {PACKAGE}\n\n"
        "// Version is the release version of wirechat (the repository's VERSION file).\n"
        f'const Version = "{version}"\n',
        encoding="utf-8",
    )


TARGET = Target(name="go", output_dir=OUTPUT_DIR, render=render)
