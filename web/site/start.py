# The MicroPython entry point of rules.html and embed.html (site.toml), compiled by PyScript
# from source at every load, so it stays short. Every other module (the engine, the drawing,
# the words, these pages) arrives as bytecode in one file, site.pack (scripts/build_web.py
# makes it), which web/unpack.js writes out as <name>.mpy files (the engine as the package
# nos/) for `import` to find before this script runs.
try:
    import site_main
except ImportError:  # web/unpack.js did not run: write the modules out here (slower)
    import json
    import os

    from pyscript import window

    window.console.warn("Nos: site.pack was not unpacked by web/unpack.js")  # (works, slower)
    with open("site.pack", "rb") as pack:
        for name, size in json.loads(pack.readline()):
            folder = name.rpartition("/")[0]
            if folder:
                try:  # noqa: SIM105 - MicroPython has no contextlib
                    os.mkdir(folder)
                except OSError:  # made for an earlier module
                    pass
            with open(name + ".mpy", "wb") as module:
                module.write(pack.read(size))
    import site_main

await site_main.boot()  # noqa: F704 - PyScript runs this script with top-level await
