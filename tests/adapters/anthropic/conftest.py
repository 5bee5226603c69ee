"""The client tests' ``serve`` fixture (a fake provider started and stopped per test), shared here."""

from tests.client.conftest import serve

__all__ = ["serve"]
