"""Baloot's ``club`` bot: legal, deterministic, honest, its rules of thumb, and stronger
than ``beginner`` in the arena."""

from __future__ import annotations

import functools
import random
from dataclasses import replace
from itertools import islice

from bolola import arena
from bolola.bots.baloot.club import ClubBot, make_club
from bolola.bots.base import Budget, make_bot
from bolola.cards import Card, Suit
from bolola.engine import Action
from bolola.games.baloot.bid import Contract
from bolola.games.baloot.deal import Deal
from bolola.games.baloot.deck import DECK, hand_order
from bolola.games.baloot.match import GAME, Match
from bolola.games.baloot.projects import Project
from playing import Step, options_of, playout

BOT = make_club(Budget())


def positions(count: int, seed: int = 0) -> list[tuple[Match, int]]:
    """(state, seat to move) at random points of random playouts: bidding, doubling,
    projects and play, in the first deals of a match, with every option example."""
    rng = random.Random(seed)
    out: list[tuple[Match, int]] = []
    n = 0
    while len(out) < count:
        steps = list(islice(playout(GAME, options_of(GAME, n), 1000 + n), 160))
        n += 1
        live = [s for s in steps if isinstance(s, Step)]
        doubling = [s for s in live if s.state.deal.phase == "double"][:1]
        for s in [*doubling, *rng.sample(live, min(5, len(live)))]:
            out.append((s.state, s.seat))
    return out[:count]


def decide(state: Match, seat: int, seed: int = 0) -> Action:
    return BOT.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), seed)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def bidding(hand: str, bid_card: str, seat: int = 0) -> Match:
    """A new match where ``seat`` holds ``hand`` and the bid card is up (seat 3 deals,
    so seat 0 speaks first)."""
    mine, up = list(cards(hand)), Card.parse(bid_card)
    rest = [c for c in DECK if c not in mine and c != up]
    first = [*rest[: 5 * seat], *mine, *rest[5 * seat : 15]]
    deck = (*first, up, *rest[15:])
    return Match(GAME.default_options(), 0, 1, Deal.new(3, deck), (0, 0), ())


def playing(hands: list[str], kind: str = "sun", trump: str | None = None) -> Match:
    """A match at the first card of a deal bought by seat 0, these hands held."""
    held = tuple(hand_order(cards(h)) for h in hands)
    assert sorted(c for h in held for c in h) == sorted(DECK)
    t = None if trump is None else Suit.parse(trump)
    deal = replace(
        Deal.new(3, DECK), contract=Contract(kind, t, 0, 0), hands=held, stock=(), leader=0
    )
    return Match(GAME.default_options(), 0, 1, deal, (0, 0), ())


def play(state: Match, texts: str) -> Match:
    for text in texts.split():
        seat = GAME.to_move(state)[0]
        state, _ = GAME.apply(state, seat, GAME.parse_action(text))
    return state


def card_played(state: Match) -> tuple[str, list[str]]:
    """The card the seat to move plays, after declaring what it declares."""
    declared: list[str] = []
    while True:
        seat = GAME.to_move(state)[0]
        action = decide(state, seat)
        if not isinstance(action, Project):
            return str(action), declared
        declared.append(str(action))
        state, _ = GAME.apply(state, seat, action)


@functools.cache
def random_positions() -> list[tuple[Match, int]]:
    """The positions the tests below share, made on first use (not when the module is
    imported: every xdist worker imports every module, and runs only some)."""
    return positions(120)


def test_registered_as_the_club_level() -> None:
    assert isinstance(make_bot("baloot", "club"), ClubBot)


def test_positions_cover_every_phase() -> None:
    phases = {GAME.view(state, seat).phase for state, seat in random_positions()}
    assert {"bid", "double", "play"} <= phases
    assert any(
        any(str(a).startswith("project:") for a in GAME.legal_actions(state, seat))
        for state, seat in random_positions()
    )


def test_always_legal_in_random_positions() -> None:
    for n, (state, seat) in enumerate(random_positions()):
        legal = GAME.legal_actions(state, seat)
        action = decide(state, seat, n)
        assert action in legal, (n, action)
        GAME.apply(state, seat, action)  # the engine accepts it too


def test_accepts_legal_actions_in_text_form() -> None:
    for n, (state, seat) in enumerate(random_positions()[:30]):
        view = GAME.view(state, seat)
        assert BOT.choose(view, list(view.legal), n) in view.legal


def test_always_legal_through_whole_matches_with_club_everywhere() -> None:
    for seed in range(3):
        state = GAME.new(GAME.default_options(), seed)
        while GAME.outcome(state) is None:
            seat = GAME.to_move(state)[0]
            legal = GAME.legal_actions(state, seat)
            action = decide(state, seat, seed)
            assert action in legal
            state, _ = GAME.apply(state, seat, action)


def test_deterministic_for_a_seed() -> None:
    for n, (state, seat) in enumerate(random_positions()):
        assert decide(state, seat, n) == decide(state, seat, n) == decide(state, seat, n + 1)


def test_honest_the_decision_ignores_hidden_cards() -> None:
    """Redealing every card hidden from the seat gives the same view and the same choice."""
    rng = random.Random(5)
    moved = 0
    for n, (state, seat) in enumerate(random_positions()):
        for _ in range(3):
            other = GAME.resample(state, seat, rng)
            assert GAME.view(other, seat) == GAME.view(state, seat)
            moved += other.deal.hands != state.deal.hands
            assert decide(other, seat, n) == decide(state, seat, n), n
    assert moved > len(random_positions())  # the hidden cards really moved


def test_bids_hokum_with_jack_nine_ace_of_the_bid_suit() -> None:
    state = bidding("JH 9H AH 7S 8D", "7H")
    assert str(decide(state, 0)) == "hokum"


def test_passes_with_a_weak_hand() -> None:
    state = bidding("7S 8S 7D 8C 9C", "7H")
    assert str(decide(state, 0)) == "pass"


def test_bids_sun_with_aces_and_tens() -> None:
    state = bidding("AS TS AD AC 7H", "8H")
    assert str(decide(state, 0)) == "sun"


def test_does_not_bid_over_the_partners_hokum() -> None:
    state = play(bidding("AS TS AD AC TD", "8H", seat=3), "pass hokum pass")
    assert GAME.to_move(state) == (3,) and str(decide(state, 3)) == "pass"


LAYOUT = [
    "KH 7S 8S 9S TS JS QS KS",
    "7H 7D 8D 9D TD JD QD KD",
    "AH 8H AS 7C 8C 9C TC JC",
    "9H TH JH QH AD QC KC AC",
]


def test_does_not_overtake_the_winning_partner() -> None:
    state = play(playing(LAYOUT), "KH 7H")  # the partner (seat 0) wins with the king
    card, declared = card_played(state)
    assert card == "8H", card  # not the ace
    assert declared == ["project:hundred:7C,8C,9C,TC,JC"]


def test_feeds_a_ten_to_the_partners_master_ace() -> None:
    hands = [
        "AH 7S 8S 9S TS JS QS KS",
        "7H 7D 8D 9D TD JD QD KD",
        "TH 8H AS 7C 8C 9C TC QC",
        "9H KH JH QH AD JC KC AC",
    ]
    state = play(playing(hands), "AH 7H")
    assert card_played(state)[0] == "TH"


def test_declares_a_sira_it_holds() -> None:
    hands = [
        "7H 8H 9H 7S 8S JS QS AD",
        "TH JH 9S TS 7D 8D 9D TD",
        "QH KH AH KS AS JD QD KD",
        "7C 8C 9C TC JC QC KC AC",
    ]
    state = playing(hands, "hokum", "S")
    assert str(decide(state, 0)) == "project:sira:7H,8H,9H"


def test_ruffs_a_worthwhile_trick_with_its_lowest_trump() -> None:
    hands = [
        "TH 9H 8S 9S TD JD QD KD",
        "7H 8H AD 7D 8D 9D 7C 8C",
        "JH QH KH AH TS QS KS AS",
        "JS 7S 9C TC JC QC KC AC",
    ]
    state = play(playing(hands, "hokum", "S"), "TH 7H JH")  # seat 0 wins 12 abnat
    assert card_played(state)[0] == "7S"  # seat 3, void in hearts: not the jack


def test_club_beats_beginner_in_the_arena() -> None:
    setup = arena.Setup(("club", "beginner", "beginner", "beginner"), seed=1, game="baloot")
    rep = arena.report(setup, arena.play_units(setup, 60, 1))
    paired = rep["bots"]["club"]["paired_vs_baseline"]
    assert paired["ci95"][0] > 0, paired
