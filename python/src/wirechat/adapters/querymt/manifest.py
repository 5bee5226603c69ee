"""The capability manifest of the ``querymt`` adapter: what QueryMT's Extism plugin interface (decision 014)
carries losslessly, what it degrades (with the warning) and what it refuses.

The interface is small: a message is a role (User or Assistant), one ``message_type`` and one ``content``
string, so one canonical message becomes one QueryMT message; there is no system role, no tool choice, no
response format and no sampling option (those live in the plugin's ``cfg``), and no streaming export a
host other than QueryMT's can serve (``chat_stream`` pushes chunks through QueryMT's own host function):
``Client.stream`` yields the events of the whole reply.

The tables are data: ``adapters/querymt.adapter.json``, generated into ``wirechat._tables.querymt``
(decision 028); this module names the manifest for the adapter's other modules.
"""

from __future__ import annotations

from wirechat._tables.querymt import MANIFEST

__all__ = ["MANIFEST", "STREAMING"]


STREAMING = (
    "no streaming export a generic host can serve (QueryMT's chat_stream needs its qmt_yield_chunk host "
    "function): Client.stream calls chat and yields the events of the whole reply"
)
"""How streaming works through a QueryMT plugin (the README and decision 014 say the same)."""
