"""Make the card-room sounds (``make client`` runs it): a shuffle, a deal, a card on the
felt, a trick taken and a win, as small WAV files for the browser client.

They are made here, from noise shaped like the real thing (a card is a short bright snap
with a soft thump under it; a riffle is dozens of snaps speeding up; a trick is cards
sliding together; a win is a short round of applause), not recorded: we own them, and they
are dedicated to the public domain (CC0) in the LICENSE file written beside them. The same
seed gives the same files, byte for byte.

    python scripts/sounds.py client/public/sounds
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
Signal = list[float]

LICENSE = """The sounds in this folder (shuffle, deal, card, trick, win .wav) were made by the
Bolola project with scripts/sounds.py, from shaped noise; no recording was used.

To the extent possible under law, the Bolola project has waived all copyright and
related or neighbouring rights to these sounds (Creative Commons CC0 1.0 Universal:
https://creativecommons.org/publicdomain/zero/1.0/).
"""


def silence(seconds: float) -> Signal:
    return [0.0] * int(RATE * seconds)


def bandpass(x: Signal, centre: float, q: float) -> Signal:
    """A biquad band-pass (RBJ's cookbook, constant 0 dB peak)."""
    w = 2 * math.pi * centre / RATE
    alpha = math.sin(w) / (2 * q)
    b0, b2 = alpha, -alpha
    a0, a1, a2 = 1 + alpha, -2 * math.cos(w), 1 - alpha
    y: Signal = []
    x1 = x2 = y1 = y2 = 0.0
    for v in x:
        out = (b0 * v + b2 * x2 - a1 * y1 - a2 * y2) / a0
        x2, x1 = x1, v
        y2, y1 = y1, out
        y.append(out)
    return y


def lowpass(x: Signal, cutoff: float) -> Signal:
    k = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    y: Signal = []
    acc = 0.0
    for v in x:
        acc += k * (v - acc)
        y.append(acc)
    return y


def snap(rng: random.Random, loud: float = 1.0, bright: float = 3200.0) -> Signal:
    """One card: a bright noise snap (fast attack, ~40 ms decay) over a soft low thump."""
    n = int(RATE * 0.07)
    noise = [rng.uniform(-1, 1) for _ in range(n)]
    crack = bandpass(noise, bright * rng.uniform(0.85, 1.15), 1.2)
    thump = lowpass([rng.uniform(-1, 1) for _ in range(n)], 220)
    out = []
    for i in range(n):
        t = i / RATE
        env = (1 - math.exp(-t / 0.0008)) * math.exp(-t / 0.018)
        out.append(loud * env * (crack[i] * 1.4 + thump[i] * 2.5))
    return out


def swish(rng: random.Random, seconds: float, centre: float, loud: float = 0.6) -> Signal:
    """A card sliding on cloth: filtered noise that swells and fades."""
    n = int(RATE * seconds)
    body = bandpass([rng.uniform(-1, 1) for _ in range(n)], centre, 0.7)
    return [loud * body[i] * math.sin(math.pi * i / n) ** 2 for i in range(n)]


def mix(into: Signal, sound: Signal, at: float) -> None:
    start = int(RATE * at)
    if start + len(sound) > len(into):
        into.extend([0.0] * (start + len(sound) - len(into)))
    for i, v in enumerate(sound):
        into[start + i] += v


def shuffle(rng: random.Random) -> Signal:
    """A riffle: two half-decks' cards falling alternately, faster and faster, then the
    bridge (the cards pushed together)."""
    out = silence(1.25)
    t = 0.05
    gap = 0.03
    for k in range(46):
        mix(out, snap(rng, 0.35 + 0.25 * rng.random(), 2600 + 900 * (k % 2)), t)
        t += gap * rng.uniform(0.8, 1.2)
        gap = max(0.012, gap * 0.965)
    mix(out, swish(rng, 0.28, 900, 0.8), t + 0.05)
    return out


def deal(rng: random.Random) -> Signal:
    """Cards dealt round the table: a quick swish and a landing for each."""
    out = silence(0.9)
    for k in range(6):
        at = 0.02 + k * 0.13
        mix(out, swish(rng, 0.09, 1800, 0.35), at)
        mix(out, snap(rng, 0.45, 2400), at + 0.08)
    return out


def card(rng: random.Random) -> Signal:
    """One card put on the felt."""
    out = silence(0.16)
    mix(out, swish(rng, 0.05, 1500, 0.25), 0.0)
    mix(out, snap(rng, 0.9, 3000), 0.04)
    return out


def trick(rng: random.Random) -> Signal:
    """A trick gathered: the cards slid together into a pile."""
    out = silence(0.5)
    for k in range(3):
        mix(out, swish(rng, 0.16, 1100 + 250 * k, 0.45), k * 0.07)
    mix(out, snap(rng, 0.5, 2000), 0.3)
    return out


def win(rng: random.Random) -> Signal:
    """A short round of applause: many hands, each a clap of filtered noise."""
    out = silence(2.2)
    for _ in range(260):
        at = rng.uniform(0, 1.9)
        fade = 1 - at / 2.2
        n = int(RATE * 0.03)
        clap = bandpass([rng.uniform(-1, 1) for _ in range(n)], rng.uniform(900, 2200), 1.5)
        env = [math.exp(-i / (RATE * 0.006)) for i in range(n)]
        mix(out, [0.22 * fade * c * e for c, e in zip(clap, env, strict=True)], at)
    return out


SOUNDS: dict[str, Callable[[random.Random], Signal]] = {
    "shuffle": shuffle,
    "deal": deal,
    "card": card,
    "trick": trick,
    "win": win,
}


def write_wav(path: Path, x: Signal) -> None:
    peak = max(1e-9, max(abs(v) for v in x))
    scale = 0.85 * 32767 / peak
    frames = b"".join(struct.pack("<h", int(max(-32767, min(32767, v * scale)))) for v in x)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def main(folder: str) -> int:
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        write_wav(out / f"{name}.wav", make(random.Random(f"bolola-sound:{name}")))
    (out / "LICENSE.txt").write_text(LICENSE, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "client/public/sounds"))
