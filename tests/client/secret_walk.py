"""Walk everything an exception carries and look for a key: the chain (``__cause__``, ``__context__``),
``str``, ``repr``, ``args``, attributes, and what they hold, a few levels deep.

A server may echo the key it was sent (in a request id, an error code, a message, a stream event); an
exception may also hold objects that carry it (an httpx request with its auth header, a JSON decoder's error
with the whole body). ``walk`` counts what it checked and lists every place the key showed up.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import httpx
from pydantic import BaseModel


@dataclass
class Walk:
    key: str
    checks: int = 0
    leaks: list[str] = field(default_factory=list)
    _seen: set[int] = field(default_factory=set)

    def text(self, where: str, value: str | bytes) -> None:
        self.checks += 1
        needle: str | bytes = self.key.encode() if isinstance(value, bytes) else self.key
        if needle in value:  # type: ignore[operator]
            self.leaks.append(where)

    def value(self, where: str, value: Any, depth: int = 0) -> None:
        if id(value) in self._seen or depth > 6:
            return
        self._seen.add(id(value))
        if isinstance(value, (str, bytes)):
            self.text(where, value)
        elif isinstance(value, (httpx.Request, httpx.Response)):
            self.checks += 1
            self.leaks.append(f"{where}: holds an {type(value).__name__}")
        elif isinstance(value, BaseException):
            self.exception(where, value, depth + 1)
        elif isinstance(value, BaseModel):
            self.text(f"{where}.model_dump_json()", value.model_dump_json())
        elif isinstance(value, dict):
            for name, item in value.items():
                self.value(f"{where}[{name!r}]", item, depth + 1)
        elif isinstance(value, (list, tuple, set, frozenset)):
            for index, item in enumerate(value):
                self.value(f"{where}[{index}]", item, depth + 1)
        elif hasattr(value, "__dict__") and not isinstance(value, type):
            self.text(f"repr({where})", repr(value))
            for name, item in vars(value).items():
                self.value(f"{where}.{name}", item, depth + 1)

    def exception(self, where: str, exc: BaseException, depth: int = 0) -> None:
        self._seen.add(id(exc))
        self.text(f"str({where})", str(exc))
        self.text(f"repr({where})", repr(exc))
        self.value(f"{where}.args", exc.args, depth + 1)
        for name, item in vars(exc).items():
            self.value(f"{where}.{name}", item, depth + 1)
        for link in ("__cause__", "__context__"):
            linked = getattr(exc, link)
            self.checks += 1
            if linked is not None and id(linked) not in self._seen:
                self.exception(f"{where}.{link}", linked, depth + 1)


def walk(exc: BaseException, key: str) -> Walk:
    """Every place ``key`` (or an httpx request or response) hides in ``exc`` and what it carries."""
    result = Walk(key)
    result.exception(type(exc).__name__, exc)
    return result


def main() -> int:
    """``python -m tests.client.secret_walk``: the whole matrix of ``test_secret_walk``, with totals."""
    import logging  # noqa: PLC0415 (the report only)

    from tests.client import test_secret_walk as matrix  # noqa: PLC0415
    from tests.client.conftest import API_KEY, PROVIDERS  # noqa: PLC0415
    from wirechat.testing.fake_provider import FakeProvider  # noqa: PLC0415

    records: list[logging.LogRecord] = []
    handler = logging.Handler(logging.DEBUG)
    handler.emit = records.append  # type: ignore[method-assign]
    logging.getLogger().addHandler(handler)
    logging.getLogger().setLevel(logging.DEBUG)
    exceptions = checks = 0
    leaks: list[str] = []
    for provider in PROVIDERS:
        for fault, turn in matrix.FAULTS.items():
            for mode in matrix.MODES:
                records.clear()
                fake = FakeProvider(provider, [turn], echo_key=True).start()
                try:
                    matrix._call(fake, mode)
                except Exception as exc:
                    found = walk(exc, API_KEY)
                    for record in records:
                        found.text(f"log {record.name}", record.getMessage())
                    exceptions, checks = exceptions + 1, checks + found.checks
                    leaks += [f"{provider}/{fault}/{mode}: {leak}" for leak in found.leaks]
                finally:
                    fake.stop()
    print(f"{exceptions} exceptions walked, {checks} checks, {len(leaks)} leaks")
    for leak in leaks[:40]:
        print("  " + leak)
    return 1 if leaks else 0


if __name__ == "__main__":
    raise SystemExit(main())
