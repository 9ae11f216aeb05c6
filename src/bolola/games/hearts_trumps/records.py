"""Hearts Are Trumps referee records (`docs/records.md`), read strictly:
malformed input raises :class:`RecordError`, an illegal placement :class:`IllegalAction`.

A **deal record** gives each seat's 27 cards in dealing order (rounds of 6, 6, 6, 6 and
3, HT-4) and each seat's placements in order (one per hand, at most 9)::

    {"game": "hearts-trumps",
     "hands": [["AH", "JK", "…27 cards"], ["…27 cards"]],
     "placements": [[{"loot": "2S", "attacker": "JK", "defender": "KH"}, …], [...]]}

A **match record** is ``{"game", "options": {"target": 500}, "players": [2 names],
"deals": [deal records]}``; only its last deal may be unfinished. See docs/records.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bolola.cards import Card, CardError
from bolola.engine import Dealt as FairDealt
from bolola.engine import IllegalAction, RecordError
from bolola.games.hearts_trumps.battle import winners
from bolola.games.hearts_trumps.deal import (
    HANDS_PER_DEAL,
    ROUND_SIZES,
    DealSummary,
    HandPlayed,
    is_round_start,
    loot_points,
    round_of,
    rounds_dealt,
    score_deal,
)
from bolola.games.hearts_trumps.deck import cards_text
from bolola.games.hearts_trumps.match import Match, match_winner, take
from bolola.games.hearts_trumps.options import HeartsTrumpsOptions
from bolola.games.hearts_trumps.placement import Placement, placement_of, placements

GAME = "hearts-trumps"
CARDS_PER_SEAT = sum(ROUND_SIZES)  # 27
_ROUND_STARTS = tuple(sum(ROUND_SIZES[:r]) for r in range(len(ROUND_SIZES)))


def _field(raw: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in raw:
        raise RecordError(f"{where}: missing {key!r}")
    return raw[key]


def _hands(raw: Any, where: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Both seats' 27 cards as deck ints: the first JK dealt is 52, the second 53."""
    if not isinstance(raw, list) or len(raw) != 2:
        raise RecordError(f"{where}: hands must be a list of 2 hands, one per seat")
    seen: set[int] = set()
    out: list[list[int]] = [[], []]
    for seat, hand in enumerate(raw):
        if not isinstance(hand, list) or len(hand) != CARDS_PER_SEAT:
            size = len(hand) if isinstance(hand, list) else "no list"
            raise RecordError(
                f"{where}: hand {seat} must hold the {CARDS_PER_SEAT} cards dealt to seat "
                f"{seat}, rounds of 6, 6, 6, 6 and 3 (has {size})"
            )
        for text in hand:
            if not isinstance(text, str):
                raise RecordError(
                    f"{where}: hand {seat}: a card is a string like 'QS', not {text!r}"
                )
            try:
                card = Card.parse(text)
            except CardError as e:
                raise RecordError(f"{where}: hand {seat}: {e}") from None
            c = card.index
            if card.is_joker:
                c = 53 if 52 in seen else 52
                if c in seen:
                    raise RecordError(f"{where}: more than two jokers are dealt (HT-1)")
            elif c in seen:
                raise RecordError(f"{where}: {card} is dealt twice")
            seen.add(c)
            out[seat].append(c)
    return tuple(out[0]), tuple(out[1])


def _placements(raw: Any, where: str) -> tuple[list[Any], list[Any]]:
    if not isinstance(raw, list) or len(raw) != 2 or not all(isinstance(p, list) for p in raw):
        raise RecordError(f"{where}: placements must be a list of 2 lists, one per seat")
    n0, n1 = len(raw[0]), len(raw[1])
    if max(n0, n1) > HANDS_PER_DEAL:
        seat = 0 if n0 > HANDS_PER_DEAL else 1
        raise IllegalAction(
            "HT-5", f"{where}: seat {seat} has {max(n0, n1)} placements; a deal is 9 hands"
        )
    if abs(n0 - n1) > 1:
        ahead = 0 if n0 > n1 else 1
        raise IllegalAction(
            "HT-6",
            f"{where}: seat {ahead} has {max(n0, n1)} placements but seat {1 - ahead} only "
            f"{min(n0, n1)}: a seat places again only once both have placed",
        )
    return raw[0], raw[1]


def _options(raw: Mapping[str, Any], where: str) -> HeartsTrumpsOptions:
    try:
        return HeartsTrumpsOptions.from_json(raw.get("options"))
    except RecordError as e:
        raise RecordError(f"{where}: {e}") from None


@dataclass(frozen=True, slots=True)
class DealReplay:
    """A deal record replayed: the resolved hands, and where the next hand stands."""

    played: tuple[HandPlayed, ...]
    hands: tuple[tuple[int, ...], tuple[int, ...]]  # cards each seat has not placed
    pending: tuple[Placement | None, Placement | None]
    summary: DealSummary | None  # once all 9 hands are resolved

    @property
    def hand_no(self) -> int:
        return len(self.played) + 1

    @property
    def to_move(self) -> tuple[int, ...]:
        if self.summary is not None:
            return ()
        return tuple(s for s in (0, 1) if self.pending[s] is None)


def replay_deal(raw: Mapping[str, Any], where: str, deal_no: int = 1) -> DealReplay:
    """The deal of a deal record after every placement."""
    if not isinstance(raw, dict):
        raise RecordError(f"{where}: a deal is a JSON object")
    dealt = _hands(_field(raw, "hands", where), where)
    given = _placements(_field(raw, "placements", where), where)
    hands: list[tuple[int, ...]] = [(), ()]
    played: list[HandPlayed] = []
    pending: list[Placement | None] = [None, None]
    for k in range(max(len(given[0]), len(given[1]))):
        hand_no = k + 1
        if is_round_start(hand_no):
            r = round_of(hand_no) - 1
            at, n = _ROUND_STARTS[r], ROUND_SIZES[r]
            hands = [tuple(sorted(dealt[s][at : at + n])) for s in (0, 1)]
        for seat in (0, 1):
            if k >= len(given[seat]):
                continue
            here = f"{where}: placements[{seat}][{k}] (hand {hand_no})"
            place = placement_of(given[seat][k], here)
            try:
                hands[seat], pending[seat] = take(hands[seat], place, seat, hand_no)
            except IllegalAction as e:
                raise IllegalAction(e.rule, f"{here}: {e.message}") from None
        p0, p1 = pending
        if p0 is not None and p1 is not None:
            played.append(HandPlayed(deal_no, hand_no, (p0, p1), winners(p0, p1)))
            pending = [None, None]
    summary = None
    if len(played) == HANDS_PER_DEAL:
        summary = score_deal(deal_no, tuple(played))
    elif pending == [None, None]:
        # The next hand may start a round: its cards are dealt before anyone places.
        hand_no = len(played) + 1
        if is_round_start(hand_no):
            r = round_of(hand_no) - 1
            at, n = _ROUND_STARTS[r], ROUND_SIZES[r]
            hands = [tuple(sorted(dealt[s][at : at + n])) for s in (0, 1)]
    return DealReplay(tuple(played), (hands[0], hands[1]), (pending[0], pending[1]), summary)


def _check_game(raw: Any) -> Mapping[str, Any]:
    if not isinstance(raw, dict):
        raise RecordError("a record is a JSON object")
    if raw.get("game") != GAME:
        raise RecordError(f"record.game must be {GAME!r}, not {raw.get('game')!r}")
    return raw


def _is_match(raw: Mapping[str, Any]) -> bool:
    return "deals" in raw


@dataclass(frozen=True, slots=True)
class MatchReplay:
    totals: tuple[int, int]
    finished: tuple[DealSummary, ...]
    current: DealReplay | None  # the last deal, if unfinished
    winner: int | None
    options: HeartsTrumpsOptions


def replay_match(raw: Mapping[str, Any]) -> MatchReplay:
    players = raw.get("players")
    if players is not None and (
        not isinstance(players, list)
        or len(players) != 2
        or not all(isinstance(p, str) for p in players)
    ):
        raise RecordError("record.players must be a list of 2 names")
    options = _options(raw, "record")
    deals = raw["deals"]
    if not isinstance(deals, list):
        raise RecordError("record.deals must be a list of deals")
    totals = (0, 0)
    finished: list[DealSummary] = []
    current: DealReplay | None = None
    winner: int | None = None
    for n, deal_raw in enumerate(deals, start=1):
        where = f"deal {n}"
        if current is not None:
            raise RecordError(f"deal {n - 1} is unfinished but deal {n} follows it")
        if winner is not None:
            raise IllegalAction(
                "HT-16",
                f"{where}: the match was over after deal {n - 1} at {totals[0]} to {totals[1]} "
                f"(target {options.target})",
            )
        deal = replay_deal(deal_raw, where, n)
        if deal.summary is None:
            current = deal
            continue
        finished.append(deal.summary)
        p = deal.summary.points
        totals = (totals[0] + p[0], totals[1] + p[1])
        winner = match_winner(totals, options.target)
    return MatchReplay(totals, tuple(finished), current, winner, options)


def _deal_legal(deal: DealReplay, deal_no: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {} if deal_no is None else {"deal": deal_no}
    if deal.summary is not None:
        return {**out, "to_move": [], "hand_no": None, "legal": [[], []]}
    return {
        **out,
        "to_move": list(deal.to_move),
        "hand_no": deal.hand_no,
        "legal": [
            [str(p) for p in placements(deal.hands[s])] if deal.pending[s] is None else []
            for s in (0, 1)
        ],
    }


def legal(raw: Any) -> dict[str, Any]:
    """The referee's legal-moves answer for one record."""
    rec = _check_game(raw)
    if _is_match(rec):
        rep = replay_match(rec)
        n = len(rep.finished)
        if rep.current is not None:
            return _deal_legal(rep.current, n + 1)
        if rep.winner is not None:
            return {"deal": n, "to_move": [], "hand_no": None, "legal": [[], []]}
        # The next deal's cards are not in the record, so its placements are unknown.
        return {"deal": n + 1, "to_move": [0, 1], "hand_no": 1, "legal": None}
    _options(rec, "record")
    return _deal_legal(replay_deal(rec, "record"))


def score(raw: Any) -> dict[str, Any]:
    """The referee's score answer for one record."""
    rec = _check_game(raw)
    if _is_match(rec):
        rep = replay_match(rec)
        return {
            "totals": list(rep.totals),
            "deals": len(rep.finished) + (rep.current is not None),
            "complete": rep.winner is not None,
            "winner": rep.winner,
        }
    _options(rec, "record")
    deal = replay_deal(rec, "record")
    if deal.summary is not None:
        s = deal.summary.score
        return {
            "points": list(s.points),
            "loot_points": list(s.loot_points),
            "loot_counts": list(s.loot_counts),
            "bonus": list(s.bonus),
            "loot": [cards_text(s.loot[0]), cards_text(s.loot[1])],
            "hands_played": HANDS_PER_DEAL,
            "complete": True,
        }
    # An unfinished deal: the loot so far; HT-14's bonus waits for the deal's end.
    taken: list[list[int]] = [[], []]
    for hand in deal.played:
        for card, seat in hand.loot_taken():
            taken[seat].append(card)
    lp = [loot_points(taken[0]), loot_points(taken[1])]
    return {
        "points": lp,
        "loot_points": lp,
        "loot_counts": [len(taken[0]), len(taken[1])],
        "bonus": [0, 0],
        "loot": [cards_text(sorted(taken[0])), cards_text(sorted(taken[1]))],
        "hands_played": len(deal.played),
        "complete": False,
    }


def deal_record(summary: DealSummary) -> dict[str, Any]:
    """A finished deal in the record form (without ``game``, as a match record holds it)."""
    return {
        "hands": [cards_text(h) for h in summary.dealt],
        "placements": [[_placement_json(p) for p in seat] for seat in summary.placements],
    }


def _placement_json(p: Placement) -> dict[str, str]:
    loot, attacker, defender = cards_text(list(p))
    return {"loot": loot, "attacker": attacker, "defender": defender}


def match_record(match: Match, players: Sequence[str] | None = None) -> dict[str, Any]:
    """The referee's match record of a match played so far (finished deals only)."""
    return {
        "game": GAME,
        "options": match.options.to_json(),
        "players": list(players) if players is not None else ["seat0", "seat1"],
        "deals": [deal_record(d) for d in match.history],
    }


def record_dealt(raw: Any) -> tuple[FairDealt, ...]:
    """Each deal's cards by seat and round, as a match record gives them (docs/fairness.md)."""
    deals = raw.get("deals") if isinstance(raw, Mapping) else None
    if not isinstance(deals, list):
        raise RecordError("record: deals must be a list of deals")
    out = []
    for n, d in enumerate(deals, start=1):
        hands = d.get("hands") if isinstance(d, Mapping) else None
        if not isinstance(hands, list) or not all(
            isinstance(h, list) and all(isinstance(c, str) for c in h) for h in hands
        ):
            raise RecordError(f"deal {n}: hands must list each seat's cards")
        out.append(rounds_dealt([[c.upper() for c in h] for h in hands]))
    return tuple(out)
