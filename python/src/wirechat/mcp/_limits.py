"""The bounds an MCP client keeps on what a server sends (issue 27, decision 033).

A server is not trusted to end: ``tools/list`` pages are counted and the whole listing has one deadline, so
a server that returns ``nextCursor`` forever ends in an :class:`McpLimitError` instead of a loop that never
returns; an HTTP response is capped after decompression (``_capped_http``), so a small gzip body cannot
inflate to gigabytes.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DEFAULT_MAX_LIST_PAGES", "DEFAULT_MAX_RESPONSE_BYTES", "McpLimits"]

DEFAULT_MAX_LIST_PAGES = 100
DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024  # the size limit of spec section 5.3


@dataclass(frozen=True)
class McpLimits:
    """``max_list_pages``: pages one ``list_tools`` reads (100 pages of the SDK's usual 50-odd tools is far
    past any real server). ``list_timeout``: seconds for the whole listing, all pages (None: the config's
    call timeout, 60 s by default). ``max_response_bytes``: the decompressed size of one HTTP response body
    (64 MiB, spec section 5.3); only ``gzip`` and ``deflate`` are asked for, and a body in another coding
    is refused."""

    max_list_pages: int = DEFAULT_MAX_LIST_PAGES
    list_timeout: float | None = None
    max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES

    def __post_init__(self) -> None:
        if self.max_list_pages < 1:
            raise ValueError(f"McpLimits.max_list_pages must be at least 1 (got {self.max_list_pages})")
        if self.max_response_bytes < 1:
            raise ValueError(f"McpLimits.max_response_bytes must be at least 1 (got {self.max_response_bytes})")
        if self.list_timeout is not None and self.list_timeout <= 0:
            raise ValueError(f"McpLimits.list_timeout must be positive or None (got {self.list_timeout})")
