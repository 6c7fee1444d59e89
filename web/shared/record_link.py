"""A game record in a URL fragment: JSON, raw deflate, base64url (no padding).

The app's Share dialog makes the replay link (the worker, CPython, with `zlib`); the embed
reads it (the page, MicroPython, with `deflate`). In the MicroPython subset.
"""

import binascii
import json

from safe_json import too_deep

try:
    import zlib  # CPython (MicroPython's zlib, a shim of its own, has no compressobj)

    if not hasattr(zlib, "compressobj"):
        raise ImportError("no compressobj")
except ImportError:
    zlib = None
    import io

    import deflate  # MicroPython

LIMIT = 200000  # characters of a link's record: far more than a long session needs
# Bytes a link's record may inflate to. Deflate can inflate 1,000-fold, so the limit above
# bounds nothing by itself (16 MB of spaces fit in 21,000 characters and took 52 s to read in
# the browser). The records the engine writes inflate about 5.6-fold (1,500 hands of 5
# players, 189,440 characters: 1,063,408 bytes), so 8-fold the link's limit is room for the
# longest session a link holds, and reading at most that takes well under a second.
RECORD_LIMIT = 8 * LIMIT
STEP = 65536  # bytes inflated at a time (MicroPython's read() of all at once is quadratic)


def _b64url(data):
    text = binascii.b2a_base64(data).decode().strip()
    return text.replace("+", "-").replace("/", "_").rstrip("=")


def _unb64url(text):
    text = text.replace("-", "+").replace("_", "/")
    return binascii.a2b_base64((text + "=" * (-len(text) % 4)).encode())


def encode(record):
    """The record (a JSON-safe dict) as the text of a link."""
    raw = json.dumps(record, separators=(",", ":")).encode()
    if zlib is not None:
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        return _b64url(packer.compress(raw) + packer.flush())
    out = io.BytesIO()
    with deflate.DeflateIO(out, deflate.RAW) as packer:
        packer.write(raw)
    return _b64url(out.getvalue())


class TooLarge(ValueError):
    """A link whose record is longer than any a link holds (LIMIT, RECORD_LIMIT)."""


def inflate(data, most=RECORD_LIMIT):
    """The raw deflate `data` inflated, in steps of STEP bytes; TooLarge as soon as it
    passes `most` bytes (the rest is never inflated)."""
    if zlib is not None:
        unpacker = zlib.decompressobj(-15)
        raw = unpacker.decompress(data, most + 1)
        if len(raw) > most:
            raise TooLarge("inflates too far")
        return raw + unpacker.flush()
    reader = deflate.DeflateIO(io.BytesIO(data), deflate.RAW, 15)  # (zlib's window)
    parts = []
    size = 0
    while True:
        part = reader.read(STEP)
        if not part:
            return b"".join(parts)
        size += len(part)
        if size > most:
            raise TooLarge("inflates too far")
        parts.append(part)


def decode(text):
    """The record of a link's text; raises ValueError if it is not one (not base64url, not
    deflate, not JSON), TooLarge (a ValueError) if it is longer than LIMIT characters or
    inflates to more than RECORD_LIMIT bytes."""
    text = str(text or "").strip()
    if not text:
        raise ValueError("empty")
    if len(text) > LIMIT:
        raise TooLarge("too long")
    try:
        raw = inflate(_unb64url(text))
    except TooLarge:
        raise
    except Exception as exc:  # noqa: BLE001 - every way of being damaged is one refusal
        raise ValueError("not a record: " + str(exc)) from None
    try:
        if too_deep(raw):  # (its parse would exhaust the stack)
            raise ValueError("nested too deep")
        return json.loads(raw.decode())
    except Exception as exc:  # noqa: BLE001 - every way of being damaged is one refusal
        raise ValueError("not a record: " + str(exc)) from None
