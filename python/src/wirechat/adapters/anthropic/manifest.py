"""The capability manifest of the ``anthropic`` adapter (Anthropic Messages, API version 2026-10-21).

The tables are data: ``adapters/anthropic.adapter.json``, generated into ``wirechat._tables.anthropic``
(decision 028); this module names the manifest for the adapter's other modules.
"""

from __future__ import annotations

from wirechat._tables.anthropic import MANIFEST

__all__ = ["MANIFEST"]
