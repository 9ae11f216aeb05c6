"""King Bolola's ``club`` bot: legal, deterministic, honest, and its rules of thumb."""

from __future__ import annotations

import random

from kb_tables import table

from bolola.bots.base import Budget, make_bot
from bolola.bots.king_bolola.club import ClubBot, make_club
from bolola.cards import Card, parse_cards
from bolola.engine import Action
from bolola.games.king_bolola.actions import Declare
from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.match import GAME, Match

BOT = make_club(Budget())


def decide(state: Match, seed: int = 0) -> Action:
    seat = GAME.to_move(state)[0]
    return BOT.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), seed)


def play_match_deals(seed: int, deals: int) -> list[str]:
    """Club in every seat for the first ``deals`` deals of a match; every move, checked."""
    state = GAME.new(GAME.default_options(), seed)
    moves: list[str] = []
    step = 0
    while state.deal_no < deals:
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, seat)
        action = BOT.choose(GAME.view(state, seat), legal, seed * 1000 + step)
        assert action in legal, (seed, step, action)
        moves.append(f"{seat}:{action}")
        state, _ = GAME.apply(state, seat, action)
        step += 1
    return moves


def test_registered_as_the_club_level() -> None:
    bot = make_bot("king-bolola", "club")
    assert isinstance(bot, ClubBot)
    assert bot.level == "club"


def test_always_plays_a_legal_action_through_whole_matches() -> None:
    for seed in range(2):
        moves = play_match_deals(seed, 24)
        declared = [m for m in moves if isinstance(GAME.parse_action(m.split(":")[1]), Declare)]
        assert len(declared) == 24


def test_deterministic_for_a_seed() -> None:
    assert play_match_deals(7, 4) == play_match_deals(7, 4)


def test_honest_the_decision_ignores_hidden_cards() -> None:
    """Resampling every card hidden from the seat to move leaves its view, and so its
    decision, unchanged."""
    rng = random.Random(3)
    state = GAME.new(GAME.default_options(), 11)
    checked = 0
    while state.deal_no < 3:
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, seat)
        view = GAME.view(state, seat)
        action = BOT.choose(view, legal, 5)
        assert isinstance(action, Card | Declare)
        for _ in range(2):
            other = GAME.resample(state, seat, rng)
            assert GAME.view(other, seat) == view
            assert GAME.legal_actions(other, seat) == legal
            assert BOT.choose(GAME.view(other, seat), legal, 5) == action
            checked += 1
        state, _ = GAME.apply(state, seat, action)
    assert checked > 100


def test_ducks_under_the_winning_card() -> None:
    # tricks: TS led; seat 1 holds AS 9S 2S and ducks with its highest card under TS.
    state = table("TS", "AS 9S 2S", contract="tricks", play="TS")
    assert decide(state) == Card.parse("9S")


def test_ducks_under_the_king_in_queens_rather_than_winning() -> None:
    state = table("KD", "AD 8D 3D", contract="queens", play="KD")
    assert decide(state) == Card.parse("8D")


def test_last_to_play_and_forced_to_win_takes_it_with_its_highest_card() -> None:
    state = table(
        "2C",
        "3C",
        "4C",
        "AC 9C 5C 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
        contract="tricks",
        play="2C 3C 4C",
    )
    assert decide(state) == Card.parse("AC")


def test_sheds_the_dangerous_queen_when_void_in_queens() -> None:
    # Void in spades: a queen must go (KB-23); the lone QC is the one that would be caught,
    # the QH is guarded by six low hearts.
    state = table(
        "2S",
        "QC QH 2H 3H 4H 5H 6H 7H 2D 3D 4D 5D 6D",
        contract="queens",
        play="2S",
    )
    assert decide(state) == Card.parse("QC")


def test_sheds_its_highest_heart_when_void_in_hearts() -> None:
    state = table(
        "2S",
        "AH 2H 3H 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
        contract="hearts",
        play="2S",
    )
    assert decide(state) == Card.parse("AH")


def test_sheds_the_king_of_hearts_when_void_in_bolola_negative() -> None:
    state = table(
        "2S",
        "KH 3H 2C 3C 4C 5C 6C 7C 8C 9C TC 2D 3D",
        contract="bolola-negative",
        play="2S",
    )
    assert decide(state) == Card.parse("KH")


def test_draws_trumps_with_the_top_trump() -> None:
    # trumps:S broken in trick 1 (seat 1 ruffed); seat 1 leads again holding the top trumps.
    state = table(
        "2H 3H",
        "AS KS QS 2C 3C 4C 5C 6C 7C 8C 9C TC JC",
        "4H 5H",
        "6H 7H",
        contract="trumps:S",
        play="2H AS 4H 6H",
    )
    assert decide(state) in parse_cards(["KS", "QS"])


def test_takes_a_cheap_trick_in_trumps_with_the_lowest_winning_card() -> None:
    state = table(
        "2D",
        "3D",
        "4D",
        "AD KD 5D 2C 3C 4C 5C 6C 7C 8C 9C TC JC",
        contract="trumps:S",
        play="2D 3D 4D",
    )
    assert decide(state) == Card.parse("5D")


def test_chooses_trumps_in_its_long_strong_suit() -> None:
    state = table(
        "AH KH QH JH TH 9H 8H 7H AS AD 2C 3C 4C",
        contract=None,
    )
    assert decide(state) == Declare(Contract.TRUMPS, Card.parse("AH").suit)


def test_chooses_a_negative_contract_with_a_hand_of_low_cards() -> None:
    state = table("2S 3S 4S 5S 2H 3H 4H 2D 3D 4D 2C 3C 4C", contract=None)
    action = decide(state)
    assert isinstance(action, Declare)
    assert not action.contract.is_positive


def test_declares_only_what_is_offered() -> None:
    state = table("AH KH QH JH TH 9H 8H 7H AS AD 2C 3C 4C", contract=None)
    legal = tuple(a for a in GAME.legal_actions(state, 0) if isinstance(a, Declare) and not a.trump)
    action = BOT.choose(GAME.view(state, 0), legal, 0)
    assert action in legal


def test_does_not_lead_the_ace_of_hearts_into_the_king_in_king_of_hearts() -> None:
    # Seat 3 wins trick 1 (hearts are broken by seat 1's discard) and leads next holding
    # AH: leading it would catch KH, which seat 0 or 2 holds and would drop under it.
    state = table(
        "2S KH 5C 6C 7C 8C 9C TC JC QC KC AC 2D",
        "3H 4H 5H 6H 7H 8H 9H TH JH QH 3D 4D 5D",
        "3S 4S 5S 6S 7S 8S 9S TS JS QS KS 6D 7D",
        contract="king-of-hearts",
        play="2S 3H 3S AS",
    )
    assert GAME.to_move(state) == (3,)
    assert Card.parse("AH") in GAME.legal_actions(state, 3)
    assert decide(state) != Card.parse("AH")


def test_kb48_club_never_declares_bolola_negative_while_bolola_positive_is_open() -> None:
    # Points taken are >= 0, so bolola-positive (KB-48) is never worse for the declarer
    # than bolola-negative (KB-46); a weak hand used to pick the negative one.
    for seed in range(40):
        state = GAME.new(GAME.default_options(), seed)
        action = decide(state)
        assert isinstance(action, Declare)
        assert action.contract is not Contract.BOLOLA_NEGATIVE
