"""Bidding (BA-5 … BA-9): two rounds of Pass, Hokum, Sun and Ashkal, the Hokum caller's
confirmation and the earlier speakers' claims of a Sun.

>>> from bolola.cards import Suit
>>> b = Bidding(dealer=3, bid_suit=Suit.HEARTS)
>>> b.to_move, [str(a) for a in b.legal()]
(0, ['pass', 'hokum', 'sun'])
>>> b = b.apply(Call("hokum")); [str(a) for a in b.legal()]  # seat 1, after a Hokum
['pass', 'sun']
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bolola.cards import Suit
from bolola.engine import IllegalAction


@dataclass(frozen=True, slots=True)
class Pass:
    """``pass``: in bidding, a claim window, or declining a doubling step."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()
BIDS = ("hokum", "sun", "ashkal")


@dataclass(frozen=True, slots=True)
class Call:
    """``hokum``, ``sun``, ``ashkal``; a round-two Hokum names its suit: ``hokum:S``."""

    kind: str
    suit: Suit | None = None

    def __str__(self) -> str:
        return self.kind if self.suit is None else f"{self.kind}:{self.suit.letter}"


@dataclass(frozen=True, slots=True)
class Contract:
    """What the bidding bought: Hokum in a trump suit or Sun, the caller and the buyer
    (the caller's partner after an Ashkal, BA-10)."""

    kind: str  # "hokum" or "sun"
    trump: Suit | None
    caller: int
    buyer: int
    ashkal: bool = False

    @property
    def is_sun(self) -> bool:
        return self.kind == "sun"

    @property
    def team(self) -> int:
        """The bidding team: 0 (seats 0, 2) or 1 (seats 1, 3)."""
        return self.buyer % 2

    def __str__(self) -> str:
        if self.trump is not None:
            return f"hokum:{self.trump.letter}"
        return "ashkal" if self.ashkal else "sun"


@dataclass(frozen=True, slots=True)
class Said:
    """One bid, for the views: the round (1, 2), the seat, the stage and what it said."""

    round_no: int
    seat: int
    stage: str
    text: str

    def __str__(self) -> str:
        return f"{self.seat}:{self.text}"


@dataclass(frozen=True, slots=True)
class Bidding:
    """Where the bidding stands. Positions count speakers from the player after the
    dealer (0) to the dealer (3). ``stage``: ``speak`` (the normal turn), ``claim`` (an
    earlier speaker may claim a Sun, BA-7) or ``confirm`` (the Hokum caller, BA-6)."""

    dealer: int
    bid_suit: Suit
    round_no: int = 1
    pos: int = 0
    stage: str = "speak"
    hokum: tuple[int, Suit] | None = None  # position of the Hokum caller, its trump
    sun: tuple[int, bool] | None = None  # position of the Sun caller, whether Ashkal
    claim: int = 0  # the position asked to claim
    said: tuple[Said, ...] = ()

    def seat_at(self, pos: int) -> int:
        return (self.dealer + 1 + pos) % 4

    @property
    def to_move(self) -> int:
        if self.stage == "claim":
            return self.seat_at(self.claim)
        if self.stage == "confirm" and self.hokum is not None:
            return self.seat_at(self.hokum[0])
        return self.seat_at(self.pos)

    @property
    def standing(self) -> tuple[int, str] | None:
        """The bid the seat to move answers, as (its caller's seat, its text), so a player
        can be told what is owed: the Sun or Ashkal an earlier speaker may claim (stage
        ``claim``, BA-7), the Hokum its caller confirms or switches to Sun (``confirm``,
        BA-6), or a Hokum the later speakers may only overcall with a Sun (``speak``,
        BA-6). ``None`` while no bid stands."""
        if self.stage == "claim" and self.sun is not None:
            pos, ashkal = self.sun
            return self.seat_at(pos), "ashkal" if ashkal else "sun"
        if self.hokum is not None:
            pos, trump = self.hokum
            return self.seat_at(pos), str(Call("hokum", None if self.round_no == 1 else trump))
        return None

    def _hokum_calls(self) -> list[Call]:
        if self.round_no == 1:
            return [Call("hokum")]
        return [Call("hokum", s) for s in Suit if s != self.bid_suit]

    def legal(self) -> tuple[Pass | Call, ...]:
        if self.stage == "claim":
            return (PASS, Call("sun"))
        if self.stage == "confirm" and self.hokum is not None:
            suit = None if self.round_no == 1 else self.hokum[1]
            return (Call("hokum", suit), Call("sun"))
        out: list[Pass | Call] = [PASS]
        if self.hokum is None:
            out += self._hokum_calls()
        out.append(Call("sun"))
        if self.round_no == 1 and self.pos >= 2:
            out.append(Call("ashkal"))
        return tuple(out)

    def apply(self, action: object) -> Bidding | Contract | None:
        """The bidding after ``action``: still going, the contract bought, or ``None``
        when all four passed in both rounds (BA-9)."""
        if action not in self.legal():
            raise IllegalAction(*self._why(action))
        assert isinstance(action, Pass | Call)
        b = replace(
            self, said=(*self.said, Said(self.round_no, self.to_move, self.stage, str(action)))
        )
        if b.stage == "claim":
            if isinstance(action, Call):  # the first claim takes the Sun (BA-7)
                return Contract("sun", None, b.to_move, b.to_move)
            claim = b.claim + 1
            assert b.sun is not None
            if claim == b.sun[0]:
                return b._sun_bought()
            return replace(b, claim=claim)
        if b.stage == "confirm":
            assert b.hokum is not None
            if action.kind == "hokum":  # type: ignore[union-attr]
                seat = b.to_move
                return Contract("hokum", b.hokum[1], seat, seat)
            return b._sun_called(b.hokum[0], False)  # BA-6: a switch is a Sun (BA-7)
        if isinstance(action, Pass):
            return b._next_speaker()
        if action.kind == "hokum":
            trump = action.suit if action.suit is not None else b.bid_suit
            return replace(b, hokum=(b.pos, trump))._next_speaker()
        return b._sun_called(b.pos, action.kind == "ashkal")

    def _next_speaker(self) -> Bidding | None:
        pos = self.pos + 1
        if pos < 4:
            return replace(self, pos=pos)
        if self.hokum is not None:
            return replace(self, pos=pos, stage="confirm")
        if self.round_no == 1:
            return replace(self, round_no=2, pos=0)
        return None

    def _sun_called(self, pos: int, ashkal: bool) -> Bidding | Contract:
        b = replace(self, sun=(pos, ashkal), stage="claim", claim=0)
        return b._sun_bought() if pos == 0 else b

    def _sun_bought(self) -> Contract:
        assert self.sun is not None
        caller = self.seat_at(self.sun[0])
        ashkal = self.sun[1]
        return Contract("sun", None, caller, (caller + 2) % 4 if ashkal else caller, ashkal)

    def _why(self, action: object) -> tuple[str, str]:
        rule = "BA-5" if self.round_no == 1 else "BA-8"
        if self.stage == "claim":
            return "BA-7", f"{action}: an earlier speaker may only claim the Sun (sun) or pass"
        if self.stage == "confirm":
            return "BA-6", f"{action}: the Hokum caller confirms Hokum or switches to sun"
        if not isinstance(action, Call):
            return rule, f"{action}: the bidding is on; say pass, hokum, sun or ashkal"
        if action.kind == "hokum" and self.hokum is not None:
            return "BA-6", f"{action}: after a Hokum, only Sun (or Ashkal) or pass"
        if action.kind == "hokum" and self.round_no == 1:
            return "BA-5", f"{action}: in round one Hokum is in the bid card's suit: say hokum"
        if action.kind == "hokum":
            return "BA-8", (
                f"{action}: in round two Hokum names a suit other than the bid card's "
                f"({self.bid_suit.letter}), like hokum:S"
            )
        if action.kind == "ashkal" and self.round_no == 2:
            return "BA-8", "ashkal: no Ashkal in round two"
        return "BA-5", f"{action}: only the third and fourth speakers may say ashkal"
