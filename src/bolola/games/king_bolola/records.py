"""King Bolola's referee records: deal and match records as `docs/records.md` describes
them, read strictly (malformed input raises :class:`RecordError`, an
illegal card or contract raises :class:`IllegalAction`), and written from a finished match.

>>> answer = legal({"game": "king-bolola", "contract": "queens", "trump": None,
...                 "declarer": 0, "hands": SAMPLE_HANDS, "play": []})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bolola.cards import CARDS, FULL_DECK, Card, CardError, Suit, cards_of
from bolola.engine import Dealt, IllegalAction, RecordError
from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.deal import END_RULES, Deal, Hands, new_deal, play, why_illegal
from bolola.games.king_bolola.match import (
    DEALS,
    Match,
    close_deal,
    declare_actions,
    offered,
    skip_deal,
)
from bolola.games.king_bolola.options import KingBololaOptions
from bolola.games.king_bolola.view import DealSummary

GAME = "king-bolola"


def _field(raw: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in raw:
        raise RecordError(f"{where}: missing {key!r}")
    return raw[key]


def _card(text: Any, where: str) -> Card:
    if not isinstance(text, str):
        raise RecordError(f"{where}: a card is a string like 'QS', not {text!r}")
    try:
        card = Card.parse(text)
    except CardError as e:
        raise RecordError(f"{where}: {e}") from None
    if card.is_joker:
        raise RecordError(f"{where}: King Bolola has no jokers")
    return card


def _seat(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
        raise RecordError(f"{where}: a seat is 0, 1, 2 or 3, not {value!r}")
    return value


def _contract(raw: Mapping[str, Any], where: str) -> tuple[Contract, int | None]:
    text = _field(raw, "contract", where)
    if not isinstance(text, str):
        raise RecordError(f"{where}: contract must be a contract id string")
    contract = Contract.parse(text)
    trump = raw.get("trump")
    if contract is Contract.TRUMPS:
        if not isinstance(trump, str):
            raise RecordError(f"{where}: trumps needs a trump suit letter (S, H, D or C)")
        try:
            return contract, int(Suit.parse(trump))
        except CardError as e:
            raise RecordError(f"{where}: {e}") from None
    if trump is not None:
        raise RecordError(f"{where}: trump must be null for {contract}")
    return contract, None


def _hands(raw: Any, where: str) -> Hands:
    if not isinstance(raw, list) or len(raw) != 4:
        raise RecordError(f"{where}: hands must be a list of 4 hands")
    masks = [0, 0, 0, 0]
    seen = 0
    for seat, hand in enumerate(raw):
        if not isinstance(hand, list) or len(hand) != 13:
            size = len(hand) if isinstance(hand, list) else "no list"
            raise RecordError(f"{where}: hand {seat} must hold 13 cards (has {size})")
        for text in hand:
            card = _card(text, f"{where}: hand {seat}")
            if seen & card.bit:
                raise RecordError(f"{where}: {card} is dealt twice")
            seen |= card.bit
            masks[seat] |= card.bit
    return (masks[0], masks[1], masks[2], masks[3])


def _options(raw: Mapping[str, Any], where: str) -> KingBololaOptions:
    opts = raw.get("options")
    try:
        return KingBololaOptions.from_json(opts)
    except RecordError as e:
        raise RecordError(f"{where}: {e}") from None


def replay_deal(
    raw: Mapping[str, Any], where: str, *, declarer: int | None = None, kua: bool = False
) -> Deal:
    """The deal of a deal record after every card of its ``play``."""
    contract, trump = _contract(raw, where)
    seat = _seat(_field(raw, "declarer", where), where) if declarer is None else declarer
    hands = _hands(_field(raw, "hands", where), where)
    plays = raw.get("play", [])
    if not isinstance(plays, list):
        raise RecordError(f"{where}: play must be a list of cards")
    deal = new_deal(contract, trump, seat, hands, king_under_ace=kua)
    for i, text in enumerate(plays):
        card = _card(text, f"{where}: play[{i}]")
        if deal.done:
            raise IllegalAction(
                END_RULES[contract],
                f"{where}: play[{i}] {card}: the deal is over after {len(deal.tricks)} tricks",
            )
        to_move = (deal.leader + len(deal.trick)) & 3
        if not deal.hands[to_move] & card.bit:
            if not deal.dealt[to_move] & card.bit:
                raise RecordError(
                    f"{where}: play[{i}] {card} is not in the hand of seat {to_move} "
                    "(whose turn it is)"
                )
            raise RecordError(f"{where}: play[{i}] {card} was already played")
        try:
            deal, _ = play(deal, to_move, card.index)
        except IllegalAction as e:
            _, reason = why_illegal(deal, to_move, card.index)
            raise IllegalAction(e.rule, f"{where}: play[{i}] {card} is illegal: {reason}") from None
    return deal


def _check_game(raw: Any) -> Mapping[str, Any]:
    if not isinstance(raw, dict):
        raise RecordError("a record is a JSON object")
    if raw.get("game") != GAME:
        raise RecordError(f"record.game must be {GAME!r}, not {raw.get('game')!r}")
    return raw


@dataclass(frozen=True, slots=True)
class MatchReplay:
    """A match record replayed: where the match stands, and the deal in progress if any."""

    match: Match
    current: Deal | None  # the last deal, when its record has hands and it is unfinished
    scored: int  # deals whose hands and play were given and are finished


def replay_match(raw: Mapping[str, Any]) -> MatchReplay:
    players = raw.get("players")
    if players is not None and (
        not isinstance(players, list)
        or len(players) != 4
        or not all(isinstance(p, str) for p in players)
    ):
        raise RecordError("record.players must be a list of 4 names")
    deals = _field(raw, "deals", "record")
    if not isinstance(deals, list):
        raise RecordError("record.deals must be a list of deals")
    if len(deals) > DEALS:
        raise IllegalAction("KB-4", f"a match is {DEALS} deals, the record has {len(deals)}")
    options = _options(raw, "record")
    first = 0
    if deals:
        if not isinstance(deals[0], dict):
            raise RecordError("deal 1: a deal is a JSON object")
        first = _seat(_field(deals[0], "declarer", "deal 1"), "deal 1")
    from bolola.games.king_bolola.match import GAME as MATCH_GAME

    options = KingBololaOptions(options.king_under_ace, first)
    match = MATCH_GAME.new(options, 0)
    current: Deal | None = None
    scored = 0
    for n, deal_raw in enumerate(deals, start=1):
        where = f"deal {n}"
        if not isinstance(deal_raw, dict):
            raise RecordError(f"{where}: a deal is a JSON object")
        if current is not None:
            raise RecordError(f"deal {n - 1} is unfinished but deal {n} follows it")
        declarer = _seat(_field(deal_raw, "declarer", where), where)
        if declarer != match.declarer:
            raise IllegalAction(
                "KB-5", f"{where}: seat {match.declarer} declares, not seat {declarer}"
            )
        contract, trump = _contract(deal_raw, where)
        open_now = offered(match)
        if contract not in open_now:
            rule = "KB-7" if match.used[contract] >= contract.quota else "KB-8"
            raise IllegalAction(
                rule,
                f"{where}: {contract} is not open to seat {declarer} "
                f"(open: {', '.join(str(c) for c in open_now)})",
            )
        has_hands = "hands" in deal_raw
        if has_hands:
            deal = replay_deal(deal_raw, where, declarer=declarer, kua=options.king_under_ace)
        else:
            if "play" in deal_raw:
                raise RecordError(f"{where}: play given without hands")
            deal = None
        action = next(
            a
            for a in declare_actions(match)
            if a.contract is contract and (a.trump is None or int(a.trump) == trump)
        )
        match, _ = MATCH_GAME.apply(match, declarer, action)
        if deal is None:
            match = skip_deal(match)
        elif deal.done:
            match = close_deal(match, deal)
            scored += 1
        else:
            current = deal
    return MatchReplay(match, current, scored)


def _is_match(raw: Mapping[str, Any]) -> bool:
    return "deals" in raw


def legal(raw: Any) -> dict[str, Any]:
    """The referee's legal-moves answer for one record."""
    rec = _check_game(raw)
    if _is_match(rec):
        rep = replay_match(rec)
        if rep.current is not None:
            return _deal_legal(rep.current)
        if rep.match.deal_no >= DEALS:
            return {"to_move": None, "legal": []}
        return {"to_move": rep.match.declarer, "legal": [str(c) for c in offered(rep.match)]}
    return _deal_legal(replay_deal(rec, "record", kua=_options(rec, "record").king_under_ace))


def _deal_legal(deal: Deal) -> dict[str, Any]:
    if deal.done:
        return {"to_move": None, "legal": []}
    return {"to_move": deal.to_move, "legal": [str(c) for c in cards_of(deal.legal)]}


def score(raw: Any) -> dict[str, Any]:
    """The referee's score answer for one record."""
    rec = _check_game(raw)
    if _is_match(rec):
        rep = replay_match(rec)
        return {
            "totals": list(rep.match.totals),
            "deals": rep.match.deal_no + (rep.current is not None),
            "scored_deals": rep.scored,
            "complete": rep.match.deal_no >= DEALS,
        }
    deal = replay_deal(rec, "record", kua=_options(rec, "record").king_under_ace)
    return {"points": list(deal.points), "tricks_played": len(deal.tricks), "complete": deal.done}


def match_record(match: Match, players: Sequence[str] | None = None) -> dict[str, Any]:
    """The referee's match record of a match played so far (finished deals only)."""
    return {
        "game": GAME,
        "players": list(players) if players is not None else [f"seat{s}" for s in range(4)],
        "options": {"king-under-ace": match.options.king_under_ace},
        "deals": [_summary_deal(d) for d in match.history],
    }


def _summary_deal(d: DealSummary) -> dict[str, Any]:
    return {
        "declarer": d.declarer,
        "contract": str(d.contract),
        "trump": None if d.trump is None else d.trump.letter,
        "hands": [[str(c) for c in cards_of(h)] for h in d.dealt],
        "play": [str(c) for c in d.play],
    }


def summary_record(d: DealSummary, options: KingBololaOptions) -> dict[str, Any]:
    """The referee's deal record of a finished deal of a match."""
    return {"game": GAME, **_summary_deal(d), "options": {"king-under-ace": options.king_under_ace}}


def deal_record(deal: Deal) -> dict[str, Any]:
    """The referee's deal record of a deal as it stands."""
    return {
        "game": GAME,
        "contract": str(deal.contract),
        "trump": None if deal.trump < 0 else "SHDC"[deal.trump],
        "declarer": deal.declarer,
        "hands": [[str(c) for c in cards_of(h)] for h in deal.dealt],
        "play": [str(CARDS[c]) for _, cards in deal.tricks for c in cards]
        + [str(CARDS[c]) for c in deal.trick],
        "options": {"king-under-ace": deal.king_under_ace},
    }


SAMPLE_HANDS = [[str(c) for c in cards_of(FULL_DECK & (0x1FFF << (13 * s)))] for s in range(4)]


# -- fair deals (docs/fairness.md) ---------------------------------------------------------


def dealt_of_deck(deck: Sequence[str]) -> Dealt:
    """The four hands a deck in deal order gives (KB-4), each sorted."""
    return Dealt(tuple(_sorted_hand(deck[13 * s : 13 * s + 13], "deck") for s in range(4)))


def record_dealt(raw: Any) -> tuple[Dealt, ...]:
    """The hands each deal of a match record dealt (a deal without hands: none)."""
    deals = _field(raw, "deals", "record") if isinstance(raw, Mapping) else None
    if not isinstance(deals, list):
        raise RecordError("record: deals must be a list of deals")
    out = []
    for n, d in enumerate(deals, start=1):
        hands = d.get("hands") if isinstance(d, Mapping) else None
        if hands is None:
            out.append(Dealt(()))
            continue
        if (
            not isinstance(hands, list)
            or len(hands) != 4
            or not all(isinstance(h, list) for h in hands)
        ):
            raise RecordError(f"deal {n}: hands must be a list of 4 hands")
        out.append(Dealt(tuple(_sorted_hand(h, f"deal {n}") for h in hands)))
    return tuple(out)


def _sorted_hand(cards: Sequence[Any], where: str) -> tuple[str, ...]:
    return tuple(str(c) for c in sorted(_card(t, where) for t in cards))
