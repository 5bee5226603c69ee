"""What survives a conversion between two formats, read from the adapters' manifests, never written by hand.

``python -m wirechat.adapters.matrix`` prints the table kept in ``docs/provider-matrix.md`` (a test fails when
the committed one differs from the manifests): first, for every ordered pair of formats, how many of the
features the source carries losslessly the target carries losslessly, degrades or refuses; then, per
feature, each format's level with the manifest's own words for what is degraded or refused. A user sees
before switching providers what a conversation will lose.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from wirechat.adapters._contract import Adapter
from wirechat.adapters._registry import get, names
from wirechat.adapters.features import FEATURES

__all__ = ["markdown", "pair_counts"]

_MARK = {"lossless": "yes", "degraded": "degraded", "refused": "refused"}


def pair_counts(source: Adapter, target: Adapter) -> tuple[int, int, int]:
    """Of the features ``source`` carries losslessly: how many ``target`` carries losslessly, degrades, refuses."""
    carried = [feature for feature in FEATURES if source.manifest.level(feature) == "lossless"]
    levels = [target.manifest.level(feature) for feature in carried]
    return levels.count("lossless"), levels.count("degraded"), levels.count("refused")


def markdown(adapters: Sequence[Adapter]) -> str:
    """The whole page: the pair summary and the per-feature table."""
    formats = [adapter.name for adapter in adapters]
    lines = [
        "# What survives a conversion between formats",
        "",
        "Generated from the adapters' manifests by `python -m wirechat.adapters.matrix > docs/provider-matrix.md`;",
        "a test fails when this file and the manifests disagree. `wirechat convert` prints each warning and",
        "refusal as it happens (`--strict` fails on any).",
        "",
        "## Pairs",
        "",
        "Of the features the source carries losslessly: kept / degraded (with a warning) / refused by the target.",
        "",
        "| from → to | " + " | ".join(formats) + " |",
        "|---|" + "---|" * len(formats),
    ]
    for source in adapters:
        cells = []
        for target in adapters:
            kept, degraded, refused = pair_counts(source, target)
            cells.append("-" if source is target else f"{kept} / {degraded} / {refused}")
        lines.append(f"| {source.name} | " + " | ".join(cells) + " |")
    lines += [
        "",
        "## Features",
        "",
        "| feature | " + " | ".join(formats) + " | what it is |",
        "|---|" + "---|" * (len(formats) + 1),
    ]
    notes: list[str] = []
    for feature, description in FEATURES.items():
        cells = []
        for adapter in adapters:
            level, message = adapter.manifest.level(feature), adapter.manifest.message(feature)
            if level == "lossless":
                cells.append(_MARK[level])
            else:
                notes.append(f"{len(notes) + 1}. {adapter.name}, `{feature}`: {message}")
                cells.append(f"{_MARK[level]} [{len(notes)}]")
        lines.append(f"| `{feature}` | " + " | ".join(cells) + f" | {description} |")
    lines += ["", "## What each degradation and refusal says", "", *notes, ""]
    return "\n".join(lines + _quirks(adapters))


def _quirks(adapters: Sequence[Adapter]) -> list[str]:
    """A table of the wire quirks of adapters that publish them (``quirks``: label -> value), such as the
    openai-compatible profiles' reasoning member, streamed usage and tool-call ids."""
    published = [(adapter.name, dict(getattr(adapter, "quirks", None) or {})) for adapter in adapters]
    published = [(name, quirks) for name, quirks in published if quirks]
    if not published:
        return []
    labels = list(dict.fromkeys(label for _, quirks in published for label in quirks))
    lines = ["## Wire quirks", "", "| quirk | " + " | ".join(name for name, _ in published) + " |"]
    lines.append("|---|" + "---|" * len(published))
    for label in labels:
        lines.append(f"| {label} | " + " | ".join(quirks.get(label, "") for _, quirks in published) + " |")
    return [*lines, ""]


def main(argv: Sequence[str] | None = None) -> int:
    """Print the page for every installed adapter (or the ones named)."""
    chosen = list(argv if argv is not None else sys.argv[1:]) or names()
    sys.stdout.write(markdown([get(name) for name in chosen]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
