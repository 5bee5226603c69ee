"""The request oracle the adapter gate validates Gemini bodies against: google-genai's own pydantic models.

google-genai has no model of the whole ``generateContent`` body (its ``GenerateContentConfig`` is the SDK's
call object, not the wire), so this TypedDict puts the wire pieces together: each ``contents[i]`` and the
``systemInstruction`` are ``Content``, ``tools[i]`` ``Tool``, ``toolConfig`` ``ToolConfig``,
``generationConfig`` ``GenerationConfig``, ``safetySettings[i]`` ``SafetySetting``. The models forbid
unknown members; a member of the body this TypedDict does not name is reported by the gate as dropped.
Imported only by the gate (it needs the ``gate`` extra), named by the ``gemini`` adapter's ``request_oracle``.
"""

from __future__ import annotations

from google.genai import types
from typing_extensions import TypedDict

__all__ = ["GenerateContentBody"]


class GenerationConfig(types.GenerationConfig):
    """google-genai's ``GenerationConfig`` with the wire's ``imageConfig``, which the SDK models only on its
    call object (``GenerateContentConfig.image_config``) and sends inside ``generationConfig``."""

    image_config: types.ImageConfig | None = None


class GenerateContentBody(TypedDict, total=False):
    model: str
    contents: list[types.Content]
    systemInstruction: types.Content
    tools: list[types.Tool]
    toolConfig: types.ToolConfig
    generationConfig: GenerationConfig
    safetySettings: list[types.SafetySetting]
    cachedContent: str
