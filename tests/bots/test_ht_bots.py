"""Hearts Are Trumps' bots: legal, deterministic, honest, and their reasoning's parts."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import cast

import pytest

from bolola.bots.base import Budget, RandomBot, make_bot
from bolola.bots.hearts_trumps.club import ClubBot, is_low_plain
from bolola.bots.hearts_trumps.equilibrium import solve
from bolola.bots.hearts_trumps.expert import (
    ExpertBot,
    game_value,
    hand_result,
    last_hand_value,
    tokens,
)
from bolola.bots.hearts_trumps.knowledge import (
    JOKER,
    POINTS,
    STRENGTH,
    Knowledge,
    card_int,
    triple_of,
    triples,
)
from bolola.bots.hearts_trumps.race import battle_worth, race_value
from bolola.cards import Card
from bolola.engine import Action
from bolola.games.hearts_trumps.deck import DECK
from bolola.games.hearts_trumps.match import GAME, Match
from bolola.games.hearts_trumps.placement import Place

EXPERT = ExpertBot(Budget(samples=3, seconds=30.0))
CLUB = ClubBot()
LEVELS: list[tuple[str, object]] = [
    ("beginner", make_bot("hearts-trumps", "beginner")),
    ("club", CLUB),
    ("expert", EXPERT),
]


def positions(count: int, seed: int = 0) -> list[tuple[Match, int]]:
    """(state, seat to decide) at random points of random deals: every hand number of
    the deal, sometimes after the opponent has placed, sometimes in a later deal."""
    rng = random.Random(seed)
    out = []
    for n in range(count):
        state = GAME.new(GAME.default_options(), rng.randrange(1 << 30))
        hands = n % 9 + (9 if n % 7 == 3 else 0)  # hand 1..9; now and then deal 2
        for _ in range(hands):
            for seat in GAME.to_move(state):
                state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        seat = rng.randrange(2)
        if rng.random() < 0.5:  # the opponent places first
            state, _ = GAME.apply(state, 1 - seat, rng.choice(GAME.legal_actions(state, 1 - seat)))
        out.append((state, seat))
    return out


def decide(bot: object, state: Match, seat: int, seed: int) -> Action:
    assert isinstance(bot, (RandomBot, ClubBot, ExpertBot))
    return bot.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), seed)


def decide_from(bot: object, state: Match, seat: int, legal: Sequence[Action], seed: int) -> Action:
    assert isinstance(bot, (RandomBot, ClubBot, ExpertBot))
    return bot.choose(GAME.view(state, seat), legal, seed)


def with_hand(state: Match, seat: int, cards: list[int]) -> Match:
    """A new deal's state where ``seat`` holds ``cards`` in its first round (swapped in
    from wherever they were dealt, so every card is still dealt once)."""
    assert not state.played and state.pending == (None, None)
    places = [list(state.hands[0]), list(state.hands[1]), *map(list, state.undealt)]
    mine = places[seat]
    for want in cards:
        if want in mine:
            continue
        out = next(c for c in mine if c not in cards)
        where = next(p for p in places if want in p)
        where[where.index(want)] = out
        mine[mine.index(out)] = want
    return state._replace(
        hands=(tuple(sorted(places[0])), tuple(sorted(places[1]))),
        undealt=(tuple(places[2]), tuple(places[3])),
    )


def card(text: str) -> int:
    return card_int(Card.parse(text))


POSITIONS = positions(36)


def test_registered_levels() -> None:
    assert isinstance(make_bot("hearts-trumps", "club"), ClubBot)
    expert = make_bot("hearts-trumps", "expert", Budget(samples=5))
    assert isinstance(expert, ExpertBot) and expert.budget.samples == 5
    assert isinstance(make_bot("hearts-trumps", "beginner"), RandomBot)


def test_positions_cover_every_kind_of_hand() -> None:
    kinds: Counter[object] = Counter()
    for state, seat in POSITIONS:
        view = GAME.view(state, seat)
        assert view.hand is not None
        kinds[(len(view.hand), view.placed[1 - seat])] += 1
        kinds[f"hand {view.hand_no}"] += 1
    for size in (3, 6):
        for placed in (False, True):
            assert kinds[(size, placed)] > 0, (size, placed)
    assert all(kinds[f"hand {h}"] > 0 for h in range(1, 10))


@pytest.mark.parametrize(("level", "bot"), LEVELS)
def test_every_level_places_legally(level: str, bot: object) -> None:
    for n, (state, seat) in enumerate(POSITIONS):
        legal = GAME.legal_actions(state, seat)
        action = decide(bot, state, seat, n)
        assert action in legal, (level, n, action)
        GAME.apply(state, seat, action)  # the engine accepts it too


def test_bots_accept_legal_actions_in_text_form() -> None:
    state, seat = POSITIONS[4]
    view = GAME.view(state, seat)
    for _, bot in LEVELS[1:]:
        assert isinstance(bot, (ClubBot, ExpertBot))
        action = bot.choose(view, list(view.legal), 3)
        assert action in view.legal


def test_bots_keep_to_a_narrowed_legal_list() -> None:
    for n, (state, seat) in enumerate(POSITIONS[:12]):
        legal = GAME.legal_actions(state, seat)
        few = legal[n % 2 :: 5]  # every 5th placement: the bots' favourites may be gone
        for _, bot in LEVELS:
            assert decide_from(bot, state, seat, few, n) in few


@pytest.mark.parametrize(("level", "bot"), LEVELS)
def test_deterministic_for_a_seed(level: str, bot: object) -> None:
    for n, (state, seat) in enumerate(POSITIONS[:18]):
        assert decide(bot, state, seat, n) == decide(bot, state, seat, n), (level, n)


def test_expert_same_seed_same_choice_from_a_fresh_bot() -> None:
    game_value.cache_clear()  # a pure cache: clearing it changes nothing
    for n, (state, seat) in enumerate(POSITIONS[:12]):
        fresh = make_bot("hearts-trumps", "expert", Budget(samples=3, seconds=30.0))
        assert decide(fresh, state, seat, 7 * n) == decide(EXPERT, state, seat, 7 * n)


@pytest.mark.parametrize(("level", "bot"), LEVELS[1:])
def test_honest_the_choice_ignores_hidden_cards(level: str, bot: object) -> None:
    """Redealing every card hidden from the seat (``GAME.resample``) gives the same view,
    and so the same choice."""
    rng = random.Random(5)
    changed = 0
    for n, (state, seat) in enumerate(POSITIONS[:24]):
        other = GAME.resample(state, seat, rng)
        assert GAME.view(other, seat) == GAME.view(state, seat)
        changed += other.hands[1 - seat] != state.hands[1 - seat]
        assert decide(bot, other, seat, n) == decide(bot, state, seat, n), (level, n)
    assert changed > 12  # the hidden cards really moved


def test_knowledge_unseen_holds_every_hidden_card() -> None:
    for state, seat in POSITIONS:
        k = Knowledge.from_view(GAME.view(state, seat))
        o = 1 - seat
        hidden = [*state.hands[o], *(state.pending[o] or ())]
        hidden += [h.placements[o][0] for h in state.played] + [*state.undealt[0]]
        hidden += state.undealt[1]
        assert Counter(min(c, JOKER) for c in hidden) == Counter(k.unseen)
        assert k.opponent_cards == len(state.hands[o]) + 3 * (state.pending[o] is not None)
        assert len(k.hand) + len(k.unseen) <= len(DECK)


def test_club_never_loots_a_joker_beside_a_low_plain_card() -> None:
    checked = 0
    for n in range(40):
        base = GAME.new(GAME.default_options(), n)
        low = [card("2S"), card("3C"), card("5D"), card("AS")][n % 4]
        hearts = [card("KH"), card("QH"), card("JH"), card("TH")]
        cards = [52, *([53] if n % 2 else []), low, *hearts][:6]
        state = with_hand(base, 0, cards)
        view = GAME.view(state, 0)
        assert view.hand is not None
        held = [card_int(c) for c in view.hand]
        assert JOKER in held and any(is_low_plain(c) for c in held)
        action = decide(CLUB, state, 0, n)
        assert isinstance(action, Place)
        assert not action.loot.is_joker, (n, str(action))
        checked += 1
    assert checked == 40


def test_club_puts_valuable_loot_behind_the_stronger_fighter() -> None:
    checked = 0
    for n, (state, seat) in enumerate(positions(200, 1)):
        loot, attacker, defender = triple_of(cast(Place, decide(CLUB, state, seat, n)))
        if POINTS[loot] >= 10:
            assert STRENGTH[defender] >= STRENGTH[attacker], n
            checked += 1
    assert checked >= 5


def test_hand_result_follows_the_battle_rules() -> None:
    jk, kh, two_s, three_s = JOKER, card("KH"), card("2S"), card("3S")
    # Own JK attacks their 3S (won, their loot KH); their 2S attacks own KH (won back 3S).
    assert hand_result((three_s, jk, kh), (kh, two_s, three_s)) == (2, 13)
    # Joker against joker goes with the other battle (HT-10): they win both.
    assert hand_result((kh, jk, two_s), (two_s, three_s, jk)) == (-2, -13)


def test_race_value_is_the_bonus_difference() -> None:
    assert race_value(1, 0) == 59 and race_value(-1, 0) == -59 and race_value(0, 0) == 0
    for left in range(19):
        for lead in range(-6, 7):
            assert race_value(-lead, left) == -race_value(lead, left)
            assert -59 <= race_value(lead, left) <= 59
    assert battle_worth(0, 1) == 59  # the last battle on equal counts decides the bonus
    assert battle_worth(3, 2) == 0  # three ahead with two battles left: decided


def test_matrix_game_solution() -> None:
    # A saddle point: the row player's second row against the column player's first.
    x, y, v = solve([[1.0, 5.0], [3.0, 4.0]], 300)
    assert x[1] > 0.95 and y[0] > 0.95 and abs(v - 3.0) < 0.1
    # Rock-paper-scissors: uniform.
    x, y, v = solve([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], 600)
    assert all(abs(p - 1 / 3) < 0.05 for p in x + y) and abs(v) < 0.05


def test_last_hand_value_with_both_jokers_is_two_sure_battles() -> None:
    mine = (card("2S"), JOKER, JOKER)
    theirs = (card("3S"), card("4S"), card("KH"))
    # Both battles are won whatever they do; the best they can do is loot a 0 card.
    assert last_hand_value(tuple(sorted(mine)), tuple(sorted(theirs)), 0, 2) == 59.0


def test_last_hand_value_by_tokens_equals_the_game_on_the_cards() -> None:
    """The cache key (strength order and loot points) loses nothing: the value equals the
    6 x 6 game built card by card with :func:`hand_result`."""
    rng = random.Random(11)
    pool = [*range(52), JOKER, JOKER]
    for _ in range(60):
        six = rng.sample(pool, 6)
        mine, theirs = tuple(sorted(six[:3])), tuple(sorted(six[3:]))
        lead, left = rng.randrange(-3, 4), rng.choice((2, 4, 10))
        table = [
            [pts + race_value(lead + delta, left - 2) for delta, pts in row]
            for row in ([hand_result(p, q) for q in triples(theirs)] for p in triples(mine))
        ]
        lower = max(min(row) for row in table)
        upper = min(max(col) for col in zip(*table, strict=True))
        assert last_hand_value(mine, theirs, lead, left) == pytest.approx((lower + upper) / 2)
    # Plain cards in the same order with the same points share one game.
    a = tokens([card("2S"), card("9C"), card("KH")], [card("3D"), card("5S"), JOKER])
    b = tokens([card("3S"), card("TC"), card("KH")], [card("4D"), card("6S"), JOKER])
    assert a == b
