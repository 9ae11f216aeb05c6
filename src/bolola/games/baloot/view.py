"""What one seat of a Baloot match may see (``view`` is the only way out of a state).

A seat sees its own hand, the bid card (and who took it), every bid and doubling step,
every card played, its own projects, everyone's projects once the first trick ends
(BA-17), the Baloot, the scores and totals. Of the others' hands only the counts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bolola.cards import Card
from bolola.games.baloot.bid import Said
from bolola.games.baloot.deal import Deal, TrickDone, team_abnat
from bolola.games.baloot.projects import Project
from bolola.games.baloot.scoring import RoundScore
from bolola.memo import Last, Shared

GAME_NAME = "baloot"


@dataclass(frozen=True, slots=True)
class DealDone:
    """A finished deal as the table shows it afterwards: its number and dealer, its score
    (``None``: passed out, BA-9), and the projects and Baloot that were shown."""

    deal_no: int
    dealer: int
    score: RoundScore | None
    projects: tuple[tuple[Project, ...], ...]
    baloot: int | None

    @classmethod
    def of(cls, deal_no: int, deal: Deal) -> DealDone:
        shown = deal.projects if deal.shown else tuple(() for _ in deal.projects)
        return cls(deal_no, deal.dealer, deal.score, shown, deal.baloot)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "deal": self.deal_no,
            "dealer": self.dealer,
            "passed_out": self.score is None,
            "declared": [[str(p) for p in ps] for ps in self.projects],
            "baloot_seat": self.baloot,
        }
        if self.score is not None:
            out.update(self.score.to_json())
        return out


# The finished deals are the same in every seat's view, and in every state of a deal
# (bolola.memo.Last).
_HISTORY: Last[tuple[DealDone, ...]] = Last()
_HISTORY_JSON: Last[list[dict[str, Any]]] = Last()


def history_of(finished: tuple[Deal, ...]) -> tuple[DealDone, ...]:
    """The finished deals as the table shows them (1-based deal numbers)."""
    return _HISTORY.get(
        finished, lambda: tuple(DealDone.of(n, d) for n, d in enumerate(finished, 1))
    )


def _history_json(history: tuple[DealDone, ...]) -> list[dict[str, Any]]:
    return list(_HISTORY_JSON.get(history, lambda: [h.to_json() for h in history]))


@dataclass(frozen=True, slots=True)
class BalootView:
    seat: int | None
    to_move: tuple[int, ...]
    legal: tuple[str, ...]
    deal_no: int
    dealer: int
    phase: str  # bid, double, play, over
    bid_card: Card
    bid_round: int
    # What the seat to move owes while the bidding is on (None after it): ``speak`` (a bid,
    # BA-5/BA-8), ``claim`` (an earlier speaker may claim a Sun, BA-7) or ``confirm`` (the
    # Hokum caller confirms or switches to Sun, BA-6), and the bid that stage answers.
    bid_stage: str | None
    standing: tuple[int, str] | None
    bids: tuple[Said, ...]
    contract: str | None
    buyer: int | None
    caller: int | None
    level: int
    gahwa: bool
    doubles: tuple[tuple[int, str], ...]
    hand: tuple[Card, ...] | None
    hand_counts: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[TrickDone, ...]
    my_projects: tuple[Project, ...]
    projects: tuple[tuple[Project, ...], ...] | None  # everyone's, once shown
    baloot: int | None
    abnat: tuple[int, int]  # this deal's, taken so far
    totals: tuple[int, int]  # team 0 (seats 0, 2), team 1 (seats 1, 3)
    history: tuple[DealDone, ...]
    winner: int | None
    options: dict[str, bool]
    # What the seats' views of one state share (all but seat, legal, hand, my_projects),
    # made into JSON by the first of them to be encoded (BalootGame.view).
    _shared: Shared[dict[str, Any]] | None = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        """The view's JSON. Its lists and dicts beyond the seat's own (seat, legal, hand,
        my_projects) are shared with the other seats' views of the state: do not change
        them."""
        public = (
            self._public_json() if self._shared is None else self._shared.get(self._public_json)
        )
        return {
            **public,
            "seat": self.seat,
            "legal": list(self.legal),
            "hand": None if self.hand is None else [str(c) for c in self.hand],
            "my_projects": [str(p) for p in self.my_projects],
        }

    def _public_json(self) -> dict[str, Any]:
        return {
            "game": GAME_NAME,
            "to_move": list(self.to_move),
            "deal": self.deal_no,
            "dealer": self.dealer,
            "phase": self.phase,
            "bid_card": str(self.bid_card),
            "bid_round": self.bid_round,
            "bid_stage": self.bid_stage,
            "standing": None
            if self.standing is None
            else {"seat": self.standing[0], "said": self.standing[1]},
            "bids": [
                {"round": b.round_no, "seat": b.seat, "stage": b.stage, "said": b.text}
                for b in self.bids
            ],
            "contract": self.contract,
            "buyer": self.buyer,
            "caller": self.caller,
            "level": self.level,
            "gahwa": self.gahwa,
            "doubles": [{"seat": s, "said": t} for s, t in self.doubles],
            "hand_counts": list(self.hand_counts),
            "trick": [{"seat": s, "card": str(c)} for s, c in self.trick],
            "tricks": [
                {
                    "leader": t.leader,
                    "cards": [str(c) for _, c in t.cards],
                    "winner": t.winner,
                }
                for t in self.tricks
            ],
            "projects": None
            if self.projects is None
            else [[str(p) for p in ps] for ps in self.projects],
            "baloot": self.baloot,
            "abnat": list(self.abnat),
            "totals": list(self.totals),
            "history": _history_json(self.history),
            "winner": self.winner,
            "options": dict(self.options),
        }


def make_view(
    deal: Deal,
    seat: int | None,
    to_move: tuple[int, ...],
    legal: tuple[str, ...],
    deal_no: int,
    totals: tuple[int, int],
    history: tuple[DealDone, ...],
    winner: int | None,
    options: dict[str, bool],
    shared: Shared[dict[str, Any]] | None = None,
) -> BalootView:
    c = deal.contract
    bidding = deal.phase == "bid"
    return BalootView(
        seat=seat,
        to_move=to_move,
        legal=legal,
        deal_no=deal_no,
        dealer=deal.dealer,
        phase=deal.phase,
        bid_card=deal.bid_card,
        bid_round=deal.bidding.round_no,
        bid_stage=deal.bidding.stage if bidding else None,
        standing=deal.bidding.standing if bidding else None,
        bids=deal.bidding.said,
        contract=None if c is None else str(c),
        buyer=None if c is None else c.buyer,
        caller=None if c is None else c.caller,
        level=deal.level,
        gahwa=deal.gahwa,
        doubles=deal.raised,
        hand=None if seat is None else deal.hands[seat],
        hand_counts=tuple(len(h) for h in deal.hands),
        trick=deal.trick,
        tricks=deal.tricks,
        my_projects=() if seat is None else deal.projects[seat],
        projects=deal.projects if deal.shown else None,
        baloot=deal.baloot,
        abnat=team_abnat(deal),
        totals=totals,
        history=history,
        winner=winner,
        options=options,
        _shared=shared,
    )
