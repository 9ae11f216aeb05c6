"""Regenerate the golden fixtures under tests/fixtures/golden (``make golden``).

* ``king-bolola-match-*.json``: whole matches of seeded random legal play, as the engine
  :class:`~bolola.engine.Record` plus what replaying it must give (totals, results, each
  deal's contract and points).
* ``king-bolola-counts.json``: legal-move counts from fixed deals, like chess perft: for
  each seed and contract, the number of distinct legal card sequences of 1, 4 and 5 plays
  from the deal's start (or after the entry's ``play`` prefix), and the sum of the
  legal-move counts along a seeded random line to the end of the deal.

* ``hearts-trumps/match-*.json``: whole Hearts Are Trumps matches of seeded random legal
  play, as the engine Record, what replaying it gives, and the referee's match record.
* ``hearts-trumps/counts.json``: for fixed seeds, the first deal's legal-placement counts
  per hand and seat and its public event texts along a seeded random line.

Run it only when a rule change is meant to change these numbers, and say so in review:
tests/king_bolola/test_kb_golden.py and tests/hearts_trumps/test_ht_golden.py hold the
engines to them. ``golden.py hearts-trumps`` (or ``king-bolola``) writes one game's only.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from bolola.cards import Suit, cards_of, mask_of, parse_cards
from bolola.engine import Record, find, play_out, replay
from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.deal import Deal, Hands, hands_from_seed, legal_mask, new_deal, play

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "golden"
GAME = "king-bolola"

# (fixture name, options in their JSON form, seed)
MATCHES: tuple[tuple[str, dict[str, Any], int], ...] = (
    ("king-bolola-match-1", {}, 1),
    ("king-bolola-match-2-king-under-ace", {"king-under-ace": True}, 2),
    ("king-bolola-match-3-first-declarer-2", {"first-declarer": 2}, 3),
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


# --- Hearts Are Trumps ------------------------------------------------------------------

HT = "hearts-trumps"
# In their own folder: the King Bolola golden test owns every *.json beside this one.
HT_GOLDEN = GOLDEN / HT
HT_MATCHES: tuple[tuple[str, dict[str, Any], int], ...] = (
    ("match-1", {}, 1),
    ("match-2-target-200", {"target": 200}, 2),
    ("match-3-target-1000", {"target": 1000}, 3),
)
HT_COUNT_SEEDS = (1, 2, 3, 4, 5)


def ht_random_match(options: dict[str, Any], seed: int) -> Record:
    """A whole match: each step a seat to move (chosen at random) places at random."""
    game = find(HT)
    rng = random.Random(f"golden:{HT}:{seed}")
    state = game.new(game.parse_options(options), seed)
    moves: list[str] = []
    while game.outcome(state) is None:
        movers = game.to_move(state)
        seat = movers[rng.randrange(len(movers))]
        legal = game.legal_actions(state, seat)
        action = legal[rng.randrange(len(legal))]
        moves.append(f"{seat}:{action}")
        state, _ = game.apply(state, seat, action)
    return Record(HT, options, seed, tuple(moves))


def ht_match_result(record: Record) -> dict[str, Any]:
    """What replaying a Hearts Are Trumps record gives, and its referee match record."""
    from bolola.games.hearts_trumps.records import match_record

    game, state = replay(record)
    outcome = game.outcome(state)
    assert outcome is not None, "a golden match must be complete"
    return {
        "totals": list(outcome.scores),
        "results": [r.value for r in outcome.results],
        "ranks": list(outcome.ranks),
        "deals": [d.score.to_json() for d in state.history],
        "referee_record": match_record(state, ["ana", "bo"]),
    }


def ht_counts(seed: int) -> dict[str, Any]:
    """The first deal of ``seed``: legal placements per hand and seat, and public events."""
    game = find(HT)
    rng = random.Random(f"line:{HT}:{seed}")
    state = game.new(game.default_options(), seed)
    legal_counts: list[list[int]] = []
    events: list[str] = []
    while state.deal_no == 1:
        legal_counts.append([len(game.legal_actions(state, s)) for s in (0, 1)])
        for seat in (0, 1):
            legal = game.legal_actions(state, seat)
            state, happened = game.apply(state, seat, legal[rng.randrange(len(legal))])
            events += [str(e) for e in happened if e.audience is None]
    return {"seed": seed, "legal": legal_counts, "events": events}


def write(name: str, data: Any, folder: Path = GOLDEN) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.json"
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(GOLDEN.parents[2])}")


def main(games: list[str]) -> int:
    unknown = set(games) - {GAME, HT}
    if unknown:
        print(f"unknown game(s) {sorted(unknown)}: {GAME}, {HT}", file=sys.stderr)
        return 2
    if not games or GAME in games:
        for name, options, seed in MATCHES:
            write(name, match_fixture(options, seed))
        write("king-bolola-counts", count_entries())
    if not games or HT in games:
        for name, options, seed in HT_MATCHES:
            record = ht_random_match(options, seed)
            write(name, {"record": record.to_json(), **ht_match_result(record)}, HT_GOLDEN)
        write("counts", [ht_counts(seed) for seed in HT_COUNT_SEEDS], HT_GOLDEN)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
