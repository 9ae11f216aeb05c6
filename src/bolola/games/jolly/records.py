"""Jolly referee records (docs/records.md, "Referee records (Jolly)"), read strictly:
malformed input raises :class:`RecordError`, an illegal action :class:`IllegalAction`.

A **round record** gives the dealer, the 110 card ids in deal order (JO-2), every
rebuilt stock in the order it was made (JO-12; none if the stock never ran out) and
every action in order, each by whoever is to act; ``options`` (``players``, 4 if left
out) are optional::

    {"game": "jolly", "options": {"players": 3, "target": 100}, "dealer": 2,
     "deck": ["QH2", "…110 ids"], "rebuilds": [["7S1", "…"]],
     "actions": ["draw", "discard:QS", "draw", "open:7H,8H,9H|QS,QD,JK=QC", "…"]}

A **match record** is ``{"game", "options", "players": [names], "rounds": [{"dealer",
"deck", "rebuilds", "actions"}, …]}``, every round in order; only its last may be
unfinished, and none may follow the round that ended the match.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bolola.engine import Dealt, IllegalAction, RecordError
from bolola.games.jolly.actions import parse_action
from bolola.games.jolly.deck import SIZE, parse_id, texts
from bolola.games.jolly.match import Match, dealer_of, winner_of
from bolola.games.jolly.options import JollyOptions
from bolola.games.jolly.round import Round, deal, step
from bolola.games.jolly.round import legal as round_legal
from bolola.games.jolly.scoring import table_cards

GAME = "jolly"


def _round_json(r: Round) -> dict[str, Any]:
    return {
        "dealer": r.dealer,
        "deck": texts(r.deck),
        "rebuilds": [texts(s) for s in r.rebuilds],
        "actions": list(r.actions),
    }


def match_record(match: Match, players: Sequence[str] | None = None) -> dict[str, Any]:
    """The match so far: every finished round, and the one on if it has begun."""
    n = match.options.players
    names = list(players or ())[:n]
    names += [f"seat{s}" for s in range(len(names), n)]
    rounds = [_round_json(r) for r in match.finished]
    if not match.over and not match.waiting and match.round.actions:
        rounds.append(_round_json(match.round))
    return {"game": GAME, "options": match.options.to_json(), "players": names, "rounds": rounds}


def round_record(match: Match, k: int) -> dict[str, Any]:
    """The ``k``-th finished round (1-based) on its own."""
    if not 1 <= k <= len(match.finished):
        raise RecordError(f"no finished round {k} (there are {len(match.finished)})")
    return {"game": GAME, "options": match.options.to_json(), **_round_json(match.finished[k - 1])}


def _check_game(raw: Any) -> Mapping[str, Any]:
    if not isinstance(raw, dict):
        raise RecordError("a record is a JSON object")
    if raw.get("game") != GAME:
        raise RecordError(f"record.game must be {GAME!r}, not {raw.get('game')!r}")
    return raw


def _options(raw: Mapping[str, Any]) -> JollyOptions:
    try:
        return JollyOptions.from_json(raw.get("options"))
    except RecordError as e:
        raise RecordError(f"record: {e}") from None


def _cards(raw: Any, where: str, what: str) -> tuple[int, ...]:
    if not isinstance(raw, list):
        raise RecordError(f"{where}: {what} must be a list of card ids like '7H1'")
    out = []
    for t in raw:
        try:
            out.append(parse_id(t))
        except RecordError as e:
            raise RecordError(f"{where}: {what}: {e}") from None
    return tuple(out)


def replay_round(raw: Any, where: str, players: int) -> Round:
    """The round of a record after every action."""
    if not isinstance(raw, dict):
        raise RecordError(f"{where}: a round is a JSON object")
    for key in ("dealer", "deck", "actions"):
        if key not in raw:
            raise RecordError(f"{where}: missing {key!r}")
    dealer = raw["dealer"]
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        raise RecordError(f"{where}: dealer must be a seat 0..{players - 1}, not {dealer!r}")
    deck = _cards(raw["deck"], where, "deck")
    if len(deck) != SIZE:
        raise RecordError(f"{where}: deck must list the {SIZE} cards in deal order ({len(deck)})")
    if len(set(deck)) != SIZE:
        twice = next(t for t, c in zip(raw["deck"], deck, strict=True) if deck.count(c) > 1)
        raise RecordError(f"{where}: {twice} is dealt twice")
    rebuilds_raw = raw.get("rebuilds", [])
    if not isinstance(rebuilds_raw, list):
        raise RecordError(f"{where}: rebuilds must be a list of stocks")
    stocks = [_cards(s, where, f"rebuilds[{k}]") for k, s in enumerate(rebuilds_raw)]
    actions = raw["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError(f"{where}: actions must be a list of texts like 'draw' or 'discard:QS'")

    def rebuild(cards: tuple[int, ...], k: int) -> tuple[int, ...]:
        if k > len(stocks):
            raise RecordError(f"{where}: the stock ran out; rebuilds[{k - 1}] is missing")
        stock = stocks[k - 1]
        if sorted(stock) != sorted(cards):
            raise RecordError(
                f"{where}: rebuilds[{k - 1}] must be the pile but its last 3 cards (JO-12): "
                + " ".join(texts(sorted(cards)))
            )
        return stock

    r = deal(players, dealer, deck)
    for k, text in enumerate(actions):
        here = f"{where}: actions[{k}] {text}"
        try:
            action = parse_action(text)
        except RecordError as e:
            raise RecordError(f"{here}: {e}") from None
        seat = r.to_move
        if seat is None:
            raise IllegalAction("JO-13", f"{here}: the round is over")
        try:
            r, _ = step(r, seat, action, rebuild)
        except IllegalAction as e:
            raise IllegalAction(e.rule, f"{here}: {e.message}") from None
    if len(r.rebuilds) < len(stocks):
        raise RecordError(f"{where}: {len(stocks)} rebuilds listed, {len(r.rebuilds)} made")
    return r


def _replay_match(raw: Mapping[str, Any]) -> tuple[list[Round], tuple[int, ...], int | None]:
    options = _options(raw)
    n = options.players
    players = raw.get("players")
    if players is not None and (
        not isinstance(players, list)
        or len(players) != n
        or not all(isinstance(p, str) for p in players)
    ):
        raise RecordError(f"record.players must be a list of {n} names")
    rounds_raw = raw["rounds"]
    if not isinstance(rounds_raw, list):
        raise RecordError("record.rounds must be a list of rounds")
    totals = (0,) * n
    winner: int | None = None
    rounds: list[Round] = []
    for k, round_raw in enumerate(rounds_raw, start=1):
        where = f"round {k}"
        if rounds and not rounds[-1].over:
            raise RecordError(f"round {k - 1} is unfinished but round {k} follows it")
        if winner is not None:
            raise IllegalAction("JO-20", f"{where}: the match was over after round {k - 1}")
        if isinstance(round_raw, dict) and round_raw.get("dealer") != dealer_of(k, n):
            raise IllegalAction(
                "JO-2", f"{where}: seat {dealer_of(k, n)} deals (the deal passes clockwise)"
            )
        r = replay_round(round_raw, where, n)
        rounds.append(r)
        if r.score is not None:
            totals = tuple(t + p for t, p in zip(totals, r.score.points, strict=True))
            winner = winner_of(totals, options.target)
    return rounds, totals, winner


def _round_legal(r: Round) -> dict[str, Any]:
    seat = r.to_move
    if seat is None:
        return {"to_move": None, "legal": []}
    return {"to_move": seat, "phase": r.phase, "legal": [str(a) for a in round_legal(r, seat)]}


def legal(raw: Any) -> dict[str, Any]:
    """The referee's legal-actions answer for one record."""
    rec = _check_game(raw)
    if "rounds" in rec:
        rounds, _, winner = _replay_match(rec)
        k = len(rounds)
        if rounds and not rounds[-1].over:
            return {"round": k, **_round_legal(rounds[-1])}
        if winner is not None:
            return {"round": k, "to_move": None, "legal": []}
        # The next round's cards are not in the record.
        n = _options(rec).players
        return {"round": k + 1, "to_move": (dealer_of(k + 1, n) + 1) % n, "legal": None}
    return _round_legal(replay_round(rec, "record", _options(rec).players))


def score(raw: Any) -> dict[str, Any]:
    """The referee's score answer for one record."""
    rec = _check_game(raw)
    if "rounds" in rec:
        rounds, totals, winner = _replay_match(rec)
        return {
            "totals": list(totals),
            "rounds": len(rounds),
            "scored_rounds": sum(1 for r in rounds if r.over),
            "complete": winner is not None,
            "winner": winner,
        }
    r = replay_round(rec, "record", _options(rec).players)
    if r.score is not None:
        return {"complete": True, **r.score.to_json()}
    return {
        "complete": False,
        "table": [sum(p for _, p in table_cards(r.table, s)) for s in range(r.players)],
        "points": [0] * r.players,
    }


def record_dealt(raw: Any) -> tuple[Dealt, ...]:
    """Each round's deck and rebuilt stocks, as a match record gives them (docs/fairness.md)."""
    rounds = raw.get("rounds") if isinstance(raw, Mapping) else None
    if not isinstance(rounds, list):
        raise RecordError("record: rounds must be a list of rounds")
    out = []
    for n, r in enumerate(rounds, start=1):
        if not isinstance(r, Mapping):
            raise RecordError(f"round {n}: a round is an object")
        deck, rebuilds = r.get("deck"), r.get("rebuilds") or []
        if not isinstance(deck, list) or not _is_texts(deck) or not isinstance(rebuilds, list):
            raise RecordError(f"round {n}: deck and rebuilds must list card ids")
        if not all(_is_texts(s) for s in rebuilds):
            raise RecordError(f"round {n}: each rebuilt stock must list card ids")
        out.append(Dealt((_upper(deck),), tuple(_upper(s) for s in rebuilds)))
    return tuple(out)


def _is_texts(raw: Any) -> bool:
    return isinstance(raw, list) and all(isinstance(c, str) for c in raw)


def _upper(cards: Sequence[str]) -> tuple[str, ...]:
    return tuple(c.upper() for c in cards)
