# The page's MicroPython entry point (index.html). Every main-thread module, main.py
# included, arrives precompiled to MicroPython bytecode (web/mpy/*.mpy, built by
# scripts/build_web.py with mpy-cross and handed over by mpy.toml's [files]): importing
# bytecode skips compiling ~3000 lines of source at every page load. The catalogue of the
# language shown is fetched while the rest of the page's modules are imported.
import language

early = language.start_fetch()
import main  # noqa: E402

await main.boot(early)  # noqa: F704 - PyScript runs this script with top-level await
