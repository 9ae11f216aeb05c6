"""Deals anyone can verify: the seed chain, the stream and the shuffle of
``docs/fairness.md`` (version 2), which this module implements word for word, and
:class:`FairDeals`, what a game deals from at a table that proves its deals.

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
from dataclasses import dataclass
from typing import TypeVar, overload

T = TypeVar("T")
VERSION = 2
CHAIN_LENGTH = 1024
WORD = 1 << 32
SEED_BYTES = 32
MARK_EVERY = 32  # a table's chain keeps one seed in this many (Chain)


def seed_chain(top: bytes, length: int = CHAIN_LENGTH) -> list[bytes]:
    """``[s[0], s[1], …, s[length]]`` with ``s[length] = top`` and ``s[k-1] = SHA-256(s[k])``:
    ``s[0]`` is the commitment, ``s[k]`` deal ``k``'s seed."""
    if len(top) != SEED_BYTES or length < 1:
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


def words(deal_seed: bytes, client_seeds: Sequence[str], salt: str = "") -> Iterator[int]:
    """The deal's stream as unsigned 32-bit big-endian words, without end (the client
    seeds are checked at once, not at the first word). A ``salt`` names another stream
    of the same deal (``reshuffle:1``: Jolly's first rebuilt stock)."""
    if salt and ("|" in salt or not all(" " <= ch <= "~" for ch in salt)):
        raise ValueError(f"a salt is printable ASCII without '|': {salt!r}")
    return _blocks(deal_seed, mix(client_seeds) + (f"|{salt}" if salt else ""))


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


def shuffle(
    cards: Sequence[T], deal_seed: bytes, client_seeds: Sequence[str], salt: str = ""
) -> list[T]:
    """Fisher-Yates from the top, driven by the deal's stream: the deck in deal order."""
    out = list(cards)
    stream = words(deal_seed, client_seeds, salt)
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


class Chain(Sequence[bytes]):
    """A chain's deal seeds ``s[1] … s[n]``, kept as every ``MARK_EVERY``-th seed and the
    top (``s[32], s[64], …, s[n]`` in one ``bytes``): any other is a few hashes of the next
    one kept, as the chain is made (``s[k-1] = SHA-256(s[k])``). A table holds 1,024
    seeds: as objects of their own they were a third of a live table's memory, and in one
    ``bytes`` still 32 KiB, a large allocation of its own in the allocator; kept this way,
    1 KiB, and a seed costs at most 31 hashes (a deal's, once a deal).

    >>> chain = seed_chain(bytes(32), 70)
    >>> packed = Chain.packing(chain[1:])
    >>> len(packed), packed[0] == chain[1], packed[1:] == tuple(chain[2:])
    (70, True, True)
    >>> packed == tuple(chain[1:]), tuple(chain[1:]) == packed, list(packed) == chain[1:]
    (True, True, True)
    """

    __slots__ = ("_hash", "_length", "_marks")

    def __init__(self, marks: bytes, length: int) -> None:
        if len(marks) % SEED_BYTES or len(marks) // SEED_BYTES != -(-length // MARK_EVERY):
            raise ValueError(
                f"a chain of {length} keeps one 32-byte seed for every {MARK_EVERY} of it"
            )
        self._marks = marks
        self._length = length
        self._hash: int | None = None

    @classmethod
    def packing(cls, seeds: Sequence[bytes]) -> Chain:
        """The chain whose deal seeds are ``seeds`` (``s[1] … s[n]``, each the hash of the
        next: not checked here)."""
        n = len(seeds)
        marks = [seeds[min(j + MARK_EVERY, n) - 1] for j in range(0, n, MARK_EVERY)]
        return cls(b"".join(marks), n)

    def __len__(self) -> int:
        return self._length

    def _block(self, j: int) -> list[bytes]:
        """Seeds ``s[j·32 + 1] … s[min((j+1)·32, n)]``, hashed down from their mark."""
        seed = self._marks[j * SEED_BYTES : (j + 1) * SEED_BYTES]
        out = [seed]
        for _ in range(min((j + 1) * MARK_EVERY, self._length) - j * MARK_EVERY - 1):
            seed = hashlib.sha256(seed).digest()
            out.append(seed)
        out.reverse()
        return out

    def __iter__(self) -> Iterator[bytes]:
        for j in range(len(self._marks) // SEED_BYTES):
            yield from self._block(j)

    @overload
    def __getitem__(self, at: int) -> bytes: ...
    @overload
    def __getitem__(self, at: slice) -> tuple[bytes, ...]: ...
    def __getitem__(self, at: int | slice) -> bytes | tuple[bytes, ...]:
        if isinstance(at, slice):
            blocks: dict[int, list[bytes]] = {}  # each hashed down once, whatever is taken
            out = []
            for k in range(*at.indices(len(self))):
                j = k // MARK_EVERY
                if j not in blocks:
                    blocks[j] = self._block(j)
                out.append(blocks[j][k % MARK_EVERY])
            return tuple(out)
        k = at + len(self) if at < 0 else at
        if not 0 <= k < len(self):
            raise IndexError("chain index out of range")
        return self._block(k // MARK_EVERY)[k % MARK_EVERY]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Chain):  # the marks are seeds of the chain, the top among them
            return self._length == other._length and self._marks == other._marks
        if isinstance(other, tuple):
            return tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:  # the tuple's it equals; a state holding it may be a key
            self._hash = hash(tuple(self))
        return self._hash


class Unrevealed(ValueError):  # noqa: N818 (a state of a deal, said as the error says it)
    """A deal whose seed is not known here (not revealed yet, or past the chain)."""


@dataclass(frozen=True, slots=True)
class FairDeals:
    """What a game deals from at a table that proves its deals: the commitment, the seats'
    client seeds and the deal seeds known so far (``seeds[k - 1]`` is deal ``k``'s, None if
    not revealed). The server's holds every seed of the chain; a record's, those revealed.

    >>> fair = FairDeals.from_top(bytes(32), ("alice", "bot:1"), 3)
    >>> fair.commitment[:16], fair.deck(canonical(), 1)[:3]
    ('12771355e46cd47c', ['QD', '6D', 'QS'])
    >>> FairDeals.revealed(fair.commitment, fair.client_seeds, [fair.seed(1)]).deck([1, 2], 2)
    Traceback (most recent call last):
    bolola.fairness.Unrevealed: deal 2's seed is not revealed: it cannot be replayed
    """

    commitment: str
    client_seeds: tuple[str, ...]
    seeds: Sequence[bytes | None]

    def __post_init__(self) -> None:
        mix(self.client_seeds)  # raises on a bad client seed

    def __repr__(self) -> str:
        # Never the seeds: a state's repr may reach a log.
        return f"FairDeals({self.commitment[:16]}…, {len(self.client_seeds)} client seeds)"

    @classmethod
    def from_top(
        cls, top: bytes, client_seeds: Sequence[str], length: int = CHAIN_LENGTH
    ) -> FairDeals:
        chain = seed_chain(top, length)
        return cls(commitment(chain), tuple(client_seeds), Chain.packing(chain[1:]))

    @classmethod
    def revealed(
        cls, commitment_hex: str, client_seeds: Sequence[str], seeds: Sequence[bytes | None]
    ) -> FairDeals:
        """A record's: the seeds as revealed, deal 1 first (not checked here: ``verify``)."""
        return cls(commitment_hex.lower(), tuple(client_seeds), tuple(seeds))

    def seed(self, deal: int) -> bytes:
        """Deal ``deal``'s seed ``s[deal]`` (1-based)."""
        found = self.seeds[deal - 1] if 1 <= deal <= len(self.seeds) else None
        if found is None:
            raise Unrevealed(f"deal {deal}'s seed is not revealed: it cannot be replayed")
        return found

    def deck(self, cards: Sequence[T], deal: int, salt: str = "") -> list[T]:
        """``cards`` (in canonical order) shuffled for deal ``deal``: the deck in deal order."""
        return shuffle(cards, self.seed(deal), self.client_seeds, salt)


Deals = int | FairDeals
"""What a game deals from: an integer seed (the terminal, the arena, the tests: each game
shuffles with its own private generator) or a table's :class:`FairDeals`."""


def reshuffle_salt(j: int) -> str:
    """The salt of a deal's ``j``-th reshuffle (1-based; Jolly's rebuilt stocks, JO-12)."""
    return f"reshuffle:{j}"


def in_canonical_order(cards: Sequence[str], canonical_deck: Sequence[str]) -> list[str]:
    """``cards`` sorted by their place in the canonical deck (a reshuffle's start)."""
    place = {c: i for i, c in enumerate(canonical_deck)}
    return sorted(cards, key=lambda c: place.get(c, len(place)))
