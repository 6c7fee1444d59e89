"""Packs SDPs and unpacks connection texts with web/shared/connection_text.py, both by
CPython (pytest) and by MicroPython 1.27 (tests/micropython_run.mjs, MPY_DRIVER), whose
outputs must be identical. Kept in the MicroPython subset itself."""

import json

import connection_text


def attempt(work):
    """What `work` returns, or ["refused", key] for a BadConnectionText."""
    try:
        return work()
    except connection_text.BadConnectionText as exc:
        return ["refused", exc.key, isinstance(exc, ValueError)]


def run_all(data):
    packed = [attempt(lambda s=sdp: connection_text.pack(s)) for sdp in data["sdps"]]
    unpacked = [attempt(lambda t=text, k=kind: connection_text.unpack(t, k))
                for text, kind in data["texts"]]
    return {"packed": packed, "unpacked": unpacked}


def main(src, dst):
    with open(src) as f:
        data = json.load(f)
    with open(dst, "w") as f:
        json.dump(run_all(data), f)
