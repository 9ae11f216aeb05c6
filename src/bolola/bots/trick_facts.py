"""What a seat at a trick game can count from its view: the second line of a card hint.

Three things are seen: the seat's own hand, every card played so far this deal, and who
did not follow suit (under every trick game's follow-suit rule such a seat has none of
the led suit left). A card neither in the hand nor played is *out*: a fact names it
only as out, never as anyone's, and names a seat only by where it sits from the one
asking and what it has shown. So a fact tells nothing the seat could not count itself.

The facts, for the card to play (``card``), its suit (``suit``):

- ``card_top``: no card of the suit above it is out (it is the best left);
- ``card_void``: a seat still to play to this trick has shown it has none of the suit led;
- ``card_keep``: a higher card of the suit is kept back, and ``out`` is still out above it;
- ``card_keep_top``: a higher card of the suit is kept back, and it is the best left;
- ``card_out``: ``count`` cards above it are out, ``out`` the highest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from bolola.bots.hint import Fact
from bolola.cards import Card, Suit

TOP = "card_top"
VOID = "card_void"
KEEP = "card_keep"
KEEP_TOP = "card_keep_top"
OUT = "card_out"

Played = tuple[tuple[int, Card], ...]
"""A trick's cards as (seat, card), the leader first."""


@dataclass(frozen=True, slots=True)
class Seen:
    """One seat's sight of a deal in play (built by each game's hint from its view)."""

    seat: int
    players: int
    hand: tuple[Card, ...]
    tricks: tuple[Played, ...]  # this deal's finished tricks
    trick: Played  # the trick in play, possibly empty
    deck: tuple[Card, ...]  # every card the game deals
    power: Callable[[Card], int]  # order within a suit: higher takes
    trump: Suit | None
    follow_rule: str  # the rule id a void is inferred from

    @property
    def played(self) -> frozenset[Card]:
        return frozenset(c for t in (*self.tricks, self.trick) for _, c in t)

    def out(self) -> tuple[Card, ...]:
        """The cards neither in the hand nor played."""
        gone = self.played | set(self.hand)
        return tuple(c for c in self.deck if c not in gone)


def voids(tricks: Iterable[Played]) -> dict[int, frozenset[Suit]]:
    """The suits each seat has shown it lacks: a card of another suit to a suit led."""
    out: dict[int, set[Suit]] = {}
    for t in tricks:
        if not t:
            continue
        led = t[0][1].suit
        for seat, card in t[1:]:
            if card.suit != led:
                out.setdefault(seat, set()).add(led)
    return {s: frozenset(v) for s, v in out.items()}


def fact(seen: Seen, card: Card) -> Fact | None:
    """The one fact that best explains playing ``card`` (see the module docstring).

    A void first: a seat yet to play that lacks the suit may ruff or throw off, which
    outweighs any count of the suit. A card of another suit than the one led bears on
    nothing in the trick: no fact, unless it is the best trump left."""
    suit = card.suit
    led = seen.trick[0][1].suit if seen.trick else suit
    out = seen.out()
    above = _above(out, card, seen.power)
    if suit != led:
        if above or suit != seen.trump:
            return None
        return Fact(TOP, {"card": str(card), "suit": suit.letter})
    shown = voids((*seen.tricks, seen.trick))
    for k in range(1, seen.players - len(seen.trick)):
        seat = (seen.seat + k) % seen.players
        if led in shown.get(seat, ()):
            return Fact(
                VOID, {"after": k, "seat": seat, "suit": led.letter, "rule": seen.follow_rule}
            )
    if not above:
        return Fact(TOP, {"card": str(card), "suit": suit.letter})
    higher = [h for h in seen.hand if h.suit == suit and seen.power(h) > seen.power(card)]
    if higher:
        kept = max(higher, key=seen.power)
        over = _above(out, kept, seen.power)
        if not over:
            return Fact(KEEP_TOP, {"card": str(kept), "suit": suit.letter})
        return Fact(KEEP, {"card": str(kept), "out": str(max(over, key=seen.power))})
    top = max(above, key=seen.power)
    return Fact(OUT, {"card": str(card), "out": str(top), "count": len(above)})


def _above(cards: Sequence[Card], card: Card, power: Callable[[Card], int]) -> list[Card]:
    return [c for c in cards if c.suit == card.suit and power(c) > power(card)]
