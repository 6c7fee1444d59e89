# The page's MicroPython entry point (index.html), compiled by PyScript from source at every
# load, so it stays short. Every other main-thread module arrives as MicroPython bytecode in
# one file, page.pack (mpy.toml's [files]; scripts/build_web.py makes it), which web/unpack.js
# writes out as <name>.mpy files for `import` to find before this script runs. The
# catalogue of the language shown is fetched while the rest of the page's modules are imported.
try:
    import language
except ImportError:  # web/unpack.js did not run: write the modules out here (slower)
    import json

    from pyscript import window

    window.console.warn("Nos: page.pack was not unpacked by web/unpack.js")  # (works, slower)
    with open("page.pack", "rb") as pack:
        for name, size in json.loads(pack.readline()):
            with open(name + ".mpy", "wb") as module:
                module.write(pack.read(size))
    import language

early = language.start_fetch()
import main  # noqa: E402

await main.boot(early)  # noqa: F704 - PyScript runs this script with top-level await
