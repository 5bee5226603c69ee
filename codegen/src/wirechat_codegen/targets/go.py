"""The Go target: our own emitter (no public generator handles the tagged unions), templates plus Go data.

Output folder ``go/internal/wire/`` (package ``wire``), wholly generated: one ``<schema file>_gen.go`` per
schema file plus ``registry_gen.go`` and ``shapes_gen.go`` (what the tolerant reader walks, ``go_shapes.py``).
The public package ``go/wirechat`` re-exports these types and adds the hand-written behaviour (see
``docs/decisions/`` for why the folders are split this way).

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

import re
from dataclasses import dataclass
from pathlib import Path

import jinja2

from wirechat_codegen.ir import (
    AliasType,
    EnumType,
    FreeForm,
    Member,
    ObjectType,
    Ref,
    Scalar,
    TypeDef,
    UnionType,
    build_ir,
)
from wirechat_codegen.schema_files import SCHEMA_SUFFIX
from wirechat_codegen.targets import GenerationInput, Target, banner_lines
from wirechat_codegen.targets.go_code import (
    CODEC_IMPORT,
    OUTPUT_DIR,
    PACKAGE,
    SCALAR_TYPES,
    TEMPLATES,
    Context,
    comment,
    decode_lines,
    encode_lines,
    go_name,
    go_string,
    lower_first,
    read_scalar,
    scalar_checks,
    validate_lines,
)
from wirechat_codegen.targets.go_shapes import render_shapes
from wirechat_codegen.versions import package_version


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
        checks = scalar_checks(ctx, expr, "x", "d", owner=owner, built=False)
        read = [f"if x, ok := {read_scalar(expr)}; ok {{", *("\t" + c for c in checks), f"\t*v = {alias.name}(x)", "}"]
        return view | {
            "direct": True,
            "decode": read,
            "validate": scalar_checks(ctx, expr, base, "c", owner=owner, built=True),
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
    """Write one ``<schema file>_gen.go`` per schema file, ``registry_gen.go``, ``shapes_gen.go`` and ``doc_gen.go``."""
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
    (out / "shapes_gen.go").write_text(render_shapes(ir, banner, PACKAGE), encoding="utf-8")
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
