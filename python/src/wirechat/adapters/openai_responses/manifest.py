"""The capability manifest of the ``openai-responses`` adapter (OpenAI Responses, ``POST /v1/responses``).

Besides the shared feature vocabulary it declares three features of its own (the Responses input is a flat
list of items, and a tool-call stop is not a status): ``message.assistant_merged``,
``reasoning.own_no_id`` and ``finish_reason.tool_calls_inferred``; ``gate_reductions`` describes them to
the gate.

The tables are data: ``adapters/openai-responses.adapter.json``, generated into ``wirechat._tables.openai_responses``
(decision 028); this module names the manifest for the adapter's other modules.
"""

from __future__ import annotations

from wirechat._tables.openai_responses import MANIFEST

__all__ = ["MANIFEST"]
