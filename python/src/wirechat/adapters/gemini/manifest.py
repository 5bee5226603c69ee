"""The capability manifest of the ``gemini`` adapter (Gemini API ``generateContent``, ``v1beta``).

The tables are data: ``adapters/gemini.adapter.json``, generated into ``wirechat._tables.gemini``
(decision 028); this module names the manifest for the adapter's other modules.
"""

from __future__ import annotations

from wirechat._tables.gemini import MANIFEST

__all__ = ["MANIFEST"]
