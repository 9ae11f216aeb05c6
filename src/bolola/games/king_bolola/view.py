"""What one seat of a King Bolola match may see (``view`` is the only way out of a state)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bolola.cards import CARD_TEXT, CARDS, Card, Suit, cards_of
from bolola.games.king_bolola.contract import IDS, QUOTAS, Contract
from bolola.games.king_bolola.deal import (
    ITEM_PRICES,
    Deal,
    trick_items,
    trick_points,
    trick_winner,
)
from bolola.memo import Last, Shared, memo

if TYPE_CHECKING:
    from bolola.games.king_bolola.match import Match

# A server builds four views per action: the texts of cards and contracts are looked up,
# and what cannot change within a match (a finished deal's summary) is built once.
_TRUMP_TEXT = tuple(s.letter for s in Suit)
_Public = tuple[dict[str, Any], dict[str, Any]]  # the shared JSON, around the seat's keys


@dataclass(frozen=True, slots=True)
class TrickView:
    """A trick: who led it, the cards in play order, and (once complete) who took it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int | None
    points: int
    # A finished trick's view lives as long as its deal's cached views (_finished): its
    # JSON is made once (do not change it).
    _json: dict[str, Any] | None = field(default=None, init=False, repr=False, compare=False)

    def seat_of(self, k: int) -> int:
        return (self.leader + k) & 3

    def to_json(self) -> dict[str, Any]:
        if self._json is not None:
            return self._json
        out = {
            "leader": self.leader,
            "cards": [CARD_TEXT[c.index] for c in self.cards],
            "winner": self.winner,
            "points": self.points,
        }
        object.__setattr__(self, "_json", out)
        return out


@dataclass(frozen=True, slots=True)
class DealSummary:
    """A finished deal as the score sheet shows it (PL-9). ``dealt`` (the hands as dealt,
    for records) is emptied in every view: an early-ended deal leaves cards unseen."""

    deal_no: int  # 1-based
    declarer: int
    contract: Contract
    trump: Suit | None
    points: tuple[int, ...]
    raw_tricks: tuple[tuple[int, tuple[int, ...]], ...]
    dealt: tuple[int, ...]  # hands as dealt: for records, never put in a view
    # What ``public`` and ``to_json`` return, built on first use: a summary is immutable
    # and lives as long as its match, so every later view of the match shares them.
    _public: DealSummary | None = field(default=None, init=False, repr=False, compare=False)
    _json: dict[str, Any] | None = field(default=None, init=False, repr=False, compare=False)
    _why: list[list[list[Any]]] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def tricks(self) -> tuple[TrickView, ...]:
        return _trick_views(
            self.raw_tricks, self.contract, -1 if self.trump is None else self.trump
        )

    @classmethod
    def of(cls, deal_no: int, deal: Deal) -> DealSummary:
        return cls(
            deal_no,
            deal.declarer,
            deal.contract,
            None if deal.trump < 0 else Suit(deal.trump),
            deal.points,
            deal.tricks,
            deal.dealt,
        )

    @property
    def play(self) -> tuple[Card, ...]:
        return tuple(c for t in self.tricks for c in t.cards)

    @property
    def public(self) -> DealSummary:
        """This summary without the hands as dealt, as views carry it (built once)."""
        if self._public is None:
            public = DealSummary(
                self.deal_no,
                self.declarer,
                self.contract,
                self.trump,
                self.points,
                self.raw_tricks,
                (),
            )
            object.__setattr__(self, "_public", public)
            return public
        return self._public

    def why_json(self) -> list[list[list[Any]]]:
        """Why each seat scored what it did: its items in the contract's order, each
        ``[kind, how many, points each]`` (``["tricks", 3, -50]``); they add up to the
        seat's points. Made once (do not change it)."""
        if self._why is not None:
            return self._why
        counts: list[dict[str, list[Any]]] = [{}, {}, {}, {}]
        for n, (leader, cards) in enumerate(self.raw_tricks, start=1):
            mask = 0
            for c in cards:
                mask |= 1 << c
            won = counts[trick_winner(cards, leader, -1 if self.trump is None else self.trump)]
            for kind, k, each in trick_items(self.contract, mask, n):
                item = won.setdefault(kind, [kind, 0, each])
                item[1] += k
        order = [kind for kind, _ in ITEM_PRICES[self.contract]]
        why = [[seat[k] for k in order if k in seat] for seat in counts]
        object.__setattr__(self, "_why", why)
        return why

    def to_json(self, *, with_hands: bool = False) -> dict[str, Any]:
        """The summary's JSON; without hands, the same dict each call (do not change it)."""
        if not with_hands and self._json is not None:
            return self._json
        out: dict[str, Any] = {
            "deal": self.deal_no,
            "declarer": self.declarer,
            "contract": IDS[self.contract],
            "trump": None if self.trump is None else self.trump.letter,
            "points": list(self.points),
            "tricks_played": len(self.raw_tricks),
        }
        if not with_hands:
            object.__setattr__(self, "_json", out)
        else:
            out["hands"] = [[str(c) for c in cards_of(h)] for h in self.dealt]
            out["play"] = [str(c) for c in self.play]
        return out


def tricks_of(deal: Deal) -> tuple[TrickView, ...]:
    return _trick_views(deal.tricks, deal.contract, deal.trump)


def _trick_views(
    tricks: tuple[tuple[int, tuple[int, ...]], ...], contract: Contract, trump: int
) -> tuple[TrickView, ...]:
    out = []
    for n, (leader, cards) in enumerate(tricks, start=1):
        mask = 0
        for c in cards:
            mask |= 1 << c
        out.append(
            TrickView(
                leader,
                tuple([CARDS[c] for c in cards]),
                trick_winner(cards, leader, trump),
                trick_points(contract, mask, n),
            )
        )
    return tuple(out)


def _finished(deal: Deal) -> tuple[TrickView, ...]:
    return _finished_of(deal.tricks, deal.contract, deal.trump)


# A deal's finished tricks change once a trick, not once a card: their views are kept
# across its states. Keyed by value, not by the last state (a server interleaves the
# actions of many tables, and a one-slot cache missed on nearly every one).
@memo(maxsize=1024)
def _finished_of(
    tricks: tuple[tuple[int, tuple[int, ...]], ...], contract: Contract, trump: int
) -> tuple[TrickView, ...]:
    return _trick_views(tricks, contract, trump)


def _tricks_json(tricks: tuple[TrickView, ...]) -> list[dict[str, Any]]:
    return [t.to_json() for t in tricks]


@dataclass(frozen=True, slots=True)
class KingBololaView:
    """One seat's view: its own hand, the public table, counts of hidden cards.

    ``seat`` is None for a spectator, who sees no hand at all.
    """

    seat: int | None
    deal_no: int  # 1-based; 25 once the match is over
    declarer: int | None
    phase: str  # "declare", "play" or "over"
    to_move: tuple[int, ...]
    legal: tuple[str, ...]  # this seat's legal actions, in text form
    hand: tuple[Card, ...] | None
    hand_counts: tuple[int, ...]
    contract: Contract | None
    trump: Suit | None
    trick: TrickView | None
    tricks: tuple[TrickView, ...]  # finished tricks of this deal
    points: tuple[int, ...]  # this deal
    tricks_won: tuple[int, ...]
    totals: tuple[int, ...]
    offered: tuple[Contract, ...]  # contracts open to this deal's declarer
    used: tuple[int, ...]  # per contract, times chosen this match
    history: tuple[DealSummary, ...]
    king_under_ace: bool
    # What the seats' views of one state share (everything but seat, legal and hand), made
    # into JSON by the first of them to be encoded (make_view).
    _shared: Shared[_Public] | None = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        """The view's JSON. Its lists and dicts beyond the seat's own (seat, legal, hand)
        are shared with the other seats' views of the same state: do not change them."""
        head, tail = (
            self._public_json() if self._shared is None else self._shared.get(self._public_json)
        )
        return {
            "game": "king-bolola",
            "seat": self.seat,
            **head,
            "legal": list(self.legal),
            "hand": None if self.hand is None else [CARD_TEXT[c.index] for c in self.hand],
            **tail,
        }

    def _public_json(self) -> _Public:
        """The shared part, in two pieces around the seat's own keys (their order kept)."""
        head = {
            "deal": self.deal_no,
            "declarer": self.declarer,
            "phase": self.phase,
            "to_move": list(self.to_move),
        }
        return head, {
            "hand_counts": list(self.hand_counts),
            "contract": None if self.contract is None else IDS[self.contract],
            "trump": None if self.trump is None else _TRUMP_TEXT[self.trump],
            "trick": None if self.trick is None else self.trick.to_json(),
            "tricks": _tricks_json(self.tricks),
            "points": list(self.points),
            "tricks_won": list(self.tricks_won),
            "totals": list(self.totals),
            "offered": [IDS[c] for c in self.offered],
            "quota_left": {IDS[c]: QUOTAS[c] - self.used[c] for c in range(len(IDS))},
            "history": [h.to_json() for h in self.history],
            # The last finished deal's why, for its summary (the history keeps points only).
            "last_why": self.history[-1].why_json() if self.history else None,
            "options": {"king-under-ace": self.king_under_ace},
        }


# One state's public fields and their JSON, for the four seats' views in a row.
_SHARED: Last[tuple[dict[str, Any], Shared[_Public]]] = Last()


def make_view(
    match: Match,
    seat: int | None,
    to_move: tuple[int, ...],
    legal: tuple[str, ...],
    offered: tuple[Contract, ...],
) -> KingBololaView:
    fields, shared = _SHARED.get(match, lambda: (_public_fields(match, to_move, offered), Shared()))
    deal = match.deal
    hands = (0, 0, 0, 0) if match.deal_no >= 24 else match.dealt if deal is None else deal.hands
    return KingBololaView(
        seat=seat,
        legal=legal,
        hand=None if seat is None else cards_of(hands[seat]),
        _shared=shared,
        **fields,
    )


def _public_fields(
    match: Match, to_move: tuple[int, ...], offered: tuple[Contract, ...]
) -> dict[str, Any]:
    deal = match.deal
    over = match.deal_no >= 24
    hands = (0, 0, 0, 0) if over else match.dealt if deal is None else deal.hands
    return {
        "deal_no": match.deal_no + 1,
        "declarer": None if over else match.declarer,
        "phase": "over" if over else "declare" if deal is None else "play",
        "to_move": to_move,
        "hand_counts": tuple(h.bit_count() for h in hands),
        "contract": None if deal is None else deal.contract,
        "trump": None if deal is None or deal.trump < 0 else Suit(deal.trump),
        "trick": None
        if deal is None or deal.done
        else TrickView(deal.leader, tuple(CARDS[c] for c in deal.trick), None, 0),
        "tricks": () if deal is None else _finished(deal),
        "points": (0, 0, 0, 0) if deal is None else deal.points,
        "tricks_won": (0, 0, 0, 0) if deal is None else deal.tricks_won,
        "totals": match.totals,
        "offered": offered,
        "used": match.used,
        # A view never carries dealt hands: an early-ended deal leaves cards unplayed.
        "history": tuple([h.public for h in match.history]),
        "king_under_ace": match.options.king_under_ace,
    }
