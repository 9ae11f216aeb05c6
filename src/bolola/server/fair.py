"""A table's fair deals (``docs/fairness.md``): the secret top of its seed chain, the
client seeds its players' browsers offer, and what the table frame shows of them.

The top is drawn when the table is made and stored with it before anything is dealt; the
client seeds are fixed (and stored) when the match starts: a bot's seat gets ``bot:<seat>``
and a player who offered none ``server:<seat>``. The commitment is public from the start;
deal ``k``'s seed and deck once deal ``k`` is over. Nothing here reaches a game's view.

>>> fair = Fairness(bytes(32).hex(), None)
>>> fair.commitment[:16]
'73b858b1c953da71'
>>> fair.offer(7, "9f3c")
>>> fair.start([(None, True), (7, False), (8, False)])
('bot:0', '9f3c', 'server:2')
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from bolola.engine import Game, Options, fairness_json
from bolola.fairness import CHAIN_LENGTH, Deals, FairDeals, mix, seed_chain

Holder = tuple[int | None, bool]
"""A seat as fairness sees it: the player's id (None: nobody, or a bot) and whether a bot
holds it by right (not a stand-in)."""


def draw_top() -> str:
    """A new table's secret: 32 bytes from the operating system, in hex."""
    return secrets.token_hex(32)


class Fairness:
    """One table's: ``top`` None for a table made before fair deals (it deals from its
    integer seed)."""

    def __init__(self, top: str | None, client_seeds: Sequence[str] | None) -> None:
        self.top = None if top is None else bytes.fromhex(top)
        self.client_seeds = None if client_seeds is None else tuple(client_seeds)
        self.offered: dict[int, str] = {}  # player id -> client seed, before the start
        self._commitment: str | None = None
        self._deals: FairDeals | None = None
        self._told = 0  # the deals over when the table last told its listeners

    @property
    def is_on(self) -> bool:
        return self.top is not None

    @property
    def commitment(self) -> str:
        if self._commitment is None:
            assert self.top is not None
            self._commitment = seed_chain(self.top, CHAIN_LENGTH)[0].hex()
        return self._commitment

    def offer(self, player_id: int, seed: str) -> None:
        """A browser's client seed, before the match starts (the last one counts); raises
        ValueError for one the specification refuses."""
        mix([seed])
        self.offered[player_id] = seed

    def start(self, seats: Sequence[Holder]) -> tuple[str, ...] | None:
        """The match starts: each seat's client seed, fixed from now on (None: not fair)."""
        if self.top is None:
            return None
        self.client_seeds = tuple(
            f"bot:{s}" if is_bot else self.offered.get(pid or -1, f"server:{s}")
            for s, (pid, is_bot) in enumerate(seats)
        )
        self._deals = None
        return self.client_seeds

    def deals(self, seed: int) -> Deals:
        """What the game deals from: the chain and the client seeds, or the integer seed
        of a table made before fair deals."""
        if self.top is None:
            return seed
        if self._deals is None:
            assert self.client_seeds is not None, "a fair table deals once its seats are set"
            self._deals = FairDeals.from_top(self.top, self.client_seeds)
        return self._deals

    def frame(
        self, game: Game[Any, Any, Any, Any], options: Options, state: Any
    ) -> dict[str, Any] | None:
        """What the table frame shows: the commitment; once started, the client seeds,
        the seeds of the deals over and the last one's deck (text, deal order)."""
        if self.top is None:
            return None
        if self.client_seeds is None or state is None:
            return {
                "version": 2,
                "commitment": self.commitment,
                "client_seeds": None,
                "seeds": [],
                "deck": None,
            }
        deals = self.deals(0)
        assert isinstance(deals, FairDeals)
        done = game.deals_done(state)
        out = fairness_json(deals, done)
        out["deck"] = list(deals.deck(game.canonical_deck(options), done)) if done else None
        return out

    def news(self, game: Game[Any, Any, Any, Any], state: Any) -> bool:
        """Whether a deal ended since the table last told its listeners (then it tells)."""
        if self.top is None or state is None:
            return False
        done = game.deals_done(state)
        if done == self._told:
            return False
        self._told = done
        return True

    def record(
        self, game: Game[Any, Any, Any, Any], state: Any, record: dict[str, Any]
    ) -> dict[str, Any]:
        """The match record with its ``fairness`` object (every deal of it revealed)."""
        if self.top is None:
            return record
        deals = self.deals(0)
        assert isinstance(deals, FairDeals)
        return {**record, "fairness": fairness_json(deals, game.deals_done(state))}
