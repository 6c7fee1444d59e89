# The page's MicroPython entry point (index.html), compiled by PyScript from source at every
# load, so it stays short. Every other main-thread module arrives as MicroPython bytecode in
# one file, page.pack (mpy.toml's [files]; scripts/build_web.py makes it): a first line
# listing each module's name and size, then their bytecode, written out here as <name>.mpy
# files for `import` to find. The catalogue of the language shown is fetched while the rest
# of the page's modules are imported.
import json

with open("page.pack", "rb") as pack:
    for name, size in json.loads(pack.readline()):
        with open(name + ".mpy", "wb") as module:
            module.write(pack.read(size))

import language  # noqa: E402

early = language.start_fetch()
import main  # noqa: E402

await main.boot(early)  # noqa: F704 - PyScript runs this script with top-level await
