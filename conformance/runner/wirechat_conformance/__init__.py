"""wirechat's conformance runner: one corpus of cases, a testee per language, property-generated rounds.

The cases are data (``conformance/cases/**/*.json``, described by ``conformance/cases.schema.json``,
plus the schema's own examples read at run time). Each language's testee is a long-lived program that
speaks a line protocol over stdin/stdout (``conformance/README.md``). The runner sends every case to
every testee, compares RFC 8785 bytes, runs hypothesis-generated instances and their one-rule mutations
through every language and through chains across languages, and reports a matrix, JSON and JUnit XML.

Entry points: ``wirechat conformance`` and ``python -m wirechat_conformance``; ``run(options)`` here.
"""

from wirechat_conformance.cases import Case, CaseFileError, load_cases
from wirechat_conformance.cli import build_parser, main
from wirechat_conformance.suite import Options, run

__all__ = ["Case", "CaseFileError", "Options", "build_parser", "load_cases", "main", "run"]
