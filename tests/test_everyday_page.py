"""``docs/everyday.md`` (issue 28 item 7): every Python block marked ``everyday`` runs as written against
the fake provider, reached through ``OPENAI_BASE_URL`` (given with ``/v1``, as the OpenAI SDK writes it)."""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Iterator

import pytest

from tests.conftest import REPO_ROOT
from wirechat.testing.fake_provider import FakeProvider

pytestmark = pytest.mark.timeout(60)

PAGE = REPO_ROOT / "docs" / "everyday.md"
REPLY = {"reply": {"text": "Sunny, 21 °C.", "chunk_size": 4}}


def blocks(language: str) -> list[str]:
    """The page's fenced blocks marked ``<language> everyday``, in order."""
    return re.findall(rf"^```{language} everyday\n(.*?)^```$", PAGE.read_text(encoding="utf-8"), re.S | re.M)


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeProvider]:
    provider = FakeProvider("openai-chat", {"turns": [REPLY], "loop": True}).start()
    yield provider
    provider.stop()


def test_the_page_has_each_task_in_each_language() -> None:
    counts = {language: len(blocks(language)) for language in ("python", "ts", "go")}
    assert counts["python"] >= 5 and len(set(counts.values())) == 1, counts


@pytest.mark.parametrize("index", range(len(blocks("python"))))
def test_python_block_runs_as_written(fake: FakeProvider, monkeypatch: pytest.MonkeyPatch, index: int) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-docs-0123456789")
    monkeypatch.setenv("OPENAI_BASE_URL", fake.url + "/v1")
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile(blocks("python")[index], f"docs/everyday.md (python block {index + 1})", "exec"), {})
    printed = output.getvalue()
    assert printed.strip(), "the block printed nothing"
    assert "Traceback" not in printed
    if "client.chat" in blocks("python")[index] or "stream_text" in blocks("python")[index]:
        assert "Sunny, 21 °C." in printed
