"""wirechat: one wire format for LLM conversations, the same in Python, TypeScript and Go.

The models are generated from the JSON Schema in ``schema/v1`` (``wirechat._generated``); everything
else here is hand-written behaviour over them.
"""

from wirechat._generated import *  # noqa: F403
from wirechat._generated import __all__ as _model_names
from wirechat.codec import canonical, decode, encode
from wirechat.errors import Problem, WireError

__all__ = [  # noqa: PLE0604 (the model names are strings, listed in wirechat._generated)
    *_model_names,
    "Problem",
    "WireError",
    "canonical",
    "decode",
    "encode",
]
