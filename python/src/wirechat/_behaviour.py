"""Hand-written behaviour that generated models inherit: the base classes codegen names for a type
(``customBasePath`` in ``codegen/src/wirechat_codegen/targets/python_models.py``, ``BEHAVIOUR_BASES``).

Only read-only conveniences live here, never fields: the fields are the schema's. Each base derives from
``WireModel``, so the generated class keeps everything ``WireModel`` gives.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wirechat._model import WireModel

if TYPE_CHECKING:
    from wirechat._generated.models import Message

__all__ = ["ChatResponseBehaviour"]


class ChatResponseBehaviour(WireModel):
    """What ``ChatResponse`` offers beyond its fields."""

    if TYPE_CHECKING:
        message: Message

    @property
    def text(self) -> str:
        """The reply's text: its text parts joined, as ``wirechat.message_text(response.message)``;
        ``""`` when the reply holds only tool calls or reasoning."""
        from wirechat._generated.models import TextPart  # noqa: PLC0415 (the models import this module)

        return "".join(part.text for part in self.message.parts if isinstance(part, TextPart))
