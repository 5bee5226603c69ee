"""The schema lint: the house rules every wire schema file must follow.

The rules keep the schema inside what every generator and validator we use treats the same way:
- only the agreed 2020-12 keyword subset (plus the OpenAPI ``discriminator`` annotation beside ``oneOf``);
- every ``oneOf`` is a tagged union: a ``discriminator``, ``"type": "object"``, and variants that are
  ``$ref``s to closed objects whose tag property is a required string ``const``, each tag used once;
- no ``default`` (state defaults in ``description``), no ``null`` types, one ``type`` per schema;
- snake_case property names, PascalCase titles that match the file name, unique titles;
- closed objects (``additionalProperties: false``) wherever properties are listed;
- integers and numbers bounded within +/-(2^53-1), so every language reads every number exactly (a whole
  double beyond that canonicalises to an integer literal JavaScript rounds);
- patterns in the portable regex subset (no lookaround, backreferences or Unicode-dependent classes);
- ``$ref`` targets that exist, and ``$id``s that match the file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from wirechat_codegen.schema_files import SCHEMA_SUFFIX, SchemaFile

ALLOWED_KEYWORDS = frozenset(
    {
        "$schema", "$id", "$defs", "$ref", "type", "properties", "required", "additionalProperties",
        "enum", "const", "oneOf", "discriminator", "items", "minItems", "maxItems", "minimum", "maximum",
        "minLength", "maxLength", "pattern", "format", "title", "description", "examples", "deprecated",
    }
)  # fmt: skip
ROOT_ONLY_KEYWORDS = frozenset({"$schema", "$id"})
DIALECT = "https://json-schema.org/draft/2020-12/schema"
ALLOWED_TYPES = frozenset({"object", "array", "string", "integer", "number", "boolean"})
ALLOWED_FORMATS = frozenset({"uri"})
MAX_SAFE_INTEGER = 2**53 - 1
SNAKE_CASE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")
PASCAL_CASE = re.compile(r"^[A-Z][a-z0-9]*([A-Z][a-z0-9]*)*$")
# Lookaround, named groups, backreferences and classes whose meaning depends on the engine's Unicode mode.
NON_PORTABLE_REGEX = re.compile(r"\(\?|\\[1-9]|\\[dDwWsSbBpPkuxcZzAG]")


@dataclass(frozen=True, order=True)
class LintProblem:
    """One broken rule: the file, the JSON pointer inside it, and what is wrong."""

    file: str
    pointer: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.pointer or '/'}: {self.message}"


def snake_case(title: str) -> str:
    """``ToolCall`` -> ``tool_call``: the file name stem a root title must have."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", title).lower()


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


class _FileLinter:
    def __init__(self, schema_file: SchemaFile, all_files: dict[str, SchemaFile], base_uri: str) -> None:
        self.file = schema_file
        self.all_files = all_files
        self.base_uri = base_uri

    def problem(self, pointer: str, message: str) -> LintProblem:
        return LintProblem(self.file.name, pointer, message)

    def run(self) -> Iterator[LintProblem]:
        doc = self.file.document
        if doc.get("$schema") != DIALECT:
            yield self.problem("/$schema", f"must be {DIALECT!r}")
        expected_id = self.base_uri + self.file.name
        if doc.get("$id") != expected_id:
            yield self.problem("/$id", f"must be {expected_id!r} (the base URI plus the file name)")
        title = self.file.title
        if not title:
            yield self.problem("/title", "a schema file must have a title: the type's name")
        elif snake_case(title) + SCHEMA_SUFFIX != self.file.name:
            yield self.problem(
                "/title", f"title {title!r} means the file must be named {snake_case(title) + SCHEMA_SUFFIX!r}"
            )
        yield from self.node(doc, "", is_root=True)

    def node(self, node: Any, pointer: str, is_root: bool = False) -> Iterator[LintProblem]:
        if not isinstance(node, dict):
            yield self.problem(pointer, "a schema must be a JSON object")
            return
        for key in node:
            if key == "default":
                yield self.problem(
                    f"{pointer}/default", "no `default` in wire schemas: state the default in `description`"
                )
            elif key not in ALLOWED_KEYWORDS:
                yield self.problem(f"{pointer}/{_escape(key)}", f"keyword {key!r} is outside the agreed subset")
            elif key in ROOT_ONLY_KEYWORDS and not is_root:
                yield self.problem(f"{pointer}/{_escape(key)}", f"{key!r} belongs on the file's root only")
        yield from self.title(node, pointer)
        yield from self.type_keyword(node, pointer)
        yield from self.object_rules(node, pointer)
        yield from self.number_rules(node, pointer)
        yield from self.string_rules(node, pointer)
        if "$ref" in node:
            yield from self.ref(node["$ref"], f"{pointer}/$ref")
        if "oneOf" in node:
            yield from self.union(node, pointer)
        elif "discriminator" in node:
            yield self.problem(f"{pointer}/discriminator", "`discriminator` belongs beside a `oneOf`")
        yield from self.children(node, pointer)

    def children(self, node: dict[str, Any], pointer: str) -> Iterator[LintProblem]:
        for key in ("properties", "$defs"):
            members = node.get(key, {})
            if not isinstance(members, dict):
                yield self.problem(f"{pointer}/{key}", "must be an object")
                continue
            for name, sub in members.items():
                if key == "properties" and not SNAKE_CASE.match(name):
                    yield self.problem(f"{pointer}/properties/{_escape(name)}", f"property {name!r} must be snake_case")
                if key == "$defs" and (not isinstance(sub, dict) or sub.get("title") != name):
                    yield self.problem(
                        f"{pointer}/$defs/{_escape(name)}", f"a $defs entry must have title {name!r}, its own name"
                    )
                yield from self.node(sub, f"{pointer}/{key}/{_escape(name)}")
        for key in ("items", "additionalProperties"):
            if isinstance(node.get(key), dict):
                yield from self.node(node[key], f"{pointer}/{key}")
        for index, branch in enumerate(node.get("oneOf", []) if isinstance(node.get("oneOf"), list) else []):
            yield from self.node(branch, f"{pointer}/oneOf/{index}")

    def title(self, node: dict[str, Any], pointer: str) -> Iterator[LintProblem]:
        title = node.get("title")
        if title is not None and not (isinstance(title, str) and PASCAL_CASE.match(title)):
            yield self.problem(f"{pointer}/title", f"title {title!r} must be PascalCase")

    def type_keyword(self, node: dict[str, Any], pointer: str) -> Iterator[LintProblem]:
        kind = node.get("type")
        if kind is None:
            return
        if not isinstance(kind, str):
            yield self.problem(f"{pointer}/type", "one type per schema (no type arrays, no nullable types)")
        elif kind not in ALLOWED_TYPES:
            yield self.problem(f"{pointer}/type", f"type {kind!r} is not allowed (null is never a wire value)")

    def object_rules(self, node: dict[str, Any], pointer: str) -> Iterator[LintProblem]:
        properties = node.get("properties")
        if properties is not None:
            if node.get("type") != "object":
                yield self.problem(f"{pointer}/type", 'a schema with `properties` must say `"type": "object"`')
            if node.get("additionalProperties") is not False:
                yield self.problem(pointer, "a schema with `properties` must set `additionalProperties: false`")
        required = node.get("required", [])
        if not isinstance(required, list) or len(set(map(str, required))) != len(required):
            yield self.problem(f"{pointer}/required", "must be a list of distinct property names")
        else:
            for name in required:
                if not isinstance(properties, dict) or name not in properties:
                    yield self.problem(f"{pointer}/required", f"required property {name!r} is not in `properties`")
        if (
            node.get("type") == "object"
            and properties is None
            and "oneOf" not in node
            and "additionalProperties" not in node
        ):
            yield self.problem(
                pointer, "an object without `properties` must say what its members are (`additionalProperties`)"
            )

    def number_rules(self, node: dict[str, Any], pointer: str) -> Iterator[LintProblem]:
        kind = node.get("type")
        if kind not in ("integer", "number"):
            for key in ("minimum", "maximum"):
                if key in node:
                    yield self.problem(f"{pointer}/{key}", f"`{key}` needs an integer or number type")
            return
        # Numbers too: a whole double past 2^53 canonicalises to an integer literal not every language reads.
        limit = MAX_SAFE_INTEGER
        for key in ("minimum", "maximum"):
            value = node.get(key)
            if value is None:
                yield self.problem(
                    pointer, f"every {kind} needs `{key}` (within +/-(2^53-1)), so every language reads it exactly"
                )
            elif isinstance(value, bool) or not isinstance(value, (int, float)) or abs(value) > limit:
                yield self.problem(f"{pointer}/{key}", "must be a number within +/-(2^53-1)")
            elif kind == "integer" and not isinstance(value, int):
                yield self.problem(f"{pointer}/{key}", "an integer bound must be an integer")

    def string_rules(self, node: dict[str, Any], pointer: str) -> Iterator[LintProblem]:
        if "format" in node and node["format"] not in ALLOWED_FORMATS:
            yield self.problem(
                f"{pointer}/format", f"format {node['format']!r} is not allowed (only {sorted(ALLOWED_FORMATS)})"
            )
        pattern = node.get("pattern")
        if pattern is None:
            return
        if not isinstance(pattern, str):
            yield self.problem(f"{pointer}/pattern", "must be a string")
            return
        try:
            re.compile(pattern)
        except re.error as exc:
            yield self.problem(f"{pointer}/pattern", f"does not compile: {exc}")
        if NON_PORTABLE_REGEX.search(pattern):
            yield self.problem(
                f"{pointer}/pattern",
                "uses syntax outside the portable subset (lookaround, backreferences, \\d \\w \\s \\b and friends)",
            )
        if not pattern.startswith("^"):
            yield self.problem(
                f"{pointer}/pattern", "must be anchored with `^` (engines differ on search versus match)"
            )

    def ref(self, ref: Any, pointer: str) -> Iterator[LintProblem]:
        if self.resolve(ref) is None:
            yield self.problem(
                pointer,
                f"$ref {ref!r} does not resolve (use `file.schema.json`, `#/$defs/Name` or `file.schema.json#/$defs/Name`)",  # noqa: E501
            )

    def resolve(self, ref: Any) -> dict[str, Any] | None:
        if not isinstance(ref, str):
            return None
        file_part, _, fragment = ref.partition("#")
        target = self.all_files.get(file_part) if file_part else self.file
        if target is None:
            return None
        if fragment in ("", "/"):
            return target.document
        if fragment.startswith("/$defs/"):
            found = target.document.get("$defs", {}).get(fragment[len("/$defs/") :])
            return found if isinstance(found, dict) else None
        return None

    def union(self, node: dict[str, Any], pointer: str) -> Iterator[LintProblem]:
        branches = node["oneOf"]
        discriminator = node.get("discriminator")
        if not isinstance(discriminator, dict) or not isinstance(discriminator.get("propertyName"), str):
            yield self.problem(pointer, "every `oneOf` needs `discriminator: {propertyName: ...}` beside it")
            return
        if set(discriminator) != {"propertyName"}:
            yield self.problem(
                f"{pointer}/discriminator", "only `propertyName` is allowed (tags come from the variants' `const`)"
            )
        if node.get("type") != "object":
            yield self.problem(f"{pointer}/type", 'a tagged union must say `"type": "object"`')
        tag_name = discriminator["propertyName"]
        if not isinstance(branches, list) or len(branches) < 2:
            yield self.problem(f"{pointer}/oneOf", "a union needs at least two variants")
            return
        seen: dict[str, int] = {}
        for index, branch in enumerate(branches):
            where = f"{pointer}/oneOf/{index}"
            if not isinstance(branch, dict) or set(branch) != {"$ref"}:
                yield self.problem(where, "each variant must be a bare `$ref` to a named object schema")
                continue
            variant = self.resolve(branch["$ref"])
            if variant is None:
                continue  # reported by the ref check
            tag_schema = variant.get("properties", {}).get(tag_name)
            if (
                not isinstance(tag_schema, dict)
                or tag_schema.get("type") != "string"
                or not isinstance(tag_schema.get("const"), str)
            ):
                yield self.problem(
                    where,
                    f'variant {branch["$ref"]!r} must declare `{tag_name}` as `{{"type": "string", "const": ...}}`',
                )
                continue
            if tag_name not in variant.get("required", []):
                yield self.problem(where, f"variant {branch['$ref']!r} must require `{tag_name}`")
            tag = tag_schema["const"]
            if tag in seen:
                yield self.problem(where, f"tag {tag!r} is already used by variant {seen[tag]}")
            seen[tag] = index


def lint(files: list[SchemaFile], base_uri: str) -> list[LintProblem]:
    """Check every file against the house rules; return the problems, sorted (empty when clean)."""
    by_name = {f.name: f for f in files}
    problems: list[LintProblem] = []
    for schema_file in files:
        problems.extend(_FileLinter(schema_file, by_name, base_uri).run())
    titles: dict[str, str] = {}
    for schema_file in files:
        names = [schema_file.title, *schema_file.document.get("$defs", {})]
        for name in names:
            if name and name in titles:
                problems.append(
                    LintProblem(schema_file.name, "/title", f"type name {name!r} is also defined in {titles[name]}")
                )
            titles.setdefault(name, schema_file.name)
    return sorted(set(problems))


def lint_keywords(files: list[SchemaFile], base_uri: str) -> list[LintProblem]:
    """The keyword, type, object, number, string, reference and union rules, without the file rules (``$id``,
    titles matching file names) and without the wire format's property naming: for schemas of other files than
    the wire format's, such as ``adapters/*.schema.json``, whose documents hold a ``$schema`` member."""
    by_name = {f.name: f for f in files}
    problems = []
    for schema_file in files:
        for problem in _FileLinter(schema_file, by_name, base_uri).node(schema_file.document, "", is_root=True):
            if not problem.message.startswith("property '$schema'"):
                problems.append(problem)
    return sorted(set(problems))
