"""Jolly's ``club`` and ``expert``: legal, deterministic, honest, their rules of thumb on
hand-made positions, and ``club`` stronger than ``beginner`` in the arena."""

from __future__ import annotations

import functools
import random
from dataclasses import replace
from typing import Any

from bolola import arena
from bolola.bots.base import Budget, make_bot
from bolola.bots.jolly.club import ClubBot
from bolola.bots.jolly.expert import ExpertBot, make_expert
from bolola.bots.jolly.hint import hint as jolly_hint
from bolola.bots.jolly.rollout import LEFT, outlook, rough, worth
from bolola.bots.jolly.sampler import deal_hidden, plausible, played, unseen, world
from bolola.cards import Card
from bolola.games.jolly import GAME, JollyOptions, Match
from bolola.games.jolly.deck import DECK, JOKERS, face, hand_order, ids_of
from bolola.games.jolly.meld import Spec, TableMeld, put_down
from bolola.games.jolly.round import Turn, deal

CLUB = make_bot("jolly", "club")
EXPERT = make_expert(Budget(samples=3, seconds=60))  # only the samples bound it


class Ids:
    """Card ids for faces, each copy handed out once."""

    def __init__(self) -> None:
        self.free = set(DECK)

    def take(self, f: str) -> int:
        options = JOKERS if f.upper() == "JK" else ids_of(Card.parse(f))
        cid = next(c for c in options if c in self.free)
        self.free.remove(cid)
        return cid


def situation(
    hands: list[str],
    *,
    pile: str = "",
    table: tuple[tuple[int, str], ...] = (),
    opened: tuple[bool, ...] | None = None,
    known: tuple[str, ...] | None = None,
    seat: int = 0,
    drew: str | None = None,
) -> Match:
    """A match whose round is at ``seat``'s turn: these hands, pile (oldest first) and
    melds (owner, meld); ``known``: per seat, cards seen taken into its hand."""
    players = len(hands)
    ids = Ids()
    held = [[ids.take(f) for f in h.split()] for h in hands]
    piled = tuple(ids.take(f) for f in pile.split())
    melds: list[TableMeld] = []
    for k, (owner, text) in enumerate(table, start=1):
        spec = Spec.parse(text)
        cards = tuple(ids.take("JK" if p.joker else str(p.face)) for p in spec.pieces)
        melds.append(put_down(spec, cards, k, owner))
    seen: list[frozenset[int]] = []
    for s in range(players):
        faces = (known or ("",) * players)[s].split()
        mine = [c for c in held[s] if str(face(c)) in faces]
        seen.append(frozenset(mine))
    stock = tuple(sorted(ids.free))
    if opened is None:
        opened = tuple(any(m.owner == s for m in melds) for s in range(players))
    r = replace(
        deal(players, (seat - 1) % players, DECK),
        hands=tuple(hand_order(h) for h in held),
        stock=stock,
        pile=piled,
        table=tuple(melds),
        opened=opened,
        known=tuple(seen),
        turn=Turn(seat, drew),
    )
    return replace(GAME.new(JollyOptions(players=players), 1), round=r)


def decide(state: Match, seat: int | None = None, bot: object = CLUB, seed: int = 0) -> str:
    seat = GAME.to_move(state)[0] if seat is None else seat
    legal = GAME.legal_actions(state, seat)
    action = bot.choose(GAME.view(state, seat), legal, seed)  # type: ignore[attr-defined]
    assert action in legal
    return str(action)


def play_turn(state: Match, bot: object = CLUB) -> tuple[Match, list[str]]:
    """The seat to move plays until its turn ends; the state and its actions."""
    seat = GAME.to_move(state)[0]
    done: list[str] = []
    while GAME.outcome(state) is None and GAME.to_move(state) == (seat,):
        text = decide(state, seat, bot, len(done))
        done.append(text)
        state, _ = GAME.apply(state, seat, GAME.parse_action(text))
        if text.startswith("discard:") or state.round.over:
            break
    return state, done


def positions(count: int, seed: int = 0) -> list[tuple[Match, int]]:
    """(state, seat to move) from matches of 2, 3 and 4 clubs (with a random seat among
    them now and then, so that every kind of turn comes up), several per round."""
    rng = random.Random(seed)
    out: list[tuple[Match, int]] = []
    n = 0
    while len(out) < count:
        players = 2 + n % 3
        state = GAME.new(JollyOptions(players=players), 100 + n)
        n += 1
        steps = 0
        while GAME.outcome(state) is None and not state.finished and steps < 400:
            seat = GAME.to_move(state)[0]
            legal = GAME.legal_actions(state, seat)
            if len(legal) > 1 and rng.random() < 0.12:
                out.append((state, seat))
            if rng.random() < 0.1:
                action: Any = rng.choice(legal)
            else:
                action = CLUB.choose(GAME.view(state, seat), legal, steps)
            state, _ = GAME.apply(state, seat, action)
            steps += 1
    return out[:count]


@functools.cache
def random_positions() -> list[tuple[Match, int]]:
    """The positions the tests below share, made on first use (not when the module is
    imported: every xdist worker imports every module, and runs only some)."""
    return positions(60)


def test_registered_as_the_club_and_expert_levels() -> None:
    assert isinstance(make_bot("jolly", "club"), ClubBot)
    assert isinstance(make_bot("jolly", "expert"), ExpertBot)


def test_positions_cover_the_draw_the_melds_and_the_discard() -> None:
    kinds = {decide(s, seat).split(":")[0] for s, seat in random_positions()}
    assert {"draw", "discard"} <= kinds and kinds & {"open", "meld", "lay"}
    assert any(
        any(str(a).startswith("take:") for a in GAME.legal_actions(s, seat))
        for s, seat in random_positions()
    )


def test_always_legal_in_random_positions() -> None:
    for n, (state, seat) in enumerate(random_positions()):
        for bot in (CLUB, EXPERT):
            text = decide(state, seat, bot, n)
            GAME.apply(state, seat, GAME.parse_action(text))  # the engine accepts it


def test_accepts_legal_actions_in_text_form() -> None:
    for n, (state, seat) in enumerate(random_positions()[:20]):
        view = GAME.view(state, seat)
        assert CLUB.choose(view, list(view.legal), n) in view.legal


def test_whole_matches_end_with_clubs_and_an_expert() -> None:
    for players in (2, 3):
        state = GAME.new(JollyOptions(players=players, target=100), players)
        bots = [EXPERT, *[CLUB] * (players - 1)]
        steps = 0
        while GAME.outcome(state) is None:
            seat = GAME.to_move(state)[0]
            legal = GAME.legal_actions(state, seat)
            action = bots[seat].choose(GAME.view(state, seat), legal, steps)
            assert action in legal
            state, _ = GAME.apply(state, seat, action)
            steps += 1
        assert steps < 2000


def test_deterministic_for_a_seed() -> None:
    for n, (state, seat) in enumerate(random_positions()[:30]):
        assert decide(state, seat, CLUB, n) == decide(state, seat, CLUB, n + 1)
        assert decide(state, seat, EXPERT, n) == decide(state, seat, EXPERT, n)


def test_honest_the_decision_ignores_hidden_cards() -> None:
    """Redealing every card hidden from the seat (``game.resample``) leaves the view and
    both bots' choices as they were."""
    rng = random.Random(5)
    moved = 0
    for n, (state, seat) in enumerate(random_positions()):
        club, expert = decide(state, seat, CLUB, n), decide(state, seat, EXPERT, n)
        for _ in range(2):
            other = GAME.resample(state, seat, rng)
            assert GAME.view(other, seat) == GAME.view(state, seat)
            moved += other.round.hands != state.round.hands
            assert decide(other, seat, CLUB, n) == club, n
            assert decide(other, seat, EXPERT, n) == expert, n
    assert moved > len(random_positions())  # the hidden cards really moved


def test_samples_agree_with_the_view() -> None:
    rng = random.Random(3)
    for state, seat in random_positions()[:30]:
        view = GAME.view(state, seat)
        r = world(view, rng)
        assert r.hands[seat] == view.hand and r.pile == view.pile and r.table == view.table
        assert tuple(len(h) for h in r.hands) == view.hand_counts
        assert len(r.stock) == view.stock
        for s in range(view.players):
            assert set(view.known[s]) <= set(r.hands[s])
        if view.rebuilt is not None:
            assert set(r.stock) <= set(view.rebuilt)
        cards = [*r.stock, *r.pile, *(c for h in r.hands for c in h)]
        cards += [s.card for m in r.table for s in m.slots]
        assert sorted(cards) == list(DECK)
        hidden = set(unseen(view))
        truth = {c for s, h in enumerate(state.round.hands) if s != seat for c in h}
        truth = (truth | set(state.round.stock)) - {c for k in view.known for c in k}
        assert hidden == truth


def test_samples_give_no_meld_to_a_player_who_has_opened_nor_40_to_one_who_has_played() -> None:
    # Seat 1 opened and holds 9 cards; seat 2 played without opening. Most deals of the
    # hidden cards break one of the two; the sampler redeals until neither is broken.
    hands = ["2S 5H 9C KD 4C", "3C 4H 8C 9D 2H JS 6D TS QH", "AS 3D 5C 7S 9H JD KC 2C 6H TC QD"]
    state = situation(hands, pile="4D", table=((1, "7H,8H,9H,TH"),), seat=0, drew="stock")
    state = replace(state, round=replace(state.round, stock=state.round.stock[:40]))
    view = GAME.view(state, 0)
    assert played(view) == (True, True, True)
    rng = random.Random(1)
    worlds = [world(view, rng) for _ in range(20)]
    assert sum(plausible(view, r) for r in worlds) >= 18
    raw = [deal_hidden(view, rng) for _ in range(20)]
    assert sum(plausible(view, r) for r in raw) < 18


def test_no_inference_about_a_seat_yet_to_play() -> None:
    view = GAME.view(GAME.new(JollyOptions(players=3), 4), 0)
    assert played(view) == (False, False, False)
    assert all(plausible(view, world(view, random.Random(n))) for n in range(5))


# -- hand-made positions ----------------------------------------------------------------

BOTH = (CLUB, EXPERT)


def test_jo8_opens_when_its_melds_reach_40() -> None:
    state = situation(["7H 8H 9H TH JH QS QD QC 2D 4C 6S 8D 9C KS", "2S 3S"], drew="stock")
    for bot in BOTH:
        assert decide(state, 0, bot) == "open:7H,8H,9H,TH,JH|QS,QD,QC"


def test_jo8_does_not_open_under_40() -> None:
    state = situation(["7H 8H 9H 2D 4C 6S 8D 9C KS", "2S 3S"], drew="stock")
    for bot in BOTH:
        assert decide(state, 0, bot).startswith("discard:")


def test_jo14_goes_out_at_once_when_it_can_a_mano_jolly() -> None:
    state = situation(["7H 8H 9H TH JH QS QD QC KS", "2S 3S"], drew="stock")
    for bot in BOTH:
        after, done = play_turn(state, bot)
        assert done == ["open:7H,8H,9H,TH,JH|QS,QD,QC", "discard:KS"]
        assert after.finished[-1].score is not None
        assert after.finished[-1].score.closer == 0 and after.finished[-1].score.mano


def test_jo13_goes_out_with_melds_and_lay_offs() -> None:
    state = situation(
        ["QH 5S 5D 5C 2D", "2S 3S 4S"],
        table=((1, "9H,TH,JH"), (0, "KS,KD,KC")),
        drew="stock",
    )
    for bot in BOTH:
        after, done = play_turn(state, bot)
        assert sorted(done[:-1]) == ["lay:1:QH", "meld:5S,5D,5C"] and done[-1] == "discard:2D"
        assert after.finished[-1].score is not None and after.finished[-1].score.closer == 0


def test_jo11_never_discards_a_joker_while_another_card_will_do() -> None:
    hands = ["JK 2S 7D KC 9H 4C 3D QS AH 6C", "2S 3S"]
    for drew in ("stock", "pile"):
        state = situation(hands, table=((0, "KS,KD,KH"),), drew=drew)
        for bot in BOTH:
            assert decide(state, 0, bot) != "discard:JK"
    # Every other card in a meld not yet 40: still a natural card goes.
    state = situation(["JK 2S 3S 4S 5C 5D", "2S 3S"], drew="stock")
    for bot in BOTH:
        assert decide(state, 0, bot) != "discard:JK"


def test_jo7_takes_from_the_pile_what_melds_at_once() -> None:
    state = situation(["7H 8H 2C 5D", "2S 3S"], pile="KS 9H", table=((0, "QS,QD,QC"),))
    for bot in BOTH:
        assert decide(state, 0, bot) == "take:1"
    _, done = play_turn(state)
    assert done == ["take:1", "meld:7H,8H,9H", "discard:5D"]


def test_jo7_takes_deeper_for_a_card_that_melds() -> None:
    state = situation(["7H 8H 2C 3D", "2S 3S"], pile="9H 4S 6D", table=((0, "QS,QD,QC"),))
    assert decide(state, 0, CLUB) == "take:3"


def test_jo7_draws_from_the_stock_when_the_pile_does_not_meld() -> None:
    # 4D is beside 5D, but melds with nothing now.
    state = situation(["7H 8H 2C 5D", "2S 3S"], pile="KS 4D", table=((0, "QS,QH,QC"),))
    for bot in BOTH:
        assert decide(state, 0, bot) == "draw"


def test_jo7_cannot_take_before_opening() -> None:
    state = situation(["7H 8H 2C 5D", "2S 3S"], pile="KS 9H")
    assert decide(state, 0, CLUB) == "draw"


def test_does_not_discard_what_the_next_player_took_a_card_beside() -> None:
    # KC would go first (the costliest loose card), but seat 1 took KS and KH from the
    # pile: KC gives it a set.
    hands = ["KC 4D", "KS KH 2C 3C 7D"]
    state = situation(hands, table=((1, "5H,6H,7H"),), known=("", "KS KH"), drew="stock")
    assert decide(state, 0, CLUB) == "discard:4D"
    quiet = situation(hands, table=((1, "5H,6H,7H"),), drew="stock")
    assert decide(quiet, 0, CLUB) == "discard:KC"


def test_does_not_discard_a_lay_off_for_the_next_player() -> None:
    # JD (a loose ten-pointer) would go, but it extends seat 1's run 8D-9D-TD.
    hands = ["JD 3S 8C", "2C 3C 7H"]
    state = situation(hands, table=((1, "8D,9D,TD"),), drew="stock")
    assert decide(state, 0, CLUB) == "discard:8C"


def test_keeps_pairs_and_near_runs() -> None:
    # 6S 6D make a set in the making and 9C TC a run; 4H is alone and 2D too.
    state = situation(["6S 6D 9C TC 4H", "2C 3C 7H"], drew="stock")
    assert decide(state, 0, CLUB) == "discard:4H"


# -- the play-outs' reading of a round -----------------------------------------------------


def test_a_round_not_over_counts_the_cards_left_at_a_fraction_of_their_cost() -> None:
    # 7H 8H 9H melds (24); of KS QD 2C, a ten-pointer is the next discard and the other
    # 12 points count at LEFT: a round has turns to go, in which they may yet meld.
    state = situation(["7H 8H 9H KS QD 2C", "2S 5S"], drew="stock")
    assert 0 < LEFT < 1
    assert outlook(state.round, 0) == 24 - LEFT * 12
    assert rough(state.round, 1) == -LEFT * 7
    assert worth(state.round, 0, 1.0) == 24 - LEFT * 12 + LEFT * 7


def test_a_round_over_counts_at_its_score() -> None:
    state = situation(["7H 8H 9H TH JH QS QD QC KS", "2S 3S"], drew="stock")
    after, _ = play_turn(state)
    r = after.finished[-1]
    assert r.score is not None and r.score.mano
    assert worth(r, 0, 1.0) == r.score.points[0] - r.score.points[1]
    assert r.score.points[1] == -2 * (2 + 3)  # JO-18: the full cost, doubled


# -- strength -----------------------------------------------------------------------------


def _hint_reason(hands: list[str], table: tuple[tuple[int, str], ...]) -> dict[str, Any]:
    """The hint's reason at seat 0's play, both seats opened, after a stock draw."""
    state = situation(hands, table=table, opened=(True, True), drew="stock")
    legal = GAME.legal_actions(state, 0)
    reason: dict[str, Any] = jolly_hint(GAME.view(state, 0), legal, 1, Budget(samples=2)).to_json()
    return reason["reason"]


def test_jo9_the_hint_says_a_lay_off_a_swap_and_a_meld_each_in_its_own_words() -> None:
    # Each step of the finder's plan has its reason: a lay-off and a swap name the card and
    # the table's meld it goes to (the client words each: "lay off 10♥ on 7♥ 8♥ 9♥").
    lay = _hint_reason(["TH 2C 5D", "2S 3S 4S"], ((1, "7H,8H,9H"),))
    assert lay == {
        "key": "jo_lay",
        "vars": {"action": "lay:1:TH", "card": "TH", "meld": "7H,8H,9H", "points": 10},
    }
    swap = _hint_reason(["8H 2C 5D QS", "2S 3S 4S"], ((1, "7H,JK=8H,9H"),))
    assert swap["key"] == "jo_swap"
    assert {k: swap["vars"][k] for k in ("action", "card", "meld")} == {
        "action": "swap:1:8H",
        "card": "8H",
        "meld": "7H,JK=8H,9H",
    }
    meld = _hint_reason(["2S 3S 4S 9C KD", "5H 6H 7H"], ((1, "7C,8C,9C"),))
    assert meld == {
        "key": "jo_meld",
        "vars": {"action": "meld:2S,3S,4S", "meld": "2S,3S,4S", "points": 9},
    }


def test_club_beats_beginner_in_the_arena() -> None:
    setup = arena.Setup(("club", "beginner"), seed=1, game="jolly", options={"players": 2})
    rep = arena.report(setup, arena.play_units(setup, 12, 1))
    paired = rep["paired"]
    assert paired["ci95"][0] > 0, paired
