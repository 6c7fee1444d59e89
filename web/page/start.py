# The page's MicroPython entry point (index.html), compiled by PyScript from source at every
# load, so it stays short. Every other main-thread module arrives as MicroPython bytecode in
# one file, page.pack (mpy.toml's [files]; scripts/build_web.py makes it): a first line
# listing each module's name, size and whether the table frame needs it, then their
# bytecode, written out here as <name>.mpy files for `import` to find. The catalogue of the
# language shown is fetched while the rest of the page's modules are imported.
import json


def unpack(frame):
    """Write out the pack's modules the table frame needs (frame=1; they come first) or the
    others (frame=0), as files for `import`. Writing them all before the frame would cost
    it ≈ 7 ms (docs/performance.md)."""
    with open("page.pack", "rb") as pack:
        for name, size, needed in json.loads(pack.readline()):
            if needed == frame:
                with open(name + ".mpy", "wb") as module:
                    module.write(pack.read(size))
            elif frame:
                break  # (the frame's modules are all written)
            else:
                pack.seek(size, 1)


unpack(1)
import language  # noqa: E402

early = language.start_fetch()
import main  # noqa: E402

await main.boot(early, unpack)  # noqa: F704 - PyScript runs this script with top-level await
