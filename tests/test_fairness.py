"""Deals anyone can verify (docs/fairness.md): the shuffle reimplemented here from the
page alone, with nothing of ``bolola.fairness``, gives the same decks; a tampered seed,
client seed or commitment is caught."""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import struct

import pytest

from bolola import fairness
from bolola.registry import AnyGame, registered

# -- a second implementation, written from docs/fairness.md only ---------------------------


def doc_chain(top: bytes, n: int) -> list[bytes]:
    s = {n: top}
    for k in range(n, 0, -1):
        s[k - 1] = hashlib.sha256(s[k]).digest()
    return [s[k] for k in range(n + 1)]


def doc_deck(deal_seed: bytes, seeds: list[str], deck: list[str], salt: str = "") -> list[str]:
    mixed = "|".join(seeds) + ("|" + salt if salt else "")
    stream: list[int] = []
    block = 0

    def word() -> int:
        nonlocal block
        if not stream:
            digest = hmac.new(deal_seed, (mixed + "|" + str(block)).encode(), "sha256").digest()
            stream.extend(struct.unpack(">8I", digest))
            block += 1
        return stream.pop(0)

    def uniform(n: int) -> int:
        while True:
            w = word()
            if w < 2**32 - (2**32 % n):
                return w % n

    a = list(deck)
    for i in range(len(a) - 1, 0, -1):
        j = uniform(i + 1)
        a[i], a[j] = a[j], a[i]
    return a


KING_BOLOLA = [r + s for s in "SHDC" for r in "23456789TJQKA"]
BALOOT = [r + s for s in "SHDC" for r in "789TJQKA"]
HEARTS_TRUMPS = [*KING_BOLOLA, "JK", "JK"]
JOLLY = KING_BOLOLA * 2 + ["JK"] * 6
DOC_DECKS = {
    "king-bolola": KING_BOLOLA,
    "baloot": BALOOT,
    "hearts-trumps": HEARTS_TRUMPS,
    "jolly": JOLLY,
}

# -- the two agree --------------------------------------------------------------------------


def test_the_documented_example_gives_the_same_commitment_and_deck_both_ways() -> None:
    chain = fairness.seed_chain(bytes(32), 3)
    assert chain == doc_chain(bytes(32), 3)
    assert fairness.commitment(chain) == (
        hashlib.sha256(hashlib.sha256(hashlib.sha256(bytes(32)).digest()).digest()).hexdigest()
    )
    # The figures the page prints.
    assert fairness.commitment(chain).startswith("12771355e46cd47c")
    assert chain[1].hex().startswith("2b32db6c2c0a6235")
    seeds = ["alice", "bot:1"]
    deck = fairness.shuffle(fairness.canonical(), chain[1], seeds)
    assert deck[:8] == ["QD", "6D", "QS", "7H", "6H", "QH", "3C", "TH"]
    assert deck == doc_deck(chain[1], seeds, KING_BOLOLA)
    assert sorted(deck) == sorted(KING_BOLOLA) and deck != KING_BOLOLA


@pytest.mark.parametrize(
    ("deck", "canonical"),
    [
        (KING_BOLOLA, fairness.canonical()),
        (BALOOT, fairness.canonical(low="7")),
        (HEARTS_TRUMPS, fairness.canonical(jokers=2)),
        (JOLLY, fairness.canonical(copies=2, jokers=6)),
    ],
)
def test_every_games_canonical_deck_and_many_deals_agree(
    deck: list[str], canonical: list[str]
) -> None:
    assert canonical == deck
    chain = fairness.seed_chain(hashlib.sha256(b"some table").digest(), 40)
    for k in range(1, 41):
        seeds = [f"seat{s}-{k}" for s in range(4)]
        assert fairness.shuffle(canonical, chain[k], seeds) == doc_deck(chain[k], seeds, deck)


@pytest.mark.parametrize("name", sorted(DOC_DECKS))
def test_each_game_deals_from_the_canonical_deck_the_page_lists(name: str) -> None:
    game = next(g for g in registered() if g.name == name)
    # Jolly writes each copy's number after the card (7H1, JK4): the faces are the page's.
    faces = [c[:2] for c in game.canonical_deck(game.default_options())]
    assert faces == DOC_DECKS[name]


def test_a_reshuffle_uses_its_own_stream_from_the_canonical_order() -> None:
    chain = fairness.seed_chain(hashlib.sha256(b"jolly").digest(), 4)
    seeds = ["a", "bot:1"]
    pile = ["KH2", "2S1", "JK3", "7C1", "2S2"]
    ids = [f"{c}{n}" for n in (1, 2) for c in KING_BOLOLA] + [f"JK{n}" for n in range(1, 7)]
    start = fairness.in_canonical_order(pile, ids)
    assert start == ["2S1", "7C1", "2S2", "KH2", "JK3"]
    salt = fairness.reshuffle_salt(1)
    assert salt == "reshuffle:1"
    fair = fairness.FairDeals.from_top(hashlib.sha256(b"jolly").digest(), seeds, 4)
    got = fair.deck(start, 2, salt)
    assert got == doc_deck(chain[2], seeds, start, "reshuffle:1")
    # The page's second example.
    doc_chain_1 = doc_chain(bytes(32), 3)[1]
    assert doc_deck(doc_chain_1, ["alice", "bot:1"], start, "reshuffle:1") == [
        "JK3",
        "2S1",
        "7C1",
        "2S2",
        "KH2",
    ]
    assert got != fair.deck(start, 2, fairness.reshuffle_salt(2))


def test_revealed_seeds_check_against_the_one_before_and_nothing_else() -> None:
    chain = fairness.seed_chain(hashlib.sha256(b"top").digest(), 5)
    previous = fairness.commitment(chain)
    for k in range(1, 6):
        assert fairness.checks(previous, chain[k])
        assert not fairness.checks(previous, chain[k][:-1] + bytes([chain[k][-1] ^ 1]))
        previous = chain[k].hex()
    # A seed out of order (deal 3's shown as deal 2's) does not check.
    assert not fairness.checks(chain[1].hex(), chain[3])


def test_a_tampered_seed_or_client_seed_changes_the_deck() -> None:
    chain = fairness.seed_chain(bytes(range(32)), 2)
    deck = fairness.shuffle(fairness.canonical(), chain[1], ["a", "b"])
    assert fairness.shuffle(fairness.canonical(), chain[2], ["a", "b"]) != deck
    assert fairness.shuffle(fairness.canonical(), chain[1], ["a", "c"]) != deck
    assert fairness.shuffle(fairness.canonical(), chain[1], ["b", "a"]) != deck


def test_uniform_numbers_reject_the_biased_words() -> None:
    # n = 3: 2**32 % 3 == 1, so the single word 2**32 - 1 is rejected.
    stream = iter([2**32 - 1, 7])
    assert fairness.below(stream, 3) == 1
    assert fairness.below(iter([5]), 1) == 0
    with pytest.raises(ValueError):
        fairness.below(iter([1]), 0)


@pytest.mark.parametrize("seed", ["", "a|b", "x" * 65, "é", "tab\t"])
def test_client_seeds_are_short_printable_ascii_without_bars(seed: str) -> None:
    with pytest.raises(ValueError, match="client seed"):
        fairness.shuffle(["AS"], bytes(32), [seed])


def test_a_chain_top_is_32_bytes() -> None:
    with pytest.raises(ValueError):
        fairness.seed_chain(b"short", 3)


def test_a_tables_chain_is_packed_and_reads_as_the_list_of_seeds() -> None:
    """A table keeps one of its 1,024 deal seeds in 32 (as separate objects they were a
    third of a live table's memory, in one ``bytes`` a 32 KiB allocation each, issue 15);
    read back, each seed, slice and record is the same as the documented chain's."""
    top = hashlib.sha256(b"packed").digest()
    chain = doc_chain(top, fairness.CHAIN_LENGTH)
    fair = fairness.FairDeals.from_top(top, ("a", "b"))
    assert isinstance(fair.seeds, fairness.Chain) and len(fair.seeds) == fairness.CHAIN_LENGTH
    assert len(fair.seeds._marks) == 32 * 32  # 1 KiB
    assert list(fair.seeds) == chain[1:]
    assert [fair.seeds[k] for k in range(fairness.CHAIN_LENGTH)] == chain[1:]
    assert fair.seeds[30:70] == tuple(chain[31:71]) and fair.seeds[1:9:3] == tuple(chain[2:10:3])
    assert fair.seeds[-1] == top and fair.seed(1) == chain[1] and fair.seed(1024) == top
    assert fair.seeds[:3] == tuple(chain[1:4]) and fair.seeds[5:1] == ()
    assert fair.seeds == tuple(chain[1:]) and hash(fair.seeds) == hash(tuple(chain[1:]))
    with pytest.raises(IndexError):
        fair.seeds[fairness.CHAIN_LENGTH]
    with pytest.raises(fairness.Unrevealed):
        fair.seed(fairness.CHAIN_LENGTH + 1)
    with pytest.raises(ValueError, match="32-byte seed"):
        fairness.Chain(b"not a whole seed", 1)
    with pytest.raises(ValueError, match="32-byte seed"):
        fairness.Chain(bytes(32), 33)  # a chain of 33 keeps two
    odd = doc_chain(top, 70)  # a length that is not a whole number of marks
    assert fairness.Chain.packing(odd[1:]) == tuple(odd[1:])
    assert fairness.Chain.packing(odd[1:]) != fairness.Chain.packing(chain[1:71])
    revealed = fairness.FairDeals.revealed(fair.commitment, fair.client_seeds, chain[1:4])
    assert revealed.deck(list(range(20)), 3) == fair.deck(list(range(20)), 3)


# -- at a fair table, no view carries a seed ------------------------------------------------


@pytest.mark.parametrize("game", registered(), ids=lambda g: g.name)
def test_no_view_of_a_fair_table_holds_a_deal_seed_or_the_top(game: AnyGame) -> None:
    top = hashlib.sha256(game.name.encode()).digest()
    fair = fairness.FairDeals.from_top(top, [f"c{s}" for s in range(game.seats)], 40)
    secrets = [s.hex() for s in fair.seeds if s is not None]
    assert top.hex() == secrets[-1]
    rng = random.Random(5)
    state = game.new(game.default_options(), fair)
    steps = 0
    # Through the first deals and across their ends, where the next deal is dealt.
    while game.outcome(state) is None and game.deals_done(state) < 2 and steps < 600:
        for seat in (*range(game.seats), None):
            text = json.dumps(game.view(state, seat).to_json()) + repr(state)
            assert not any(s in text for s in secrets), (game.name, steps, seat)
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])
        steps += 1
    assert steps > 0
