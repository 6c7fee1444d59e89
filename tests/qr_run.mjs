// Makes the QR code of each text with web/together/qr.js's pure part and reads it back with
// the vendored reader (jsQR), in Node: usage
//   node --experimental-default-type=module qr_run.mjs QR_JS JSQR_JS IN_JSON OUT_JSON
// IN_JSON is a list of texts; OUT_JSON gets, for each, the code (version, level, size, dark
// modules), its SVG, and what the reader made of the code drawn as pixels.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [qrJs, jsqrJs, input, output] = process.argv.slice(2);
const qr = await import(pathToFileURL(qrJs).href);
globalThis.self = globalThis; // the reader's UMD bundle sets self.jsQR, as in the browser
await import(pathToFileURL(jsqrJs).href);
const jsQR = globalThis.jsQR;

const PX = 4; // pixels a module
const QUIET = 4;

// The code as RGBA pixels: black modules on white, the quiet zone around.
function pixels(code) {
  const side = (code.size + 2 * QUIET) * PX;
  const rgba = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const r = Math.floor(y / PX) - QUIET, c = Math.floor(x / PX) - QUIET;
      if (r >= 0 && c >= 0 && r < code.size && c < code.size && code.dark[r][c]) {
        const i = (y * side + x) * 4;
        rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
      }
    }
  }
  return { rgba, side };
}

const out = JSON.parse(readFileSync(input, "utf8")).map((text) => {
  const code = qr.makeCode(text);
  const { rgba, side } = pixels(code);
  const read = jsQR(rgba, side, side);
  return { text, version: code.version, level: code.level, size: code.size, dark: code.dark,
           svg: qr.svg(text), versionOf: qr.version(text), decoded: read ? read.data : null };
});
writeFileSync(output, JSON.stringify(out));
