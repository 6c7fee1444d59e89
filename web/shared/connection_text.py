"""A WebRTC offer or answer as a short text, for a QR code or a link's fragment ("play
together", docs/together.md "Transport"): only what the connection needs.

From the browser's SDP (one data channel, ICE gathering complete) `pack` keeps the ICE
credentials, the DTLS certificate's SHA-256 fingerprint, the DTLS role and the UDP
candidates; `unpack` writes them back as a complete SDP every browser takes. Everything
else in a browser's SDP is the same for every data channel, so it is written anew.

The text: a version character, then base64url (no padding) of
  flags (1 byte: the DTLS role in bits 0-1, the rest 0),
  the lengths of the ICE ufrag and pwd (1 byte each), both as 6-bit ice-chars,
  the fingerprint (32 bytes),
  the candidates, best first: a byte (type << 4 | address kind), the address (IPv4 4 bytes,
  IPv6 16, an mDNS UUID name 16, another name: its length and ASCII), the port (2 bytes),
  and a CRC-16 of all of it (2 bytes), so that a damaged text is refused at once rather than
  failing to connect after a long wait.
In the MicroPython subset (the page's bytecode; CPython tests import it too).
"""

import binascii

VERSION = "1"
ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
B64URL = ICE_CHARS[:62] + "-_"
ROLES = ["actpass", "active", "passive"]
TYPES = ["host", "srflx", "relay"]
TYPE_PREFERENCE = [126, 100, 0]  # RFC 8445 5.1.2.2's recommended values
IPV4, IPV6, MDNS, NAME = 0, 1, 2, 3
MAX_CANDIDATES = 8  # the best ones: more only make the QR code larger
MAX_TEXT = 1000  # characters: far more than 8 candidates of the longest kind need
HEX = "0123456789abcdef"
NAME_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789.-"


class BadConnectionText(ValueError):
    """Not a connection text this version reads (damaged, truncated, foreign, of the other
    kind), or an SDP with nothing to connect over. `key` names the words that say so."""

    def __init__(self, key):
        super().__init__(key)
        self.key = key


# ---------------------------------------------------------------- small codecs
def _crc16(data):
    """CRC-16/CCITT-FALSE."""
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return crc


def _b64url(data):
    text = binascii.b2a_base64(data).decode().strip()
    return text.replace("+", "-").replace("/", "_").rstrip("=")


def _unb64url(text):
    if len(text) % 4 == 1 or any(c not in B64URL for c in text):
        raise BadConnectionText("together.bad_text")
    text = text.replace("-", "+").replace("_", "/")
    return binascii.a2b_base64((text + "=" * (-len(text) % 4)).encode())


def _pack_chars(chars):
    """ice-chars (the base64 alphabet) as 6 bits each."""
    bits, count, out = 0, 0, bytearray()
    for c in chars:
        bits = (bits << 6) | ICE_CHARS.index(c)
        count += 6
        while count >= 8:
            count -= 8
            out.append((bits >> count) & 0xFF)
    if count:
        out.append((bits << (8 - count)) & 0xFF)
    return bytes(out)


def _unpack_chars(data, n):
    bits, count, out = 0, 0, []
    for byte in data:
        bits = (bits << 8) | byte
        count += 8
        while count >= 6 and len(out) < n:
            count -= 6
            out.append(ICE_CHARS[(bits >> count) & 0x3F])
        bits &= (1 << count) - 1
    return "".join(out)


def _ipv4(text):
    parts = text.split(".")
    if len(parts) != 4 or not all(p.isdigit() and int(p) < 256 for p in parts):
        return None
    return bytes([int(p) for p in parts])


def _ipv6(text):
    if "%" in text or text.count("::") > 1:
        return None
    head, _, tail = text.partition("::")
    groups = [g for g in head.split(":") if g] + (["-"] if "::" in text else [])
    groups += [g for g in tail.split(":") if g]
    if "-" in groups:
        at = groups.index("-")
        groups[at:at + 1] = ["0"] * (9 - len(groups))
    if len(groups) != 8:
        return None
    out = bytearray()
    for g in groups:
        if not 1 <= len(g) <= 4 or any(c not in HEX for c in g.lower()):
            return None
        out += int(g, 16).to_bytes(2, "big")
    return bytes(out)


def _ipv6_text(data):
    groups = ["%x" % ((data[i] << 8) | data[i + 1]) for i in range(0, 16, 2)]
    best, at = 0, -1  # the longest run of zero groups (at least two) becomes "::"
    for i in range(8):
        run = 0
        while i + run < 8 and groups[i + run] == "0":
            run += 1
        if run > best and run > 1:
            best, at = run, i
    if at < 0:
        return ":".join(groups)
    return ":".join(groups[:at]) + "::" + ":".join(groups[at + best:])


def _uuid(name):
    """The 16 bytes of a UUID .local name (the browsers' mDNS names), or None."""
    if not name.endswith(".local"):
        return None
    parts = name[:-6].lower().split("-")
    if [len(p) for p in parts] != [8, 4, 4, 4, 12]:
        return None
    digits = "".join(parts)
    if any(c not in HEX for c in digits):
        return None
    return binascii.unhexlify(digits)


def _uuid_text(data):
    h = binascii.hexlify(data).decode()
    return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:] + ".local"


def _name(text):
    """Another host name (a browser's own scheme): its ASCII, or None."""
    if 0 < len(text) <= 255 and all(c in NAME_CHARS for c in text.lower()):
        return text.encode()
    return None


# ---------------------------------------------------------------- SDP -> text
def _candidate(value):
    """(priority, type, kind, address bytes, port) of an a=candidate value, or None if it is
    not one that is packed (not UDP, not component 1, peer-reflexive, unreadable)."""
    f = value.split()
    if len(f) < 8 or f[1] != "1" or f[2].lower() != "udp" or f[6] != "typ":
        return None
    if f[7] not in TYPES or not f[3].isdigit() or not f[5].isdigit():
        return None
    port = int(f[5])
    if not 0 < port < 65536:
        return None
    for kind, read in ((IPV4, _ipv4), (IPV6, _ipv6), (MDNS, _uuid), (NAME, _name)):
        address = read(f[4])
        if address is not None:
            return (int(f[3]), TYPES.index(f[7]), kind, address, port)
    return None


def pack(sdp):
    """The connection text of a browser's complete local SDP (offer or answer)."""
    fields = {}
    candidates = []
    for line in str(sdp).split("\n"):
        line = line.strip()
        if line.startswith("a=candidate:"):
            found = _candidate(line[12:])
            if found is not None and all(c[2:] != found[1:] for c in candidates):
                candidates.append((found[0], len(candidates)) + found[1:])
        elif line.startswith("a=") and ":" in line:
            name, _, value = line[2:].partition(":")
            if name not in fields:  # (the session's or the one section's: the same)
                fields[name] = value.strip()
    ufrag, pwd = fields.get("ice-ufrag", ""), fields.get("ice-pwd", "")
    algorithm, _, digest = fields.get("fingerprint", "").partition(" ")
    role = fields.get("setup", "")
    if (not 0 < len(ufrag) < 256 or not 0 < len(pwd) < 256
            or any(c not in ICE_CHARS for c in ufrag + pwd)
            or algorithm.lower() != "sha-256" or role not in ROLES):
        raise BadConnectionText("together.bad_sdp")
    digits = digest.replace(":", "").lower()
    if len(digits) != 64 or any(c not in HEX for c in digits):
        raise BadConnectionText("together.bad_sdp")
    fingerprint = binascii.unhexlify(digits)
    if not candidates:
        raise BadConnectionText("together.no_network")
    candidates.sort(key=lambda c: (-c[0], c[1]))  # (equal ones in the SDP's order)
    out = bytearray([ROLES.index(role), len(ufrag), len(pwd)])
    out += _pack_chars(ufrag + pwd)
    out += fingerprint
    for _, _, kind_of, kind, address, port in candidates[:MAX_CANDIDATES]:
        out.append((kind_of << 4) | kind)
        if kind == NAME:
            out.append(len(address))
        out += address
        out += port.to_bytes(2, "big")
    out += _crc16(out).to_bytes(2, "big")
    return VERSION + _b64url(bytes(out))


# ---------------------------------------------------------------- text -> SDP
def _read(text):
    """(role, ufrag, pwd, fingerprint, [(type, address text, port)]) of a text."""
    text = "".join(str(text).split())
    text = text[text.rfind("=") + 1:]  # (a whole link "...#join=<text>" reads as its text)
    if not text or len(text) > MAX_TEXT:
        raise BadConnectionText("together.bad_text")
    if text[0] != VERSION:  # (a later version's text: a page to reload, not a damaged text)
        later = text[0] in "23456789" and all(c in B64URL for c in text)
        raise BadConnectionText("together.other_version" if later else "together.bad_text")
    data = _unb64url(text[1:])
    if _b64url(data) != text[1:]:  # (other bits in a last character: not a text we made)
        raise BadConnectionText("together.bad_text")
    if len(data) < 40 or _crc16(data[:-2]) != int.from_bytes(data[-2:], "big"):
        raise BadConnectionText("together.bad_text")
    data = data[:-2]
    flags, nu, np = data[0], data[1], data[2]
    if flags > 2 or nu < 1 or np < 1:
        raise BadConnectionText("together.bad_text")
    at = 3 + (6 * (nu + np) + 7) // 8
    chars = _unpack_chars(data[3:at], nu + np)
    fingerprint = data[at:at + 32]
    at += 32
    candidates = []
    while at < len(data):
        kind_of, kind = data[at] >> 4, data[at] & 0x0F
        at += 1
        if kind_of >= len(TYPES) or kind > NAME or len(candidates) == MAX_CANDIDATES:
            raise BadConnectionText("together.bad_text")
        size = (4, 16, 16, data[at] if at < len(data) else 0)[kind]
        at += kind == NAME
        if size == 0 or at + size + 2 > len(data):
            raise BadConnectionText("together.bad_text")
        raw = data[at:at + size]
        at += size
        if kind == IPV4:
            address = ".".join([str(b) for b in raw])
        elif kind == IPV6:
            address = _ipv6_text(raw)
        elif kind == MDNS:
            address = _uuid_text(raw)
        else:
            address = "".join([chr(b) for b in raw])
            if _name(address) is None:
                raise BadConnectionText("together.bad_text")
        port = int.from_bytes(data[at:at + 2], "big")
        at += 2
        if port == 0:
            raise BadConnectionText("together.bad_text")
        candidates.append((kind_of, address, port))
    if len(fingerprint) != 32 or not candidates:
        raise BadConnectionText("together.bad_text")
    return ROLES[flags], chars[:nu], chars[nu:], fingerprint, candidates


def unpack(text, kind):
    """The complete SDP (`kind` "offer" or "answer") of a connection text; raises
    BadConnectionText if the text is not one, or is of the other kind."""
    if kind not in ("offer", "answer"):
        raise ValueError(kind)
    role, ufrag, pwd, fingerprint, candidates = _read(text)
    if (role == "actpass") != (kind == "offer"):
        raise BadConnectionText("together.wrong_kind")
    session = int.from_bytes(fingerprint[:7], "big")  # (any number; this one is stable)
    digest = binascii.hexlify(fingerprint).decode().upper()
    lines = ["v=0", "o=- 0 2 IN IP4 127.0.0.1".replace("0", str(session), 1), "s=-", "t=0 0",
             "a=group:BUNDLE 0", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
             "c=IN IP4 0.0.0.0"]
    for i, (kind_of, address, port) in enumerate(candidates):
        # Priorities in the packed order (best first), by type as RFC 8445 recommends.
        priority = (TYPE_PREFERENCE[kind_of] << 24) | ((65535 - i) << 8) | 255
        line = f"a=candidate:{i + 1} 1 udp {priority} {address} {port} typ {TYPES[kind_of]}"
        lines.append(line + (" raddr 0.0.0.0 rport 0" if kind_of else ""))
    lines += ["a=end-of-candidates", "a=ice-ufrag:" + ufrag, "a=ice-pwd:" + pwd,
              "a=ice-options:trickle",
              "a=fingerprint:sha-256 " + ":".join([digest[i:i + 2] for i in range(0, 64, 2)]),
              "a=setup:" + role, "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144"]
    return "\r\n".join(lines) + "\r\n"
