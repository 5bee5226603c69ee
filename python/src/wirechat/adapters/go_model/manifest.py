"""The capability manifest of the ``go-model`` format: the JSON of a Go LLM SDK's ``model`` package
(Message, Part, MediaRef, FileRef, DataRef, ToolCall, ToolResult, ToolDefinition, TokenUsage,
StreamChunk). Every level here is argued field by field in ``docs/decisions/013-go-model.md``.

The tables are data: ``adapters/go-model.adapter.json``, generated into ``wirechat._tables.go_model``
(decision 028); this module names the manifest for the adapter's other modules.
"""

from __future__ import annotations

from wirechat._tables.go_model import MANIFEST

__all__ = ["MANIFEST"]
