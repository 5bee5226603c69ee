"""Gemini's media parts both ways: ``inlineData`` (base64 with its media type) and ``fileData`` (a URI).

``inlineData`` is an image, audio or file part by its media type; its base64 reads in the standard alphabet
(the API also takes, and may send, the URL-safe one: ``URL_SAFE``). ``fileData`` is a file by URI, or a file
id when the URI is under the Gemini API's base (``FILES_BASE`` + ``files/...``, the id being the rest).
Writing checks the media types the manifest lists and refuses media by URL (Gemini takes a URI only as
``fileData``: a file part); the same checks hold in a user's turn and in the model's.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import (
    AudioPart,
    FileBase64,
    FileId,
    FilePart,
    FileUri,
    ImagePart,
    MediaBase64,
    MediaUrl,
)
from wirechat._tables.gemini import PROVIDER
from wirechat.adapters._conversion import Conversion

__all__ = ["FILES_BASE", "PROVIDER", "STANDARD_B64", "decode_file_data", "decode_inline", "encode_media", "string"]

FILES_BASE = "https://generativelanguage.googleapis.com/v1beta/"
"""Files API URIs are this base and the file's resource name (``files/abc``), the canonical file id."""
STANDARD_B64 = re.compile(r"^[A-Za-z0-9+/]*={0,2}$")
"""Base64 in the standard alphabet; anything else inline is read as the URL-safe one."""


def _standard_b64(data: Any, where: str) -> str:
    if not isinstance(data, str):
        raise ValueError(f"{where}: expected base64 text, got {type(data).__name__}")
    if STANDARD_B64.match(data):
        return data
    try:  # the API also takes (and may send) the URL-safe alphabet; the canonical form is standard
        raw = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except (binascii.Error, ValueError):
        raise ValueError(f"{where}: not base64") from None
    return base64.b64encode(raw).decode("ascii")


def string(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{where}: expected a string, got {type(value).__name__}")
    return value


def decode_inline(blob: Any, where: str) -> dict[str, Any]:
    if not isinstance(blob, Mapping):
        raise ValueError(f"{where}: expected an object")
    media_type = string(blob.get("mimeType"), f"{where}/mimeType")
    data = _standard_b64(blob.get("data", ""), f"{where}/data")
    kind = "image" if media_type.startswith("image/") else "audio" if media_type.startswith("audio/") else "file"
    source: dict[str, Any] = {"source": "base64", "base64": data, "media_type": media_type}
    if kind == "file" and isinstance(blob.get("displayName"), str):
        source["name"] = blob["displayName"]
    return {"type": kind, kind: source}


def decode_file_data(file: Any, where: str) -> dict[str, Any]:
    if not isinstance(file, Mapping):
        raise ValueError(f"{where}: expected an object")
    uri = string(file.get("fileUri"), f"{where}/fileUri")
    source: dict[str, Any]
    if uri.startswith(FILES_BASE) and len(uri) > len(FILES_BASE):
        source = {"source": "file_id", "file_id": uri[len(FILES_BASE) :], "issuer": PROVIDER}
    else:
        source = {"source": "uri", "uri": uri}
    if isinstance(file.get("mimeType"), str):
        source["media_type"] = file["mimeType"]
    if isinstance(file.get("displayName"), str):
        source["name"] = file["displayName"]
    return {"type": "file", "file": source}


def _check_type(kind: str, media_type: str, data: str, where: str, conv: Conversion) -> None:
    allowed = conv.manifest.media_types.get(kind, ())
    if media_type not in allowed:
        raise conv.refuse("media.unsupported_type", f"{where}/media_type")
    if media_type == "text/plain":  # inline text must be UTF-8, kept byte for byte
        try:
            text = base64.b64decode(data, validate=True).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError):
            raise conv.refuse("media.unsupported_type", f"{where}/base64") from None
        if base64.b64encode(text.encode("utf-8")).decode("ascii") != data:
            raise conv.refuse("media.unsupported_type", f"{where}/base64")


def _media(kind: str, source: MediaUrl | MediaBase64, where: str, conv: Conversion) -> dict[str, Any]:
    if isinstance(source, MediaUrl):
        raise conv.refuse(f"{kind}.url", f"{where}/url")
    _check_type(kind, source.media_type, source.base64, where, conv)
    return {"inlineData": {"mimeType": source.media_type, "data": source.base64}}


def _file(source: FileUri | FileBase64 | FileId, where: str, conv: Conversion) -> dict[str, Any]:
    out: dict[str, Any]
    if isinstance(source, FileBase64):
        _check_type("file", source.media_type, source.base64, where, conv)
        out = {"inlineData": {"mimeType": source.media_type, "data": source.base64}}
        key = "inlineData"
    else:
        if isinstance(source, FileId):
            if source.issuer is MISSING or source.issuer != PROVIDER:
                raise conv.refuse("file.file_id_foreign", f"{where}/issuer")
            uri = FILES_BASE + source.file_id
        else:
            uri = source.uri  # a data: URI too: fileData takes any URI, kept as given
        file: dict[str, Any] = {"fileUri": uri}
        if source.media_type is not MISSING:
            file["mimeType"] = source.media_type
        out, key = {"fileData": file}, "fileData"
    if source.name is not MISSING:
        out[key]["displayName"] = source.name
    return out


def encode_media(part: ImagePart | AudioPart | FilePart, where: str, conv: Conversion) -> dict[str, Any]:
    """``inlineData`` or ``fileData`` for an image, audio or file part, in any turn."""
    if isinstance(part, ImagePart):
        return _media("image", part.image, f"{where}/image", conv)
    if isinstance(part, AudioPart):
        return _media("audio", part.audio, f"{where}/audio", conv)
    return _file(part.file, f"{where}/file", conv)
