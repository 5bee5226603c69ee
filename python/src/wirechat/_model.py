"""``WireModel``: the base class of every generated model, so that building one with a wrong value
raises ``WireError`` (a ``ValueError``) listing each problem by pointer, as ``decode`` does, rather than
pydantic's ``ValidationError`` with its documentation links.

Only construction (``Message(role="bot", parts=[])``) goes through the class call; ``decode`` calls the
models' validators directly, so this costs nothing there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from wirechat._order import finish_problems
from wirechat._pointers import problems_from_validation_error
from wirechat.errors import WireError

__all__ = ["WireModel"]


_ModelMetaclass: type = type(BaseModel)
"""pydantic's model metaclass, reached through a public class rather than its private module."""


class _WireModelType(_ModelMetaclass):  # type: ignore[misc]
    """Turns a construction's ``ValidationError`` into ``WireError``. It wraps the class call, not
    ``__init__``: pydantic routes validation through a model's own ``__init__`` when it has one (every
    nested model of a decoded document, in Python), while a metaclass call is construction only."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:  # noqa: N805  # a metaclass: cls
        try:
            return super().__call__(*args, **kwargs)
        except ValidationError as exc:
            name = cls.__name__
            raise WireError(finish_problems(problems_from_validation_error(name, exc)), name) from None


if TYPE_CHECKING:  # type checkers read each model's own constructor signature, as for any BaseModel

    class WireModel(BaseModel):
        """A wire type's model: pydantic's ``BaseModel`` whose construction errors are ``WireError``."""

else:

    class WireModel(BaseModel, metaclass=_WireModelType):
        """A wire type's model: pydantic's ``BaseModel`` whose construction errors are ``WireError``."""
