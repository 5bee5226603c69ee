"""The capability manifest of the ``openai-chat`` adapter (OpenAI Chat Completions).

Besides the shared feature vocabulary it declares one feature of its own: ``audio.reply_by_id``, an
assistant's audio reply sent back in a request as its OpenAI id (``audio.py``). No generated request holds
one (the gate draws no OpenAI audio ids), so the gate needs no reduction for it.

The tables are data: ``adapters/openai-chat.adapter.json``, generated into ``wirechat._tables.openai_chat``
(decision 028); this module names the manifest for the adapter's other modules.
"""

from __future__ import annotations

from wirechat._tables.openai_chat import MANIFEST

__all__ = ["MANIFEST"]
