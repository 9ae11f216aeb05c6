"""How the frozen King Bolola fixtures (tests/fixtures/frozen/king-bolola) were made: whole
matches of seeded random legal play, and legal-move count files like chess perft (for each
seed and contract, the distinct legal card sequences of 1, 4 and 5 plays from the deal's
start, or after the entry's ``play`` prefix, and the sum of the legal-move counts along a
seeded random line). The files are frozen: records written by an earlier version must
replay the same for ever, and these functions must still reproduce them. New golden
records of every game come from ``scripts/golden.py``."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bolola.cards import Suit, cards_of, mask_of, parse_cards
from bolola.engine import Record, play_out
from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.deal import Deal, Hands, hands_from_seed, legal_mask, new_deal, play
from bolola.registry import find, replay

FROZEN = Path(__file__).resolve().parents[1] / "fixtures" / "frozen" / "king-bolola"
GAME = "king-bolola"

# (fixture name, options in their JSON form, seed)
MATCHES: tuple[tuple[str, dict[str, Any], int], ...] = (
    ("match-1", {}, 1),
    ("match-2-king-under-ace", {"king-under-ace": True}, 2),
    ("match-3-first-declarer-2", {"first-declarer": 2}, 3),
)
COUNT_SEEDS = (1, 2, 3)
PERFT_DEPTHS = (1, 4, 5)


def random_match(options: dict[str, Any], seed: int) -> Record:
    """A whole match, every seat choosing uniformly among its legal actions."""
    game = find(GAME)
    rng = random.Random(f"golden:{seed}")
    moves: list[str] = []
    play_out(
        game,
        game.new(game.parse_options(options), seed),
        lambda state, seat, legal: legal[rng.randrange(len(legal))],
        moves,
    )
    return Record(GAME, options, seed, tuple(moves))


def match_result(record: Record) -> dict[str, Any]:
    """What replaying a match record gives: the part of a fixture the test compares."""
    game, state = replay(record)
    outcome = game.outcome(state)
    assert outcome is not None, "a golden match must be complete"
    return {
        "totals": list(outcome.scores),
        "results": [r.value for r in outcome.results],
        "ranks": list(outcome.ranks),
        "deals": [d.to_json() for d in state.history],
    }


def match_fixture(options: dict[str, Any], seed: int) -> dict[str, Any]:
    record = random_match(options, seed)
    return {"record": record.to_json(), **match_result(record)}


# --- count files ------------------------------------------------------------------------


def count_variants() -> list[tuple[Contract, Suit | None, bool]]:
    """Every contract; trumps in each suit; king-of-hearts also with king-under-ace."""
    out: list[tuple[Contract, Suit | None, bool]] = []
    for c in Contract:
        if c is Contract.TRUMPS:
            out.extend((c, s, False) for s in Suit)
        else:
            out.append((c, None, False))
    out.append((Contract.KING_OF_HEARTS, None, True))
    return out


def perft(deal: Deal, depth: int) -> int:
    """Distinct legal card sequences of ``depth`` plays (shorter if the deal ends)."""
    if deal.done:
        return 1
    legal = legal_mask(deal)
    if depth == 1:
        return legal.bit_count()
    seat = deal.to_move
    assert seat is not None
    total = 0
    while legal:
        low = legal & -legal
        legal ^= low
        child, _ = play(deal, seat, low.bit_length() - 1)
        total += perft(child, depth - 1)
    return total


def line_count(deal: Deal, seed: int) -> tuple[int, int]:
    """(sum of legal-move counts, plays) along a seeded random line to the deal's end."""
    rng = random.Random(f"line:{seed}")
    total = plays = 0
    while not deal.done:
        legal = cards_of(legal_mask(deal))
        total += len(legal)
        seat = deal.to_move
        assert seat is not None
        deal, _ = play(deal, seat, legal[rng.randrange(len(legal))].index)
        plays += 1
    return total, plays


# A deal where king-under-ace matters at once: after the trick ``AS 2H 3S 2C`` hearts are
# broken and seat 0 may lead AH, with KH and other hearts in seat 2's hand.
KING_UNDER_ACE_HANDS = (
    "AS AH 2S 4S 5S 6S 7S 8S 9S TS JS QS KS",
    "2H 3H 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
    "3S KH 5H 4H 6H 7H 8H 9H TH JH QH KD AD",
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
)
KING_UNDER_ACE_PLAY = "AS 2H 3S 2C"


def count_deal(entry: dict[str, Any]) -> Deal:
    """The entry's deal, after the cards of its ``play`` prefix."""
    hands = tuple(mask_of(parse_cards(h.split())) for h in entry["hands"])
    assert len(hands) == 4
    trump = None if entry["trump"] is None else int(Suit.parse(entry["trump"]))
    deal = new_deal(
        Contract.parse(entry["contract"]),
        trump,
        entry["declarer"],
        (hands[0], hands[1], hands[2], hands[3]),
        king_under_ace=entry["king-under-ace"],
    )
    for card in parse_cards(entry["play"].split()):
        seat = deal.to_move
        assert seat is not None
        deal, _ = play(deal, seat, card.index)
    return deal


def counts_of(entry: dict[str, Any]) -> dict[str, Any]:
    """The counted part of a count-file entry, from its deal part."""
    deal = count_deal(entry)
    total, plays = line_count(deal, entry["seed"])
    return {
        "perft": {str(d): perft(deal, d) for d in PERFT_DEPTHS},
        "line": {"total": total, "plays": plays},
    }


def count_entries() -> list[dict[str, Any]]:
    entries = []
    for seed in COUNT_SEEDS:
        hands: Hands = hands_from_seed(f"counts:{seed}")
        for contract, trump, kua in count_variants():
            entry: dict[str, Any] = {
                "seed": seed,
                "declarer": seed % 4,
                "contract": str(contract),
                "trump": None if trump is None else trump.letter,
                "king-under-ace": kua,
                "hands": [" ".join(str(c) for c in cards_of(h)) for h in hands],
                "play": "",
            }
            entry.update(counts_of(entry))
            entries.append(entry)
    for kua in (False, True):
        entry = {
            "seed": 0,
            "declarer": 0,
            "contract": str(Contract.KING_OF_HEARTS),
            "trump": None,
            "king-under-ace": kua,
            "hands": list(KING_UNDER_ACE_HANDS),
            "play": KING_UNDER_ACE_PLAY,
        }
        entry.update(counts_of(entry))
        entries.append(entry)
    return entries
