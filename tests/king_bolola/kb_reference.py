"""King Bolola's trick rules written a second time, plainly, from the rules file.

The engine computes legality with bitmask tricks on its hot path; this slow version, in
sets of cards and rule by rule, is what the differential tests hold it to.
"""

from __future__ import annotations

from bolola.cards import Card, Suit
from bolola.games.king_bolola.contract import Contract

J, Q, K, A = 11, 12, 13, 14
KH = Card.parse("KH")


def _restricts_hearts(contract: Contract) -> bool:  # KB-24, KB-26, KB-28, KB-35
    return contract in (
        Contract.HEARTS,
        Contract.KING_OF_HEARTS,
        Contract.BOLOLA_NEGATIVE,
        Contract.BOLOLA_POSITIVE,
    )


def legal(
    contract: Contract,
    trump: Suit | None,
    king_under_ace: bool,
    hand: set[Card],
    trick: list[Card],
    earlier: set[Card],
) -> set[Card]:
    """What the seat to move may play; ``earlier`` = the cards of finished tricks."""
    if not trick:
        if _restricts_hearts(contract):  # KB-14
            broken = any(c.suit is Suit.HEARTS for c in earlier)
            others = {c for c in hand if c.suit is not Suit.HEARTS}
            if not broken and others:
                return others
        if contract is Contract.TRUMPS:  # KB-31
            assert trump is not None
            played = any(c.suit is trump for c in earlier)
            others = {c for c in hand if c.suit is not trump}
            if not played and others:
                return others
        return set(hand)
    led = trick[0].suit
    follow = {c for c in hand if c.suit is led}
    on_table = [c for c in trick if c.suit is led]
    if follow:  # KB-11
        forced: set[Card] = set()
        if contract in (Contract.JACKS_KINGS, Contract.BOLOLA_NEGATIVE):  # KB-20, KB-29
            forced |= {
                c for c in follow if c.rank in (J, K) and any(t.rank > c.rank for t in on_table)
            }
        if contract in (Contract.QUEENS, Contract.BOLOLA_NEGATIVE):  # KB-22, KB-29
            forced |= {c for c in follow if c.rank == Q and any(t.rank in (K, A) for t in on_table)}
        ace_on_table = Card.parse("AH") in on_table
        if contract is Contract.KING_OF_HEARTS and king_under_ace and ace_on_table:
            forced = {KH} & follow
        if contract is Contract.TRUMPS and led is trump:  # KB-32
            top = max(t.rank for t in on_table)
            forced = {c for c in follow if c.rank > top}
        return forced or follow  # KB-33: no other duty
    if contract is Contract.JACKS_KINGS:  # KB-21
        return {c for c in hand if c.rank in (J, K)} or set(hand)
    if contract is Contract.QUEENS:  # KB-23
        return {c for c in hand if c.rank == Q} or set(hand)
    if contract is Contract.HEARTS:  # KB-25
        return {c for c in hand if c.suit is Suit.HEARTS} or set(hand)
    if contract is Contract.KING_OF_HEARTS:  # KB-27
        if KH in hand:
            return {KH}
        return {c for c in hand if c.suit is Suit.HEARTS} or set(hand)
    if contract is Contract.BOLOLA_NEGATIVE:  # KB-30
        return {c for c in hand if c.rank in (J, Q, K) or c.suit is Suit.HEARTS} or set(hand)
    if contract is Contract.TRUMPS:  # KB-34
        trumps = {c for c in hand if c.suit is trump}
        table_trumps = [t.rank for t in trick if t.suit is trump]
        if trumps and table_trumps:
            return {c for c in trumps if c.rank > max(table_trumps)} or trumps
        return trumps or set(hand)
    return set(hand)  # KB-12


def winner(trick: list[Card], leader: int, trump: Suit | None) -> int:
    """KB-13."""
    trumps = [c for c in trick if c.suit is trump]
    pool = trumps or [c for c in trick if c.suit is trick[0].suit]
    best = max(pool, key=lambda c: c.rank)
    return (leader + trick.index(best)) % 4


def points(contract: Contract, cards: list[Card], trick_no: int) -> int:
    """What taking this trick scores (KB-40 … KB-48)."""
    jk = sum(1 for c in cards if c.rank in (J, K))
    queens = sum(1 for c in cards if c.rank == Q)
    hearts = sum(1 for c in cards if c.suit is Suit.HEARTS)
    has_kh = KH in cards
    last = {12: 1, 13: 2}.get(trick_no, 0)
    if contract is Contract.TRICKS:
        return -50
    if contract is Contract.JACKS_KINGS:
        return -60 * jk
    if contract is Contract.QUEENS:
        return -100 * queens
    if contract is Contract.HEARTS:
        return -30 * hearts
    if contract is Contract.LAST_TWO:
        return -120 * last
    if contract is Contract.KING_OF_HEARTS:
        return -320 if has_kh else 0
    if contract is Contract.TRUMPS:
        return 50
    bolola = 15 + 20 * jk + 30 * queens + 10 * hearts + 95 * has_kh + (0, 40, 60)[last]
    return -bolola if contract is Contract.BOLOLA_NEGATIVE else bolola


def ends_after(contract: Contract, gone: set[Card], tricks: int) -> bool:
    """Whether the deal is over once ``gone`` has been taken in ``tricks`` tricks."""
    if tricks == 13:
        return True
    if contract is Contract.JACKS_KINGS:
        return sum(1 for c in gone if c.rank in (J, K)) == 8
    if contract is Contract.QUEENS:
        return sum(1 for c in gone if c.rank == Q) == 4
    if contract is Contract.HEARTS:
        return sum(1 for c in gone if c.suit is Suit.HEARTS) == 13
    if contract is Contract.KING_OF_HEARTS:
        return KH in gone
    return False
