"""Baloot referee records (docs/records.md, "Referee records (Baloot)"), read strictly:
malformed input raises :class:`RecordError`, an illegal action :class:`IllegalAction`.

A **deal record** gives the dealer, the 32 cards in deal order (BA-10) and every action
in order (each by whoever is to act); ``totals`` (the teams' match points before the
deal, for BA-12) and ``options`` are optional::

    {"game": "baloot", "dealer": 3, "deck": ["7S", "…32 cards"],
     "actions": ["pass", "hokum", "pass", "pass", "pass", "hokum", "double", "pass", "QS"],
     "totals": [0, 0], "options": {"strict-trumping": false, "hokum-kaboot-25": false}}

A **match record** is ``{"game", "options", "players": [4 names], "deals": [{"dealer",
"deck", "actions"}, …]}``, every deal dealt in order (passed-out ones too); only its last
may be unfinished.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bolola.engine import Dealt, IllegalAction, RecordError
from bolola.games.baloot.actions import parse_action
from bolola.games.baloot.deal import Deal, step, team_abnat
from bolola.games.baloot.deck import IN_DECK, parse_card, texts
from bolola.games.baloot.match import Match, dealer_of
from bolola.games.baloot.options import BalootOptions
from bolola.games.baloot.scoring import match_winner

GAME = "baloot"


def _deal_json(deal: Deal) -> dict[str, Any]:
    return {"dealer": deal.dealer, "deck": texts(deal.deck), "actions": list(deal.actions)}


def match_record(match: Match, players: Sequence[str] | None = None) -> dict[str, Any]:
    """The match so far: every finished deal, and the one on if it has begun."""
    deals = [_deal_json(d) for d in match.finished]
    if not match.over and match.deal.actions:
        deals.append(_deal_json(match.deal))
    return {
        "game": GAME,
        "options": match.options.to_json(),
        "players": list(players) if players is not None else [f"seat{s}" for s in range(4)],
        "deals": deals,
    }


def scored_deal_record(match: Match, n: int) -> dict[str, Any]:
    """The ``n``-th scored deal (1-based) on its own, with the totals before it."""
    totals = [0, 0]
    k = 0
    for d in match.finished:
        if d.score is None:
            continue
        k += 1
        if k == n:
            return {
                "game": GAME,
                **_deal_json(d),
                "totals": totals,
                "options": match.options.to_json(),
            }
        totals = [totals[0] + d.score.points[0], totals[1] + d.score.points[1]]
    raise RecordError(f"no scored deal {n} (there are {k})")


def _check_game(raw: Any) -> Mapping[str, Any]:
    if not isinstance(raw, dict):
        raise RecordError("a record is a JSON object")
    if raw.get("game") != GAME:
        raise RecordError(f"record.game must be {GAME!r}, not {raw.get('game')!r}")
    return raw


def _options(raw: Mapping[str, Any], where: str) -> BalootOptions:
    try:
        return BalootOptions.from_json(raw.get("options"))
    except RecordError as e:
        raise RecordError(f"{where}: {e}") from None


def _seat(raw: Any, what: str, where: str) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool) or not 0 <= raw <= 3:
        raise RecordError(f"{where}: {what} must be a seat 0..3, not {raw!r}")
    return raw


def replay_deal(raw: Any, where: str, options: BalootOptions, totals: tuple[int, int]) -> Deal:
    """The deal of a record after every action."""
    if not isinstance(raw, dict):
        raise RecordError(f"{where}: a deal is a JSON object")
    for key in ("dealer", "deck", "actions"):
        if key not in raw:
            raise RecordError(f"{where}: missing {key!r}")
    dealer = _seat(raw["dealer"], "dealer", where)
    deck_raw = raw["deck"]
    if not isinstance(deck_raw, list) or len(deck_raw) != 32:
        size = len(deck_raw) if isinstance(deck_raw, list) else "no list"
        raise RecordError(f"{where}: deck must list the 32 cards in deal order (has {size})")
    deck = []
    for text in deck_raw:
        if not isinstance(text, str):
            raise RecordError(f"{where}: a card is a string like 'QS', not {text!r}")
        try:
            card = parse_card(text)
        except RecordError as e:
            raise RecordError(f"{where}: deck: {e}") from None
        if card in deck:
            raise RecordError(f"{where}: {card} is dealt twice")
        deck.append(card)
    assert set(deck) == IN_DECK
    actions = raw["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError(f"{where}: actions must be a list of texts like 'pass' or 'QS'")
    deal = Deal.new(dealer, tuple(deck))
    for k, text in enumerate(actions):
        here = f"{where}: actions[{k}] {text}"
        try:
            action = parse_action(text)
        except RecordError as e:
            raise RecordError(f"{here}: {e}") from None
        seat = deal.to_move
        if seat is None:
            raise IllegalAction("BA-26", f"{here}: the deal is over")
        try:
            deal, _ = step(deal, seat, action, options, totals)
        except IllegalAction as e:
            raise IllegalAction(e.rule, f"{here}: {e.message}") from None
    return deal


def _totals(raw: Mapping[str, Any]) -> tuple[int, int]:
    t = raw.get("totals", [0, 0])
    if (
        not isinstance(t, list)
        or len(t) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in t)
    ):
        raise RecordError("record: totals must be the two teams' match points, like [0, 0]")
    return t[0], t[1]


def _replay_match(raw: Mapping[str, Any]) -> tuple[list[Deal], tuple[int, int], int | None]:
    players = raw.get("players")
    if players is not None and (
        not isinstance(players, list)
        or len(players) != 4
        or not all(isinstance(p, str) for p in players)
    ):
        raise RecordError("record.players must be a list of 4 names")
    options = _options(raw, "record")
    deals_raw = raw["deals"]
    if not isinstance(deals_raw, list):
        raise RecordError("record.deals must be a list of deals")
    totals = (0, 0)
    winner: int | None = None
    deals: list[Deal] = []
    for n, deal_raw in enumerate(deals_raw, start=1):
        where = f"deal {n}"
        if deals and deals[-1].phase != "over":
            raise RecordError(f"deal {n - 1} is unfinished but deal {n} follows it")
        if winner is not None:
            raise IllegalAction("BA-26", f"{where}: the match was over after deal {n - 1}")
        if isinstance(deal_raw, dict) and deal_raw.get("dealer") != dealer_of(n):
            raise IllegalAction(
                "BA-1", f"{where}: seat {dealer_of(n)} deals (the deal passes clockwise)"
            )
        deal = replay_deal(deal_raw, where, options, totals)
        deals.append(deal)
        if deal.score is not None:
            p = deal.score.points
            totals = (totals[0] + p[0], totals[1] + p[1])
            winner = match_winner(totals, deal.score)
    return deals, totals, winner


def _deal_legal(deal: Deal, options: BalootOptions) -> dict[str, Any]:
    seat = deal.to_move
    if seat is None:
        return {"to_move": None, "legal": []}
    return {"to_move": seat, "legal": [str(a) for a in deal.legal(seat, options)]}


def legal(raw: Any) -> dict[str, Any]:
    """The referee's legal-actions answer for one record."""
    rec = _check_game(raw)
    options = _options(rec, "record")
    if "deals" in rec:
        deals, _, winner = _replay_match(rec)
        n = len(deals)
        if deals and deals[-1].phase != "over":
            return {"deal": n, **_deal_legal(deals[-1], options)}
        if winner is not None:
            return {"deal": n, "to_move": None, "legal": []}
        # The next deal's cards are not in the record.
        return {"deal": n + 1, "to_move": (dealer_of(n + 1) + 1) % 4, "legal": None}
    return _deal_legal(replay_deal(rec, "record", options, _totals(rec)), options)


def score(raw: Any) -> dict[str, Any]:
    """The referee's score answer for one record."""
    rec = _check_game(raw)
    options = _options(rec, "record")
    if "deals" in rec:
        deals, totals, winner = _replay_match(rec)
        return {
            "totals": [totals[s % 2] for s in range(4)],
            "team_totals": list(totals),
            "deals": len(deals),
            "scored_deals": sum(1 for d in deals if d.score is not None),
            "complete": winner is not None,
            "winner": winner,
        }
    deal = replay_deal(rec, "record", options, _totals(rec))
    if deal.score is not None:
        return {"complete": True, "passed_out": False, **deal.score.to_json()}
    c = deal.contract
    return {
        "complete": deal.passed_out,
        "passed_out": deal.passed_out,
        "contract": None if c is None else str(c),
        "buyer": None if c is None else c.buyer,
        "abnat": list(team_abnat(deal)),
        "tricks_played": len(deal.tricks),
        "points": [0, 0],
    }


def record_dealt(raw: Any) -> tuple[Dealt, ...]:
    """Each deal's deck in deal order, as a match record gives it (docs/fairness.md)."""
    deals = raw.get("deals") if isinstance(raw, Mapping) else None
    if not isinstance(deals, list):
        raise RecordError("record: deals must be a list of deals")
    out = []
    for n, d in enumerate(deals, start=1):
        deck = d.get("deck") if isinstance(d, Mapping) else None
        if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
            raise RecordError(f"deal {n}: deck must list the cards in deal order")
        out.append(Dealt((tuple(c.upper() for c in deck),)))
    return tuple(out)
