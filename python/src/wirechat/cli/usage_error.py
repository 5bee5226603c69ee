"""``UsageError``: bad input from the person at the terminal, reported in one line with exit code 2."""


class UsageError(Exception):
    """An unusable argument, an unknown type, an unreadable file: exit 2, no traceback."""
