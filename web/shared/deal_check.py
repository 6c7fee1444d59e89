"""A guest's check of a hand played together (issue 50): the seed the host reveals after the
hand must hash to the seal it showed before it, and must deal exactly the tiles this phone
was dealt. A guest's page runs MicroPython alone, so this module deals as ``nos.fair``
does without CPython's ``random``: it is a port of ``random.Random(seed).shuffle`` (version 2
seeding from a str, MT19937, ``_randbelow_with_getrandbits``), bit for bit.

MicroPython subset (packed into web/page.pack; CPython's tests import it too). MicroPython
1.27's hashlib has SHA-256 but no SHA-512, which the seeding needs: a small SHA-512 stands in.
"""

import hashlib

from contract import VERIFIED_COMMITMENT, VERIFIED_DEAL, VERIFIED_OK

SEED_DIGITS = 32  # nos.fair.SEED_DIGITS
HAND_SIZE = {3: 5, 4: 4, 5: 3}  # R2: 8 − n tiles each
# The 28 tiles in nos.tiles.ALL_TILES's order: 0-0, 1-0, 1-1, 2-0 … 6-6 (R1).
TILES = [f"{high}-{low}" for high in range(7) for low in range(high + 1)]

M32 = 0xFFFFFFFF
M64 = 0xFFFFFFFFFFFFFFFF


def commitment(seed):
    """The seal: the SHA-256 of the seed's ASCII digits, in hexadecimal (nos.fair)."""
    return hashlib.sha256(seed.encode()).digest().hex()


def is_seed(text):
    return (isinstance(text, str) and len(text) == SEED_DIGITS
            and all(c in "0123456789abcdef" for c in text))


# SHA-512 (FIPS 180-4), for the seeding alone. Its constants are the first 64 bits of the
# fractional parts of the square roots (H0) and cube roots (K) of the first primes, worked
# out once, when first needed, rather than written out.

_SHA512 = []  # [H0, K] once worked out


def _bit_length(n):
    """``int.bit_length``, which MicroPython's int lacks."""
    k = 0
    while n:
        n >>= 1
        k += 1
    return k


def _root(p, shift, power):
    """The integer part of (p << shift) ** (1 / power), by Newton's method from above."""
    n = p << shift
    x = 1 << ((_bit_length(p) + shift + power - 1) // power)
    while True:
        y = ((power - 1) * x + n // x ** (power - 1)) // power
        if y >= x:
            return x
        x = y


def _constants():
    if not _SHA512:
        primes = []
        n = 2
        while len(primes) < 80:
            if all(n % p for p in primes if p * p <= n):
                primes.append(n)
            n += 1
        _SHA512.append([_root(p, 128, 2) & M64 for p in primes[:8]])
        _SHA512.append([_root(p, 192, 3) & M64 for p in primes])
    return _SHA512


def _rotr(x, n):
    return ((x >> n) | (x << (64 - n))) & M64


def sha512(data):
    """The SHA-512 digest (64 bytes) of bytes `data`."""
    h0, k = _constants()
    h = list(h0)
    length = len(data)
    data = bytes(data) + b"\x80" + bytes((111 - length) % 128) + (8 * length).to_bytes(16, "big")
    for start in range(0, len(data), 128):
        w = [int.from_bytes(data[start + 8 * i:start + 8 * i + 8], "big") for i in range(16)]
        for i in range(16, 80):
            x, y = w[i - 15], w[i - 2]
            s0 = _rotr(x, 1) ^ _rotr(x, 8) ^ (x >> 7)
            s1 = _rotr(y, 19) ^ _rotr(y, 61) ^ (y >> 6)
            w.append((w[i - 16] + s0 + w[i - 7] + s1) & M64)
        a, b, c, d, e, f, g, hh = h
        for i in range(80):
            t1 = (hh + (_rotr(e, 14) ^ _rotr(e, 18) ^ _rotr(e, 41))
                  + ((e & f) ^ (~e & g)) + k[i] + w[i])
            t2 = (_rotr(a, 28) ^ _rotr(a, 34) ^ _rotr(a, 39)) + ((a & b) ^ (a & c) ^ (b & c))
            hh, g, f, e = g, f, e, (d + t1) & M64
            d, c, b, a = c, b, a, (t1 + t2) & M64
        words = (a, b, c, d, e, f, g, hh)
        h = [(h[i] + words[i]) & M64 for i in range(8)]
    return b"".join(x.to_bytes(8, "big") for x in h)


# MT19937 as CPython's _random module runs it (Modules/_randommodule.c).
N = 624
M = 397
UPPER = 0x80000000
LOWER = 0x7FFFFFFF
MATRIX_A = 0x9908B0DF

_BASE = []  # init_genrand(19650218), the state init_by_array starts from


def _base_state():
    if not _BASE:
        mt = [19650218]
        for i in range(1, N):
            x = mt[i - 1]
            mt.append((1812433253 * (x ^ (x >> 30)) + i) & M32)
        _BASE.append(mt)
    return _BASE[0]


class Shuffler:
    """``random.Random(seed)`` for a str seed, as far as ``shuffle`` needs it."""

    def __init__(self, seed):
        data = seed.encode()
        n = int.from_bytes(data + sha512(data), "big")
        key = []  # the seed's 32-bit words, little end first (init_by_array's key)
        while n:
            key.append(n & M32)
            n >>= 32
        self.state = self._init_by_array(key or [0])
        # The state is twisted word by word as each is drawn, not all 624 at once: each new
        # word needs only the old words after it and the new ones before, so this gives
        # exactly the C code's words while a deal draws a few dozen.
        self.index = 0

    @staticmethod
    def _init_by_array(key):
        mt = list(_base_state())
        length = len(key)
        i, j = 1, 0
        for _ in range(max(N, length)):
            x = mt[i - 1]
            mt[i] = ((mt[i] ^ ((x ^ (x >> 30)) * 1664525)) + key[j] + j) & M32
            i += 1
            j += 1
            if i >= N:
                mt[0] = mt[N - 1]
                i = 1
            if j >= length:
                j = 0
        for _ in range(N - 1):
            x = mt[i - 1]
            mt[i] = ((mt[i] ^ ((x ^ (x >> 30)) * 1566083941)) - i) & M32
            i += 1
            if i >= N:
                mt[0] = mt[N - 1]
                i = 1
        mt[0] = 0x80000000
        return mt

    def genrand_uint32(self):
        mt = self.state
        i = self.index
        y = (mt[i] & UPPER) | (mt[i + 1 if i < N - 1 else 0] & LOWER)
        y = mt[(i + M) % N] ^ (y >> 1) ^ (MATRIX_A if y & 1 else 0)
        mt[i] = y
        self.index = i + 1 if i < N - 1 else 0
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)

    def getrandbits(self, k):
        """k random bits, 0 < k <= 32 (all that a shuffle of 28 tiles asks for)."""
        return self.genrand_uint32() >> (32 - k)

    def randbelow(self, n):
        """``Random._randbelow_with_getrandbits``: a number in [0, n), n > 0."""
        k = _bit_length(n)
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def shuffle(self, x):
        for i in range(len(x) - 1, 0, -1):
            j = self.randbelow(i + 1)
            x[i], x[j] = x[j], x[i]


def dealt(seed, players, first_hand):
    """What ``nos.fair.deal_from(seed, players, first_hand)`` deals, as its ``to_json()``:
    {"hands": [each seat's tile texts], "boneyard": [tile texts, top first]}. Seat 0 gets
    the first 8 − n tiles of the shuffled set, seat 1 the next, and so on (R2); in the first
    hand, while no seat holds a double, the same generator shuffles again (R4)."""
    size = HAND_SIZE.get(players)
    if size is None:
        raise ValueError(players)  # (R1: 3, 4 or 5)
    rng = Shuffler(seed)
    while True:
        tiles = list(TILES)
        rng.shuffle(tiles)
        hands = [tiles[s * size:(s + 1) * size] for s in range(players)]
        if not first_hand or any(t[0] == t[2] for h in hands for t in h):
            return {"hands": hands, "boneyard": tiles[players * size:]}


def _tile_text(text):
    """A tile's text with its high end first ("3-5" is "5-3"), or the text as it came."""
    text = str(text)
    if len(text) == 3 and text[1] == "-" and text[0] < text[2]:
        return text[2] + "-" + text[0]
    return text


def check(seed, seal, seat, tiles_dealt, players, first_hand):
    """A guest's verdict on a hand (contract's VERIFIED_*): "ok"; "commitment" when the
    revealed seed is not a seed or does not hash to the seal shown before the hand; "deal"
    when it does not deal `seat` exactly `tiles_dealt` (in any order). `tiles_dealt` None:
    the seal alone is checked (a device that joined after its first move knows no deal)."""
    if not is_seed(seed) or commitment(seed) != str(seal).lower():
        return VERIFIED_COMMITMENT
    if tiles_dealt is None:
        return VERIFIED_OK
    if players not in HAND_SIZE:
        return VERIFIED_DEAL
    hands = dealt(seed, players, first_hand)["hands"]
    if not 0 <= seat < len(hands):
        return VERIFIED_DEAL
    if sorted(_tile_text(t) for t in tiles_dealt) != sorted(hands[seat]):
        return VERIFIED_DEAL
    return VERIFIED_OK
