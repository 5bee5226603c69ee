"""``CallOptions``: what one call may set differently from its client (a timeout, a retry count, extra
headers), as ``client.chat(request, timeout=5, max_retries=0, headers={...})`` passes them on.

The transport applies them to that call only (``CallCore.with_call``): a number of seconds bounds every phase
and the whole call, as the client's ``timeout`` does; the client's settings stay for the next call.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field

from wirechat.transport.http import Timeouts
from wirechat.transport.retry import RetryPolicy

__all__ = ["CallOptions"]


@dataclass(frozen=True)
class CallOptions:
    """One call's own settings; ``None`` (or no headers) keeps the client's."""

    timeout: float | Timeouts | None = None
    max_retries: int | None = None
    headers: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.timeout is not None:
            Timeouts.of(self.timeout)  # a bad value fails here, at the call, not inside the transport
        if self.max_retries is not None and self.max_retries < 0:
            raise ValueError(f"max_retries must be 0 or more, got {self.max_retries}")

    @classmethod
    def of(
        cls, timeout: float | Timeouts | None, max_retries: int | None, headers: Mapping[str, str] | None
    ) -> CallOptions | None:
        """The options of one call, or None when it sets none (the common case costs nothing)."""
        if timeout is None and max_retries is None and not headers:
            return None
        return cls(timeout, max_retries, dict(headers or {}))

    def retry(self, policy: RetryPolicy) -> RetryPolicy:
        """The client's policy with this call's retry count."""
        return policy if self.max_retries is None else dataclasses.replace(policy, max_retries=self.max_retries)
