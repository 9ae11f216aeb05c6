"""A King Bolola match set up from given hands, for the bots' tests."""

from __future__ import annotations

from bolola.cards import FULL_DECK, Card, cards_of, mask_of, parse_cards
from bolola.games.king_bolola.match import GAME, Match


def table(*seats: str, contract: str | None, declarer: int = 0, play: str = "") -> Match:
    """A match at its first deal with these hands (unnamed cards go, lowest first, to
    the seats still short of 13), the contract declared (if given) and ``play`` played."""
    given = [mask_of(parse_cards(s.split())) for s in seats] + [0] * (4 - len(seats))
    spare = list(cards_of(FULL_DECK & ~(given[0] | given[1] | given[2] | given[3])))
    hands = []
    for mask in given:
        need = 13 - mask.bit_count()
        hands.append(mask | mask_of(spare[:need]))
        spare = spare[need:]
    options = GAME.parse_options({"first-declarer": declarer})
    state = GAME.new(options, 0)._replace(dealt=(hands[0], hands[1], hands[2], hands[3]))
    if contract is not None:
        state, _ = GAME.apply(state, declarer, GAME.parse_action(contract))
    for text in play.split():
        seat = GAME.to_move(state)[0]
        state, _ = GAME.apply(state, seat, Card.parse(text))
    return state
