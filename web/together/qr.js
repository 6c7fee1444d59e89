// QR codes for "play together" (issue 50): making one (an SVG the page shows for a joiner or
// the host to scan) and reading one from the camera. The page's MicroPython calls it as
// window.nosQr through the JS bridge, so only strings, numbers, booleans and callbacks cross.
//
// The pure part (text -> module matrix -> SVG) needs no DOM: tests/test_qr.py imports it in
// Node. The reader of browsers without BarcodeDetector (jsQR, ~250 kB) is precached with the
// rest of vendor/ (a scan must work offline, on a hotspot) but only loaded when a scan needs it.
import qrcode from "../../vendor/qrcode-generator/2.0.4/qrcode.mjs";

const JSQR_URL = new URL("../../vendor/jsqr/1.4.0/jsQR.js", import.meta.url).href;
export { JSQR_URL };

// A phone reads a code from another phone's screen at arm's length up to about version 10
// (57 modules). Error correction M, unless only L keeps the code within that size: a code on
// a screen is not smudged or torn, so the smaller code is the easier one to read.
export const MAX_EASY_VERSION = 10;
const QUIET = 4; // modules of white around the code, as the standard asks

// The text's UTF-8 bytes as a string of one char per byte: the generator's byte mode writes
// each char's low 8 bits, so this encodes any text exactly without changing the library.
function byteString(text) {
  let out = "";
  for (const b of new TextEncoder().encode(text)) out += String.fromCharCode(b);
  return out;
}

function made(bytes, level) {
  const qr = qrcode(0, level); // 0: the smallest version that holds the data
  qr.addData(bytes, "Byte");
  qr.make();
  return qr;
}

// The code of `text`: {version, level, size, dark}, dark[row][col] true for a dark module.
export function makeCode(text) {
  const bytes = byteString(String(text));
  let qr = made(bytes, "M");
  let level = "M";
  const size = qr.getModuleCount();
  if ((size - 17) / 4 > MAX_EASY_VERSION) {
    const low = made(bytes, "L");
    if ((low.getModuleCount() - 17) / 4 <= MAX_EASY_VERSION) {
      qr = low;
      level = "L";
    }
  }
  const n = qr.getModuleCount();
  const dark = [];
  for (let r = 0; r < n; r++) {
    const row = [];
    for (let c = 0; c < n; c++) row.push(qr.isDark(r, c));
    dark.push(row);
  }
  return { version: (n - 17) / 4, level, size: n, dark };
}

// The SVG of a code: each row's runs of dark modules as rectangles of one <path>, in module
// units with the quiet zone, dark on white whatever the page's theme, sized by the page's CSS.
export function svgOf(code) {
  const full = code.size + 2 * QUIET;
  let d = "";
  code.dark.forEach((row, r) => {
    for (let c = 0; c < row.length; ) {
      if (!row[c]) { c++; continue; }
      let end = c;
      while (end < row.length && row[end]) end++;
      d += `M${c + QUIET} ${r + QUIET}h${end - c}v1h-${end - c}z`;
      c = end;
    }
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${full} ${full}" ` +
    `shape-rendering="crispEdges"><rect width="${full}" height="${full}" fill="#fff"/>` +
    `<path fill="#000" d="${d}"/></svg>`;
}

export function svg(text) {
  return svgOf(makeCode(text));
}

export function version(text) {
  return makeCode(text).version;
}

// ---- Reading codes from the camera (browser only) ----

const FRAME_MS = 200; // reads a second: enough to feel instant, light on a phone's battery
const MAX_SIDE = 640; // jsQR reads a frame scaled down to this: a held-up code stays large

export function canScan() {
  return typeof navigator !== "undefined" && !!navigator.mediaDevices
    && typeof navigator.mediaDevices.getUserMedia === "function";
}

// One scan at a time: {video, callback, seen, stream, timer, read}.
let scan = null;

async function qrDetector() {
  if (typeof BarcodeDetector === "undefined") return null;
  try {
    const formats = await BarcodeDetector.getSupportedFormats();
    return formats.includes("qr_code") ? new BarcodeDetector({ formats: ["qr_code"] }) : null;
  } catch {
    return null;
  }
}

// A function reading the texts of the codes in the video's current frame.
async function frameReader() {
  const detector = await qrDetector();
  if (detector) {
    return async (video) => (await detector.detect(video)).map((b) => b.rawValue);
  }
  await import(JSQR_URL); // a UMD bundle: as a module it sets self.jsQR
  const jsQR = self.jsQR;
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
    const w = Math.round(video.videoWidth * scale), h = Math.round(video.videoHeight * scale);
    if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
    context.drawImage(video, 0, 0, w, h);
    // Codes are shown dark on light (svgOf), so the inverted pass would only cost time.
    const found = jsQR(context.getImageData(0, 0, w, h).data, w, h,
                       { inversionAttempts: "dontInvert" });
    return found ? [found.data] : [];
  };
}

function reason(error) {
  const name = error && error.name;
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "no-camera";
  return "failed";
}

function release(s) {
  clearTimeout(s.timer);
  s.timer = 0;
  if (s.stream) for (const track of s.stream.getTracks()) track.stop();
  s.stream = null;
  s.video.srcObject = null;
}

// Opens the camera into the scan's video and starts reading: "" or a reason code.
async function open(s) {
  if (typeof window !== "undefined" && window.isSecureContext === false) return "insecure";
  if (!canScan()) return "no-camera";
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia(
      { video: { facingMode: { ideal: "environment" } }, audio: false });
  } catch (error) {
    return reason(error);
  }
  if (scan !== s) { // stopped (or another scan started) while the camera was opening
    for (const track of stream.getTracks()) track.stop();
    return "";
  }
  s.stream = stream;
  const video = s.video;
  video.muted = true;
  video.playsInline = true;
  video.setAttribute("playsinline", "");
  video.srcObject = stream;
  try {
    await video.play();
    s.read = s.read || await frameReader();
  } catch (error) {
    if (scan === s) release(s);
    console.warn("Nos: the QR scanner could not start:", error);
    return "failed";
  }
  if (scan !== s) return ""; // (release has given the camera back)
  tick(s);
  return "";
}

function tick(s) {
  s.timer = setTimeout(async () => {
    if (scan !== s || !s.stream) return;
    let texts = [];
    if (s.video.readyState >= 2 && s.video.videoWidth > 0) {
      try {
        texts = await s.read(s.video);
      } catch (error) {
        console.warn("Nos: a camera frame could not be read:", error);
      }
    }
    for (const text of texts) {
      if (scan !== s || !s.stream) return; // stopped meanwhile, perhaps by the callback
      if (typeof text === "string" && text && !s.seen.has(text)) {
        s.seen.add(text);
        try {
          s.callback(text);
        } catch (error) {
          console.error("Nos: the QR scan's callback failed:", error);
        }
      }
    }
    if (scan === s && s.stream) tick(s);
  }, FRAME_MS);
}

// Starts reading codes from the rear camera into `video`; calls callback(text) once per
// distinct text. Resolves to "" when the camera runs (or stopScan came first: nothing to
// report), else "no-camera", "denied", "insecure" (not HTTPS or localhost) or "failed".
export async function startScan(video, callback) {
  stopScan();
  const s = { video, callback, seen: new Set(), stream: null, timer: 0, read: null };
  scan = s;
  const result = await open(s);
  if (result && scan === s) scan = null;
  return result;
}

export function stopScan() {
  if (!scan) return;
  const s = scan;
  scan = null;
  release(s);
}

// A hidden page gives the camera back; the same scan resumes when the page is shown again.
if (typeof document !== "undefined") {
  let paused = null;
  document.addEventListener("visibilitychange", () => {
    if (document.hidden && scan && scan.stream) {
      paused = scan;
      release(scan);
    } else if (!document.hidden && paused) {
      const s = paused;
      paused = null;
      if (scan === s) open(s).then((result) => { if (result && scan === s) scan = null; });
    }
  });
}

if (typeof window !== "undefined") {
  window.nosQr = { svg, version, canScan, startScan, stopScan };
}
