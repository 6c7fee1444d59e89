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


def decode(text):
    """The record of a link's text; raises ValueError if it is not one (too long, not
    base64url, not deflate, not JSON)."""
    text = str(text or "").strip()
    if not text or len(text) > LIMIT:
        raise ValueError("empty or too long")
    try:
        data = _unb64url(text)
        if zlib is not None:
            raw = zlib.decompress(data, -15)
        else:
            raw = deflate.DeflateIO(io.BytesIO(data), deflate.RAW, 15).read()  # zlib's window
        text = raw.decode()
        if too_deep(text):  # (its parse would exhaust the stack)
            raise ValueError("nested too deep")
        return json.loads(text)
    except Exception as exc:  # noqa: BLE001 - every way of being damaged is one refusal
        raise ValueError("not a record: " + str(exc)) from None
