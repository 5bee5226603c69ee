"""The cross-provider matrix is generated from the manifests, and the committed page says the same."""

from __future__ import annotations

from tests.conftest import REPO_ROOT
from wirechat.adapters import get, names
from wirechat.adapters.features import FEATURES
from wirechat.adapters.matrix import markdown, pair_counts

PAGE = REPO_ROOT / "docs" / "provider-matrix.md"


def test_the_committed_page_is_what_the_manifests_say() -> None:
    fresh = markdown([get(name) for name in names()])
    assert PAGE.read_text(encoding="utf-8") == fresh, (
        "docs/provider-matrix.md is out of date: python -m wirechat.adapters.matrix > docs/provider-matrix.md"
    )


def test_a_format_keeps_everything_it_carries_into_itself() -> None:
    for name in names():
        adapter = get(name)
        lossless = sum(adapter.manifest.level(feature) == "lossless" for feature in FEATURES)
        assert pair_counts(adapter, adapter) == (lossless, 0, 0)


def test_every_degradation_is_footnoted_with_the_manifests_words() -> None:
    page = markdown([get("openai-chat"), get("anthropic")])
    message = get("anthropic").manifest.message("message.name")
    assert f"anthropic, `message.name`: {message}" in page
