"""What a seat cannot see, and a deal it cannot tell apart (``resample``).

Hidden from a seat: the other hands, the undealt cards, and the others' projects while
the first trick is on. Public knowledge binds the redeal: the bid card stays with its
buyer, revealed project cards stay with their owners, and a seat that showed a void (or,
under ``strict-trumping``, that it had no trump or no higher trump, BA-15; or only
trumps, leading one in a locked round, BA-13) gets no such card.
"""

from __future__ import annotations

import random
from dataclasses import replace

from bolola.cards import Card
from bolola.games.baloot.deal import Deal
from bolola.games.baloot.deck import DECK, hand_order, power
from bolola.games.baloot.options import BalootOptions
from bolola.games.baloot.trick import Trick, winning

ATTEMPTS = 30


def barred(deal: Deal, options: BalootOptions) -> list[set[Card]]:
    """The cards each seat has shown it cannot hold."""
    out: list[set[Card]] = [set(), set(), set(), set()]
    trump = deal.trump
    tricks: list[Trick] = [t.cards for t in deal.tricks]
    if deal.trick:
        tricks.append(deal.trick)
    for trick in tricks:
        lead_seat, lead = trick[0]
        if deal.locked and trump is not None and lead.suit == trump:
            out[lead_seat] |= {c for c in DECK if c.suit != trump}
        for k in range(1, len(trick)):
            seat, card = trick[k]
            if card.suit == lead.suit:
                continue
            out[seat] |= {c for c in DECK if c.suit == lead.suit}
            if not options.strict_trumping or trump is None or lead.suit == trump:
                continue
            best_seat, best = winning(trick[:k], trump)
            if best_seat % 2 == seat % 2:
                continue
            if card.suit != trump:
                out[seat] |= {c for c in DECK if c.suit == trump}
            elif best.suit == trump and power(card, trump) < power(best, trump):
                out[seat] |= {
                    c for c in DECK if c.suit == trump and power(c, trump) > power(best, trump)
                }
    return out


def known(deal: Deal, seat: int) -> set[Card]:
    """Cards of ``seat``'s hand that every other seat knows are there."""
    out: set[Card] = set()
    hand = set(deal.hands[seat])
    if deal.contract is not None and deal.contract.buyer == seat and deal.bid_card in hand:
        out.add(deal.bid_card)
    if deal.shown:
        out |= {c for p in deal.projects[seat] for c in p.cards if c in hand}
    return out


def resample_deal(deal: Deal, seat: int, options: BalootOptions, rng: random.Random) -> Deal:
    """A deal ``seat`` cannot tell from ``deal``: the hidden cards dealt anew."""
    if deal.phase == "over":
        return deal
    others = [s for s in range(4) if s != seat]
    bars = barred(deal, options)
    fixed = {s: known(deal, s) for s in others}
    pool = [c for s in others for c in deal.hands[s] if c not in fixed[s]] + list(deal.stock)
    # Slots: each other seat's free places, then the undealt cards (no constraint).
    rooms = [len(deal.hands[s]) - len(fixed[s]) for s in others] + [len(deal.stock)]
    bans = [bars[s] for s in others] + [set()]
    dealt = _redeal(pool, rooms, bans, rng)
    if dealt is None:
        return deal
    hands = list(deal.hands)
    for k, s in enumerate(others):
        hands[s] = hand_order((*fixed[s], *dealt[k]))
    projects = deal.projects
    if not deal.shown:
        projects = tuple(ps if s == seat else () for s, ps in enumerate(deal.projects))
    return replace(deal, hands=tuple(hands), stock=tuple(dealt[-1]), projects=projects)


def _redeal(
    pool: list[Card], rooms: list[int], bans: list[set[Card]], rng: random.Random
) -> list[list[Card]] | None:
    for _ in range(ATTEMPTS):
        cards = list(pool)
        rng.shuffle(cards)
        cards.sort(key=lambda c: sum(1 for b in bans if c not in b))
        room = list(rooms)
        out: list[list[Card]] = [[] for _ in rooms]
        for card in cards:
            places = [i for i, b in enumerate(bans) if room[i] > 0 and card not in b]
            if not places:
                break
            i = rng.choices(places, [room[i] for i in places])[0]
            out[i].append(card)
            room[i] -= 1
        else:
            return out
    return None
