"""A fake LLM provider: a real HTTP server on 127.0.0.1 that speaks OpenAI Chat Completions or Anthropic
Messages from a script of turns, and injects the faults real providers throw.

    from wirechat.testing.fake_provider import FakeProvider

    script = [{"fault": {"type": "status", "status": 529}}, {"reply": {"text": "Hello"}}]
    with FakeProvider("anthropic", script) as fake:
        client = wirechat.Client("anthropic", api_key="test", base_url=fake.url)

The script format is documented in ``wirechat.testing.fake_provider.script`` and by ``wirechat serve-fake --help``.
"""

from wirechat.testing.fake_provider.script import Script, ScriptError, load_script, parse_script
from wirechat.testing.fake_provider.server import PROVIDERS, FakeProvider, RecordedRequest

__all__ = ["PROVIDERS", "FakeProvider", "RecordedRequest", "Script", "ScriptError", "load_script", "parse_script"]
