"""Deals anyone can verify: the seed chain, the stream and the shuffle of
``docs/fairness.md`` (version 1), which this module implements word for word.

>>> chain = seed_chain(bytes(32), 3)
>>> commitment(chain) == hashlib.sha256(chain[1]).hexdigest()
True
>>> checks(commitment(chain), chain[1]), checks(commitment(chain), chain[2])
(True, False)
>>> deck = shuffle(list(range(10)), chain[1], ("alice", "bot:1"))
>>> sorted(deck) == list(range(10)), deck == shuffle(list(range(10)), chain[1], ("alice", "bot:1"))
(True, True)
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")
CHAIN_LENGTH = 1024
WORD = 1 << 32


def seed_chain(top: bytes, length: int = CHAIN_LENGTH) -> list[bytes]:
    """``[s[0], s[1], …, s[length]]`` with ``s[length] = top`` and ``s[k-1] = SHA-256(s[k])``:
    ``s[0]`` is the commitment, ``s[k]`` deal ``k``'s seed."""
    if len(top) != 32 or length < 1:
        raise ValueError("the top of a seed chain is 32 bytes, and the chain at least 1 long")
    out = [top]
    for _ in range(length):
        out.append(hashlib.sha256(out[-1]).digest())
    out.reverse()
    return out


def commitment(chain: Sequence[bytes]) -> str:
    """What the server publishes before anyone sits: ``s[0]`` in hex."""
    return chain[0].hex()


def checks(previous_hex: str, revealed: bytes) -> bool:
    """Whether a revealed deal seed hashes to the one before it (the commitment, for deal 1)."""
    return hmac.compare_digest(hashlib.sha256(revealed).hexdigest(), previous_hex.lower())


def mix(client_seeds: Sequence[str]) -> str:
    """The seats' client seeds joined with ``|`` (each 1 to 64 printable ASCII, no ``|``)."""
    for s in client_seeds:
        if not 1 <= len(s) <= 64 or "|" in s or not all(" " <= ch <= "~" for ch in s):
            raise ValueError(f"a client seed is 1 to 64 printable ASCII characters, no '|': {s!r}")
    return "|".join(client_seeds)


def words(deal_seed: bytes, client_seeds: Sequence[str]) -> Iterator[int]:
    """The deal's stream as unsigned 32-bit big-endian words, without end (the client
    seeds are checked at once, not at the first word)."""
    return _blocks(deal_seed, mix(client_seeds))


def _blocks(deal_seed: bytes, joined: str) -> Iterator[int]:
    j = 0
    while True:
        block = hmac.new(deal_seed, f"{joined}|{j}".encode(), hashlib.sha256).digest()
        for at in range(0, 32, 4):
            yield int.from_bytes(block[at : at + 4], "big")
        j += 1


def below(stream: Iterator[int], n: int) -> int:
    """A uniform number in ``[0, n)``, rejecting the words that would bias it."""
    if not 1 <= n <= WORD:
        raise ValueError("n must be between 1 and 2**32")
    limit = WORD - WORD % n
    while True:
        w = next(stream)
        if w < limit:
            return w % n


def shuffle(cards: Sequence[T], deal_seed: bytes, client_seeds: Sequence[str]) -> list[T]:
    """Fisher-Yates from the top, driven by the deal's stream: the deck in deal order."""
    out = list(cards)
    stream = words(deal_seed, client_seeds)
    for i in range(len(out) - 1, 0, -1):
        j = below(stream, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


RANKS = "23456789TJQKA"
SUITS = "SHDC"


def canonical(low: str = "2", copies: int = 1, jokers: int = 0) -> list[str]:
    """A game's canonical deck (``docs/fairness.md``): suit by suit ``S H D C``, each from
    ``low`` up to ``A``; ``copies`` times; then ``JK`` ``jokers`` times."""
    ranks = RANKS[RANKS.index(low) :]
    one = [f"{r}{s}" for s in SUITS for r in ranks]
    return one * copies + ["JK"] * jokers
