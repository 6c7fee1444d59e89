// "Play together"'s transport: one WebRTC data channel per joining device, no server.
// Sets `window.nosRtc` for the MicroPython page, which calls it through PyScript's JS bridge:
// only strings, numbers, booleans and callbacks cross. The offer and the answer travel out
// of band, packed by web/shared/connection_text.py (docs/together.md, "Transport").
//
//   nosRtc.config(iceServersJson)     optional ICE servers, a JSON list; true if taken
//   nosRtc.prepare()                  a connection made ahead, for the next offer or answer
//   await nosRtc.offer(id)            host: the local offer SDP, ICE gathering done (≤ 4 s)
//   await nosRtc.answer(id, offerSdp) guest: the local answer SDP, likewise
//   await nosRtc.accept(id, answerSdp) host: the guest's answer
//   nosRtc.listen(id, callback)       callback(kind, text): "open", "message", "close", "failed"
//   nosRtc.send(id, text)             true if sent, false if the channel is not open
//   nosRtc.close(id)                  ends the connection, silently (no "close" callback)
//
// Texts of any length up to MAX_TEXT cross whole: they are cut into frames of at most
// FRAME_UNITS UTF-16 units (under 16 kB of UTF-8 each, the size every browser's data
// channel takes) and joined again before `message` is called.

const GATHER_MS = 4000;
const CONNECT_MS = 20000; // from accept() to an open channel, or "failed"
const CLOSE_MS = 2000; // a closing channel's time to tell the other side
const LABEL = "nos";
const FRAME_UNITS = 5000; // ≤ 3 bytes of UTF-8 per unit: ≤ 15,000 bytes a frame
const MORE = "+"; // a frame that the next one continues
const LAST = "."; // a text's last (or only) frame
const MAX_TEXT = 2 * 1024 * 1024; // UTF-16 units of a joined text; a longer one is dropped
const MAX_BUFFERED = 12 * 1024 * 1024; // bytes waiting to go, with a text to send
// Where a deployer names ICE servers (a JSON list of RTCIceServer; docs/together.md):
// read once, unless the page called config() first. None by default.
const ICE_FILE = new URL("./ice-servers.json", import.meta.url);

let iceServers = null; // null: not configured yet (from ICE_FILE, unless config() came first)
const peers = new Map(); // id -> peer (see newPeer)
// A connection made ahead (prepare()): a joining page makes it while its Python starts, so
// that its answer, on the way to its first view, need not wait for it (bench/together.py).
let spare = null; // a promise of an RTCPeerConnection, or null
// Read as this module loads, not when the first offer or answer needs it: a guest's answer
// is on its first view's path (bench/together.py). null: offline and not precached.
const iceFile = fetch(ICE_FILE)
  .then((response) => (response.ok ? response.text() : "[]"))
  .catch(() => null);

function validServers(list) {
  if (!Array.isArray(list)) return null;
  const out = [];
  for (const server of list) {
    if (!server || typeof server !== "object") return null;
    const urls = typeof server.urls === "string" ? [server.urls] : server.urls;
    if (!Array.isArray(urls) || !urls.length) return null;
    if (!urls.every((u) => typeof u === "string" && /^(stun|stuns|turn|turns):/.test(u))) {
      return null;
    }
    const entry = { urls };
    for (const key of ["username", "credential"]) {
      if (typeof server[key] === "string") entry[key] = server[key];
    }
    out.push(entry);
  }
  return out;
}

function take(json) {
  let list = null;
  try {
    list = validServers(JSON.parse(String(json ?? "[]")));
  } catch {
    list = null;
  }
  if (list === null) {
    console.warn("nosRtc: ICE servers are not a JSON list of {urls, username, credential}");
    iceServers = [];
    return false;
  }
  iceServers = list;
  return true;
}

function config(json) {
  spare = null; // (made with the servers before these)
  return take(json);
}

async function connection() {
  return new RTCPeerConnection({ iceServers: await servers() });
}

function prepare() {
  if (spare !== null) return;
  spare = connection();
  spare.catch(() => {}); // (a browser without WebRTC: the answer that takes it says so)
}

async function servers() {
  if (iceServers === null) {
    const text = await iceFile;
    if (iceServers === null) {
      if (text === null) iceServers = []; // (none, as by default)
      else take(text);
    }
  }
  return iceServers;
}

function tell(peer, kind, text) {
  try {
    peer.listener(kind, text);
  } catch (err) {
    console.error("nosRtc: listener of", peer.id, err);
  }
}

function emit(peer, kind, text = "") {
  if (peer.closed || peer.ended) return; // (after "failed" or "close", nothing more)
  if (kind === "open") {
    if (peer.opened) return; // (Chromium may give a channel open and then fire onopen)
    peer.opened = true;
    clearTimeout(peer.timer);
  }
  if (kind === "failed" || kind === "close") peer.ended = true;
  if (peer.listener) tell(peer, kind, text);
  else peer.waiting.push([kind, text]); // given to listen() when it comes
}

function receive(peer, frame) {
  if (typeof frame !== "string" || !frame.length) {
    console.warn("nosRtc: a frame that is not text, dropped");
    return;
  }
  const head = frame[0];
  if (head !== MORE && head !== LAST) {
    console.warn("nosRtc: a frame of no known kind, dropped");
    return;
  }
  const part = frame.slice(1);
  if (!peer.dropping) {
    peer.size += part.length;
    if (peer.size > MAX_TEXT) {
      console.warn(`nosRtc: a text over ${MAX_TEXT} characters from ${peer.id}, dropped`);
      peer.dropping = true;
      peer.parts = [];
    } else {
      peer.parts.push(part);
    }
  }
  if (head === LAST) {
    const text = peer.dropping ? null : peer.parts.join("");
    peer.parts = [];
    peer.size = 0;
    peer.dropping = false;
    if (text !== null) emit(peer, "message", text);
  }
}

function attach(peer, channel) {
  peer.channel = channel;
  channel.onopen = () => emit(peer, "open");
  channel.onclose = () => emit(peer, "close");
  channel.onerror = () => emit(peer, "failed");
  channel.onmessage = (event) => receive(peer, event.data);
  if (channel.readyState === "open") emit(peer, "open");
}

async function newPeer(id) {
  const made = spare || connection();
  spare = null;
  const pc = await made;
  close(id); // a device that joins again starts anew (after the await: none is left open)
  const peer = {
    id, pc, channel: null, listener: null, waiting: [],
    parts: [], size: 0, dropping: false, opened: false, ended: false, closed: false, timer: 0,
  };
  peers.set(id, peer);
  const failedState = () => {
    if (pc.connectionState === "failed" || pc.iceConnectionState === "failed") {
      emit(peer, "failed");
    }
  };
  pc.onconnectionstatechange = failedState;
  pc.oniceconnectionstatechange = failedState;
  pc.ondatachannel = (event) => {
    if (event.channel.label === LABEL && !peer.channel) attach(peer, event.channel);
  };
  return peer;
}

function gathered(pc) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    const timer = setTimeout(done, GATHER_MS); // then with the candidates found so far
    function done() {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve();
    }
    function check() {
      if (pc.iceGatheringState === "complete") done();
    }
    pc.addEventListener("icegatheringstatechange", check);
  });
}

async function offer(id) {
  const peer = await newPeer(String(id));
  attach(peer, peer.pc.createDataChannel(LABEL, { ordered: true }));
  await peer.pc.setLocalDescription();
  await gathered(peer.pc);
  return peer.pc.localDescription.sdp;
}

async function answer(id, offerSdp) {
  const peer = await newPeer(String(id));
  await peer.pc.setRemoteDescription({ type: "offer", sdp: String(offerSdp) });
  await peer.pc.setLocalDescription();
  await gathered(peer.pc);
  return peer.pc.localDescription.sdp;
}

async function accept(id, answerSdp) {
  const peer = peers.get(String(id));
  if (!peer) throw new Error(`nosRtc: no offer for ${id}`);
  await peer.pc.setRemoteDescription({ type: "answer", sdp: String(answerSdp) });
  // Both sides now know all they will: on a network where they reach each other the
  // channel opens within a second or two. Where they don't (mDNS names nobody resolves,
  // other networks), Chromium may wait in "checking" for good: say so.
  if (!peer.opened) peer.timer = setTimeout(() => emit(peer, "failed"), CONNECT_MS);
}

function listen(id, callback) {
  const peer = peers.get(String(id));
  if (!peer) {
    console.warn("nosRtc: listen to no connection:", id);
    return false;
  }
  peer.listener = callback;
  const waiting = peer.waiting;
  peer.waiting = [];
  for (const [kind, text] of waiting) tell(peer, kind, text);
  return true;
}

function send(id, text) {
  const peer = peers.get(String(id));
  const channel = peer?.channel;
  if (!channel || channel.readyState !== "open") return false;
  text = String(text);
  if (text.length > MAX_TEXT) {
    console.warn(`nosRtc: a text over ${MAX_TEXT} characters to ${id}, not sent`);
    return false;
  }
  // A text is sent whole or not at all: a frame refused halfway would join the rest of
  // this text to the next one's on the other side. Chromium refuses frames past 16 MB
  // waiting to go; a text (≤ 3 bytes a unit) is let in only with room to spare.
  if (channel.bufferedAmount + 3 * text.length > MAX_BUFFERED) {
    console.warn("nosRtc: the channel to", id, "is still sending, text not sent");
    return false;
  }
  try {
    let at = 0;
    do {
      let end = Math.min(at + FRAME_UNITS, text.length);
      const unit = text.charCodeAt(end - 1);
      if (end < text.length && unit >= 0xd800 && unit <= 0xdbff) end -= 1; // keep pairs whole
      channel.send((end < text.length ? MORE : LAST) + text.slice(at, end));
      at = end;
    } while (at < text.length);
  } catch (err) {
    console.warn("nosRtc: send to", id, "failed:", err);
    return false;
  }
  return true;
}

function close(id) {
  const peer = peers.get(String(id));
  if (!peer) return;
  peer.closed = true;
  clearTimeout(peer.timer);
  peers.delete(String(id));
  const channel = peer.channel;
  if (!channel || channel.readyState === "closed") {
    peer.pc.close();
    return;
  }
  // The channel's close reaches the other side only while the connection lives: close the
  // connection once the channel has closed (or after CLOSE_MS), not at once.
  const end = () => peer.pc.close();
  channel.addEventListener("close", end);
  setTimeout(end, CLOSE_MS);
  channel.close();
}

window.nosRtc = { config, prepare, offer, answer, accept, listen, send, close };
