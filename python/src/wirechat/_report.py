"""The problems of a document the codec refuses (spec section 5), and the checked reading that finds them.

``wirechat.codec`` decides quickly *whether* a text is a valid document (the native scan, then msgspec or
pydantic-core); when it is not, this module reads the text again to say *what* is wrong, with the pointers
and messages of spec section 5: jiter parses with the text rules (duplicate keys, lone surrogates,
NaN/Infinity, trailing data; ``wirechat._textfault`` locates a text fault where section 5.1 puts it), the
pydantic model of the type validates the parsed value (schema problems, then ``wirechat._ijson``'s number
rules inside free-form data), and the nesting depth is measured where a value nests deep.

``checked_decode`` is that reading as a decoder: it returns the model when the text is valid. The codec
runs it for a pydantic type whenever its quick path did not accept the text. ``refused`` runs it for a
Struct type the quick path refused, and raises the problems; should the reading accept what the quick
path refused, that is a bug, raised as ``RuntimeError``.
"""

from __future__ import annotations

import gc
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

import jiter
from pydantic import ValidationError

from wirechat._ijson import deep_value_seen, reset_deep_value_watch, watch_for_deep_values
from wirechat._long_integers import restore, shorten
from wirechat._order import select_problems, too_many_problems
from wirechat._pointers import Candidate, candidates_from_validation_error, problem_from_candidate, required_tags
from wirechat._textfault import find_text_fault, may_be_too_deep, scan
from wirechat.errors import Problem, WireError, pointer_from_path

__all__ = ["BOM", "check_depth", "checked_decode", "refused", "report", "text_error"]

BOM = b"\xef\xbb\xbf"
_LINE_COLUMN = re.compile(r"line (\d+) column (\d+)")


def _text_fault_problem(raw: bytes, parser_error: ValueError | None) -> Problem | None:
    """The text fault of ``raw`` as a problem (spec section 5.1), located by one linear pass."""
    fault = find_text_fault(raw)
    if fault is not None:
        return Problem(fault.pointer, fault.message, fault.rule, fault.line, fault.column)
    if parser_error is None:
        return None
    if str(parser_error).startswith("number out of range"):
        # jiter holds integers of up to about 4,300 digits; a longer literal is well-formed JSON and breaks
        # rule 5 (an integer literal past 2^53-1): a value problem at the number, as in TypeScript and Go.
        return _oversized_number(raw, str(parser_error))
    # jiter refused a text the spec accepts: say so rather than hide it (the fuzz tests look for this).
    return Problem("", f"the parser refused the text: {parser_error}", "syntax", 1, 1)


def _long_integers_shortened(raw: bytes, parser_error: ValueError) -> tuple[bytes, dict[str, int]] | None:
    """The text with its too-long integer literals shortened, when they are why jiter refused it."""
    if not str(parser_error).startswith("number out of range") or find_text_fault(raw) is not None:
        return None
    return shorten(raw)


def _oversized_number(raw: bytes, reason: str) -> Problem:
    text = raw.decode("utf-8")
    found = _LINE_COLUMN.search(reason)
    line, column = (int(found.group(1)), int(found.group(2))) if found else (1, 1)
    lines = text.split("\n", line - 1)
    offset = sum(len(piece) + 1 for piece in lines[:-1]) + column - 1
    starts: list[tuple[int, str]] = []
    scan(text, lambda start, path: starts.append((start, pointer_from_path(path))))
    pointer = max((entry for entry in starts if entry[0] <= offset), default=(0, ""))[1]
    return Problem(pointer, "an integer literal too long for any double, outside +/-(2^53-1)", "unsafe-integer")


def text_error(raw: bytes, parser_error: ValueError | None, type_name: str) -> WireError:
    """The error for a text jiter refused (or that starts with a byte order mark)."""
    problem = _text_fault_problem(raw, parser_error)
    assert problem is not None
    return WireError([problem], type_name or None)


def check_depth(raw: bytes, type_name: str) -> None:
    """Raise the ``depth`` fault of a text jiter accepted with a 201st level (spec section 2, rule 6)."""
    if may_be_too_deep(raw):
        problem = _text_fault_problem(raw, None)
        if problem is not None:
            raise WireError([problem], type_name or None)


def checked_decode(raw: bytes, validator: Any, type_name: str, tags: tuple[str, ...]) -> Any:
    """The value of ``raw`` as validated by ``validator`` (a pydantic model's or ``TypeAdapter``'s), or
    ``WireError`` with every problem: the one text fault when the text is broken, else every schema and
    number problem, the first 100 in the order of spec section 5.2. ``tags`` are the variant's required
    tag members (``required_tags``), which the models default."""
    if raw.startswith(BOM):
        raise text_error(raw, None, type_name)
    try:
        value = jiter.from_json(raw, allow_inf_nan=False, catch_duplicate_keys=True)
    except ValueError as exc:
        shortened = _long_integers_shortened(raw, exc)
        if shortened is None:
            raise text_error(raw, exc, type_name) from None
        try:  # the other problems too, not the long literal's alone (spec section 5)
            checked_decode(shortened[0], validator, type_name, tags)
        except WireError as error:
            raise restore(error, shortened[1]) from None
        raise text_error(raw, exc, type_name) from None  # not reached: a stand-in breaks rule 5
    missing_tags: list[Candidate] = (
        [(f"/{tag}", "required", "required member is missing") for tag in tags if tag not in value]
        if tags and isinstance(value, dict)
        else []
    )
    # The typed structure is shallow: a text nests 201 levels only inside free-form data (which notes a
    # deep value as it is checked) or where the schema fails. Only then is the text's depth measured.
    watch = watch_for_deep_values()
    try:
        decoded = validator.validate_python(value)
    except ValidationError as exc:
        check_depth(raw, type_name)
        with collector_paused():
            candidates = [*missing_tags, *candidates_from_validation_error(type_name, exc)]
        raise schema_error(candidates, type_name) from None
    finally:
        deep = deep_value_seen()
        reset_deep_value_watch(watch)
    if deep or missing_tags:
        check_depth(raw, type_name)
    if missing_tags:
        raise schema_error(missing_tags, type_name)
    return decoded


def report(raw: bytes, type_name: str) -> None:
    """Raise ``WireError`` with the problems of ``raw`` as a document of the schema type ``type_name``;
    return when it has none."""
    from wirechat._generated import models  # noqa: PLC0415 (pydantic's models: built on the first refusal)
    from wirechat._registry import validator_for  # noqa: PLC0415

    checked_decode(raw, validator_for(getattr(models, type_name)), type_name, required_tags(type_name))


def refused(raw: bytes, type_name: str, reason: str) -> NoReturn:
    """Raise the problems of a document the quick path refused (``reason``: its own words)."""
    try:
        report(raw, type_name)
    except WireError as error:
        raise error from None  # not the quick path's own exception, which a caller may be handling
    message = f"the engine refused a document the checked reading accepts ({reason}); please report this"
    raise RuntimeError(message)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a million error records are made: they hold no cycles,
    and the collections their allocation triggers measured 40% of the time for a million problems."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def schema_error(candidates: list[Candidate], type_name: str) -> WireError:
    """The error for schema and number problems: the first 100 in the spec's order (section 5.2), then one
    saying how many more. Messages are written for the problems reported only."""
    first, more = select_problems(candidates)
    problems = [problem_from_candidate(candidate) for candidate in first]
    return WireError(problems + ([too_many_problems(more)] if more else []), type_name)
