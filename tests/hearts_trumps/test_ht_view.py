"""What a seat may see: hidden placements and hidden loot (HT-6, HT-8), the view's JSON,
and resampling what a seat cannot see."""

from __future__ import annotations

import json
import random

import pytest
from ht_deals import place, random_match, rigged

from bolola.games.hearts_trumps.deck import card_of
from bolola.games.hearts_trumps.match import GAME

KEYS = [
    "game", "seat", "deal", "round", "hand_no", "phase", "to_move", "placed", "legal", "hand",
    "hand_counts", "my_placement", "last_hand", "loot_taken", "my_loot", "pile", "totals",
    "target", "history", "options",
]  # fmt: skip


def texts(value) -> set[str]:
    """Every string in a JSON value, split at '/' (placements name three cards)."""
    if isinstance(value, dict):
        return set().union(*(texts(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(texts(v) for v in value)) if value else set()
    if isinstance(value, str):
        return set(value.split("/"))
    return set()


def hidden_from(state, seat: int) -> set[str]:
    """Cards ``seat`` may not see now: the opponent's hand, unresolved placement and loot
    this deal, and every card of later rounds (jokers left out: two are alike)."""
    o = 1 - seat
    cards = [*state.hands[o], *(state.pending[o] or ()), *state.undealt[0], *state.undealt[1]]
    cards += [h.placements[o][0] for h in state.played]
    return {str(card_of(c)) for c in cards if c < 52}


def test_the_view_json_has_the_contract_keys_and_types():
    state = rigged("2S 3S 4S 5S 6S 7S", "2D 3D 4D 5D 6D 7D")
    state, _ = GAME.apply(state, 1, GAME.parse_action("2D/3D/4D"))
    view = GAME.view(state, 1).to_json()
    assert list(view) == KEYS
    assert view["game"] == "hearts-trumps" and view["seat"] == 1
    assert (view["deal"], view["round"], view["hand_no"], view["phase"]) == (1, 1, 1, "place")
    assert view["to_move"] == [0] and view["placed"] == [False, True] and view["legal"] == []
    assert view["hand"] == ["5D", "6D", "7D"] and view["hand_counts"] == [6, 3]
    assert view["my_placement"] == {"loot": "2D", "attacker": "3D", "defender": "4D"}
    assert view["last_hand"] is None and view["history"] == []
    assert view["options"] == {"target": 500} and view["target"] == 500
    other = GAME.view(state, 0).to_json()
    assert other["my_placement"] is None and len(other["legal"]) == 120
    assert other["placed"] == [False, True]
    json.dumps(view)


def test_ht06_the_opponents_placement_is_secret_until_both_have_placed():
    state = rigged("2S 3S 4S 5S 6S 7S", "2D 3D 4D 5D 6D 7D")
    state, events = GAME.apply(state, 1, GAME.parse_action("2D/3D/4D"))
    for seat in (0, None):
        seen = texts(GAME.view(state, seat).to_json())
        assert not seen & {"2D", "3D", "4D", "5D", "6D", "7D"}
        public = [str(e) for e in events if e.audience is None or seat in e.audience]
        assert public == ["placed 1"]


def test_ht08_captured_loot_stays_hidden_until_the_deal_ends():
    state = rigged("2S 3S 4S 5S 6S 7S", "2D 3D 4D 5D 6D 7D")
    state, _ = place(state, "2S/7S/3S", "2D/3D/6D")
    mine = GAME.view(state, 0).to_json()
    assert "2D" not in texts(mine)  # seat 0 took it but may not see it
    assert mine["loot_taken"] == [1, 1]
    assert mine["my_loot"] == [{"card": "2S", "taken_by": 1}]
    assert mine["last_hand"]["my_loot"] == "2S"
    spectator = GAME.view(state, None).to_json()
    assert not texts(spectator) & {"2S", "2D"} and spectator["my_loot"] == []
    assert spectator["last_hand"]["my_loot"] is None


@pytest.mark.parametrize("seed", [3, 4])
def test_ht08_no_view_or_event_shows_a_hidden_card_and_history_reveals_the_loot(seed):
    steps = random_match(seed, target=200)
    for k, (state, events) in enumerate(steps[:-1]):
        for seat in (0, 1):
            view = GAME.view(state, seat).to_json()
            # The previous deal's last hand (shown until a new hand resolves) is no secret.
            last = view["last_hand"] if state.played else None
            seen = texts({**view, "history": [], "last_hand": last})
            assert not seen & hidden_from(state, seat), f"step {k}: seat {seat} sees hidden"
            if k == 0:
                continue
            before = steps[k - 1][0]
            shown = [str(e) for e in events if e.audience is None or seat in e.audience]
            named = texts(" ".join(shown).replace(" ", "/"))
            secret = hidden_from(before, seat)
            if any(t.startswith("battle") for t in shown):
                # Battles show attackers and defenders, never the opponent's loot.
                p = state.last.placements[1 - seat]
                secret -= {str(card_of(p[1])), str(card_of(p[2]))}
            assert not named & secret, f"step {k}: events {shown} show seat {seat} a secret"
        spectator = GAME.view(state, None).to_json()
        last = spectator["last_hand"] if state.played else None
        seen = texts({**spectator, "history": [], "last_hand": last})
        assert not seen & (hidden_from(state, 0) | hidden_from(state, 1))
    final = steps[-1][0]
    for deal in GAME.view(final, 0).to_json()["history"]:
        assert sum(deal["loot_counts"]) == 18
        assert [len(cards) for cards in deal["loot"]] == deal["loot_counts"]


def test_ht08_resampling_redeals_the_hidden_cards_and_keeps_the_view():
    rng = random.Random(5)
    changed = 0
    for state, _ in random_match(5)[::7]:
        for seat in (0, 1):
            other = GAME.resample(state, seat, rng)
            assert GAME.view(other, seat) == GAME.view(state, seat)
            assert GAME.view(other, None) == GAME.view(state, None)
            assert other.hands[seat] == state.hands[seat]
            assert other.pending[seat] == state.pending[seat]
            changed += other != state
            # The resampled state plays on like any other.
            for s in GAME.to_move(other):
                GAME.apply(other, s, GAME.legal_actions(other, s)[0])
    assert changed > 10
