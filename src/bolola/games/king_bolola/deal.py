"""One deal of King Bolola: legal play, tricks, scoring and early ends (KB-9 … KB-48).

The deal is the engine's hot path, so its state is a ``NamedTuple`` of ints (immutable,
and five times cheaper to build than a frozen dataclass) with hands as 52-bit masks.
Nothing here is mutable; :func:`play` returns a new deal.

>>> d = new_deal(Contract.QUEENS, None, 0, hands_from_seed(1))
>>> card = cards_of(legal_mask(d))[0]
>>> d, events = play(d, 0, card.index)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from bolola.cards import CARDS, FULL_DECK, SUIT_MASKS, Card, cards_of, rank_mask
from bolola.engine import IllegalAction
from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.events import CARD_PLAYED, CardPlayed, DealEnded, TrickTaken

HEARTS = SUIT_MASKS[1]
JACKS = rank_mask(11)
QUEENS = rank_mask(12)
KINGS = rank_mask(13)
JACKS_KINGS = JACKS | KINGS
KING_OF_HEARTS = 1 << Card.parse("KH").index
PENALTY = JACKS | QUEENS | KINGS | HEARTS
NO_TRUMP = -1

Hands = tuple[int, int, int, int]
_new = tuple.__new__


class Deal(NamedTuple):
    """A deal in play. ``trick`` holds card indices in play order from ``leader``."""

    contract: Contract
    trump: int  # suit index, or NO_TRUMP
    king_under_ace: bool
    declarer: int
    dealt: Hands  # the hands as dealt, for records
    hands: Hands
    leader: int
    trick: tuple[int, ...]
    trick_mask: int
    gone: int  # cards of finished tricks
    tricks: tuple[tuple[int, tuple[int, ...]], ...]  # finished tricks: (leader, cards)
    points: Hands
    tricks_won: Hands
    done: bool
    legal: int  # what the seat to move may play: computed once per state, read twice

    @property
    def to_move(self) -> int | None:
        return None if self.done else (self.leader + len(self.trick)) & 3

    @property
    def tricks_played(self) -> int:
        return len(self.tricks)


def hands_from_seed(seed: int | str) -> Hands:
    """Shuffle a deck with a private generator and deal 13 cards to each seat (KB-4)."""
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    return hands_of_deck(deck)


def hands_of_deck(deck: Sequence[int]) -> Hands:
    """A deck in deal order (card indices) dealt 13 cards to each seat, seat 0 first."""
    masks = [0, 0, 0, 0]
    for i, card in enumerate(deck):
        masks[i // 13] |= 1 << card
    return (masks[0], masks[1], masks[2], masks[3])


def new_deal(
    contract: Contract,
    trump: int | None,
    declarer: int,
    hands: Hands,
    *,
    king_under_ace: bool = False,
) -> Deal:
    """A deal about to start: the declarer leads trick 1 (KB-6)."""
    t = NO_TRUMP if trump is None else trump
    return Deal(
        contract,
        t,
        king_under_ace,
        declarer,
        hands,
        hands,
        declarer,
        (),
        0,
        0,
        (),
        (0, 0, 0, 0),
        (0, 0, 0, 0),
        False,
        legal_for(contract, t, king_under_ace, hands[declarer], (), 0, 0),
    )


# --- legal play --------------------------------------------------------------------------


def _below(mask: int, high: int) -> int:
    """The cards of ``mask`` ranked under card index ``high`` (same suit assumed)."""
    return mask & ((1 << high) - 1)


def _follow_free(f: int, high: int, led: int, trump: int, kua: bool) -> int:
    return f


def _follow_jacks_kings(f: int, high: int, led: int, trump: int, kua: bool) -> int:
    return _below(f & JACKS_KINGS, high) or f  # KB-20


def _follow_queens(f: int, high: int, led: int, trump: int, kua: bool) -> int:
    return _below(f & QUEENS, high) or f  # KB-22


def _follow_bolola_negative(f: int, high: int, led: int, trump: int, kua: bool) -> int:
    return _below(f & (JACKS_KINGS | QUEENS), high) or f  # KB-29


def _follow_king_of_hearts(f: int, high: int, led: int, trump: int, kua: bool) -> int:
    if kua:  # table option king-under-ace
        return _below(f & KING_OF_HEARTS, high) or f
    return f


def _follow_trumps(f: int, high: int, led: int, trump: int, kua: bool) -> int:
    if led == trump:  # KB-32: over-trump if you can
        b = high + 1
        return f >> b << b or f
    return f  # KB-33


def _void_free(h: int, trick_mask: int, trump: int) -> int:
    return h


def _void_jacks_kings(h: int, trick_mask: int, trump: int) -> int:
    return h & JACKS_KINGS or h  # KB-21


def _void_queens(h: int, trick_mask: int, trump: int) -> int:
    return h & QUEENS or h  # KB-23


def _void_hearts(h: int, trick_mask: int, trump: int) -> int:
    return h & HEARTS or h  # KB-25


def _void_king_of_hearts(h: int, trick_mask: int, trump: int) -> int:
    return h & KING_OF_HEARTS or h & HEARTS or h  # KB-27


def _void_bolola_negative(h: int, trick_mask: int, trump: int) -> int:
    return h & PENALTY or h  # KB-30


def _void_trumps(h: int, trick_mask: int, trump: int) -> int:
    trumps = SUIT_MASKS[trump]
    t = h & trumps
    if not t:
        return h
    on_table = trick_mask & trumps
    if on_table:  # KB-34: over-ruff if you can
        b = on_table.bit_length()
        return t >> b << b or t
    return t


_FOLLOW: tuple[Callable[[int, int, int, int, bool], int], ...] = (
    _follow_free,
    _follow_jacks_kings,
    _follow_queens,
    _follow_free,
    _follow_free,
    _follow_king_of_hearts,
    _follow_bolola_negative,
    _follow_trumps,
    _follow_free,
)
_VOID: tuple[Callable[[int, int, int], int], ...] = (
    _void_free,
    _void_jacks_kings,
    _void_queens,
    _void_hearts,
    _void_free,
    _void_king_of_hearts,
    _void_bolola_negative,
    _void_trumps,
    _void_free,
)
_RESTRICTS_HEARTS = tuple(c.restricts_heart_leads for c in Contract)


def legal_mask(d: Deal) -> int:
    """The cards the seat to move may play, as a mask (0 once the deal is over)."""
    return d.legal


def legal_for(
    contract: int, trump: int, kua: bool, h: int, trick: Sequence[int], trick_mask: int, gone: int
) -> int:
    """The cards of hand ``h`` its seat may play to ``trick`` (KB-11 … KB-35), from plain
    ints, so search bots apply the same rules to positions of their own."""
    if not trick:
        if _RESTRICTS_HEARTS[contract]:
            if not gone & HEARTS:  # KB-14
                return h & ~HEARTS or h
        elif trump >= 0:
            trumps = SUIT_MASKS[trump]
            if not gone & trumps:  # KB-31
                return h & ~trumps or h
        return h
    led = trick[0] // 13
    f = h & SUIT_MASKS[led]
    if f:
        return _FOLLOW[contract](
            f, (trick_mask & SUIT_MASKS[led]).bit_length() - 1, led, trump, kua
        )
    return _VOID[contract](h, trick_mask, trump)


def legal_cards(d: Deal) -> tuple[Card, ...]:
    return cards_of(legal_mask(d))


# --- scoring -----------------------------------------------------------------------------


def _score_tricks(cards: int, n: int) -> int:
    return -50  # KB-40


def _score_jacks_kings(cards: int, n: int) -> int:
    return -60 * (cards & JACKS_KINGS).bit_count()  # KB-41


def _score_queens(cards: int, n: int) -> int:
    return -100 * (cards & QUEENS).bit_count()  # KB-42


def _score_hearts(cards: int, n: int) -> int:
    return -30 * (cards & HEARTS).bit_count()  # KB-43


def _score_last_two(cards: int, n: int) -> int:
    return -120 if n == 12 else -240 if n == 13 else 0  # KB-44


def _score_king_of_hearts(cards: int, n: int) -> int:
    return -320 if cards & KING_OF_HEARTS else 0  # KB-45


def _score_bolola_negative(cards: int, n: int) -> int:  # KB-46
    return -(
        15
        + 20 * (cards & JACKS_KINGS).bit_count()
        + 30 * (cards & QUEENS).bit_count()
        + 10 * (cards & HEARTS).bit_count()
        + (95 if cards & KING_OF_HEARTS else 0)
        + (40 if n == 12 else 60 if n == 13 else 0)
    )


def _score_trumps(cards: int, n: int) -> int:
    return 50  # KB-47


def _score_bolola_positive(cards: int, n: int) -> int:
    return -_score_bolola_negative(cards, n)  # KB-48


_SCORE: tuple[Callable[[int, int], int], ...] = (
    _score_tricks,
    _score_jacks_kings,
    _score_queens,
    _score_hearts,
    _score_last_two,
    _score_king_of_hearts,
    _score_bolola_negative,
    _score_trumps,
    _score_bolola_positive,
)
# What a trick's winner scores, item by item, for a deal's summary ("3 tricks x -50"): each
# contract's prices of what it counts (KB-40 … KB-48). ``trick_items`` of a trick add up to
# its ``trick_points`` (tested over whole matches).
_BOLOLA_PRICES = (
    ("tricks", 15),
    ("jacks-kings", 20),
    ("queens", 30),
    ("hearts", 10),
    ("king-of-hearts", 95),
    ("trick12", 40),
    ("trick13", 60),
)
ITEM_PRICES: tuple[tuple[tuple[str, int], ...], ...] = (
    (("tricks", -50),),
    (("jacks-kings", -60),),
    (("queens", -100),),
    (("hearts", -30),),
    (("trick12", -120), ("trick13", -240)),
    (("king-of-hearts", -320),),
    tuple((k, -p) for k, p in _BOLOLA_PRICES),
    (("tricks", 50),),
    _BOLOLA_PRICES,
)


def _item_count(kind: str, cards: int, n: int) -> int:
    if kind == "tricks":
        return 1
    if kind == "jacks-kings":
        return (cards & JACKS_KINGS).bit_count()
    if kind == "queens":
        return (cards & QUEENS).bit_count()
    if kind == "hearts":
        return (cards & HEARTS).bit_count()
    if kind == "king-of-hearts":
        return 1 if cards & KING_OF_HEARTS else 0
    return 1 if kind == f"trick{n}" else 0


def trick_items(contract: Contract, cards: int, trick_no: int) -> tuple[tuple[str, int, int], ...]:
    """What the winner of trick ``trick_no`` (1-based) scores for ``cards``, item by item:
    (kind, how many, points each), those it has none of left out."""
    out = []
    for kind, each in ITEM_PRICES[contract]:
        k = _item_count(kind, cards, trick_no)
        if k:
            out.append((kind, k, each))
    return tuple(out)


# The cards whose taking ends a deal early (KB-41 … KB-45); FULL_DECK = all 13 tricks.
_ENDS_WHEN_GONE: tuple[int, ...] = (
    FULL_DECK,
    JACKS_KINGS,
    QUEENS,
    HEARTS,
    FULL_DECK,
    KING_OF_HEARTS,
    FULL_DECK,
    FULL_DECK,
    FULL_DECK,
)
END_RULES = ("KB-40", "KB-41", "KB-42", "KB-43", "KB-44", "KB-45", "KB-46", "KB-47", "KB-48")


def trick_winner(trick: Sequence[int], leader: int, trump: int) -> int:
    """The seat that wins a full trick (KB-13)."""
    mask = 0
    for card in trick:
        mask |= 1 << card
    if trump >= 0 and mask & SUIT_MASKS[trump]:
        top = (mask & SUIT_MASKS[trump]).bit_length() - 1
    else:
        top = (mask & SUIT_MASKS[trick[0] // 13]).bit_length() - 1
    return (leader + list(trick).index(top)) & 3


def trick_points(contract: Contract, cards: int, trick_no: int) -> int:
    """What the winner of trick ``trick_no`` (1-based) scores for ``cards``."""
    return _SCORE[contract](cards, trick_no)


# --- playing a card ----------------------------------------------------------------------

DealEvents = (
    tuple[CardPlayed] | tuple[CardPlayed, TrickTaken] | tuple[CardPlayed, TrickTaken, DealEnded]
)


def play(d: Deal, seat: int, card: int) -> tuple[Deal, DealEvents]:
    """Play card index ``card`` from ``seat``; raises :class:`IllegalAction` with the rule."""
    # One unpacking and one tuple.__new__ instead of fifteen attribute reads and the
    # NamedTuple constructor: this function is most of the engine's time.
    (contract, trump, kua, declarer, dealt, hands, leader, trick, trick_mask, gone, tricks,
     points, tricks_won, done, legal) = d  # fmt: skip
    bit = 1 << card
    if (leader + len(trick)) & 3 != seat or not legal & bit:
        rule, reason = why_illegal(d, seat, card)
        raise IllegalAction(rule, f"{Card(card)}: {reason}")  # Card: the index may be a joker's
    if seat == 0:
        hands = (hands[0] ^ bit, hands[1], hands[2], hands[3])
    elif seat == 1:
        hands = (hands[0], hands[1] ^ bit, hands[2], hands[3])
    elif seat == 2:
        hands = (hands[0], hands[1], hands[2] ^ bit, hands[3])
    else:
        hands = (hands[0], hands[1], hands[2], hands[3] ^ bit)
    trick = (*trick, card)
    trick_mask |= bit
    played = CARD_PLAYED[seat][card]
    if len(trick) < 4:
        legal = legal_for(contract, trump, kua, hands[(seat + 1) & 3], trick, trick_mask, gone)
        return _new(
            Deal,
            (contract, trump, kua, declarer, dealt, hands, leader, trick, trick_mask, gone,
             tricks, points, tricks_won, False, legal),
        ), (played,)  # fmt: skip

    # The trick is complete: find its winner (KB-13), score it, maybe end the deal.
    if trump >= 0 and trick_mask & SUIT_MASKS[trump]:
        top = (trick_mask & SUIT_MASKS[trump]).bit_length() - 1
    else:
        top = (trick_mask & SUIT_MASKS[trick[0] // 13]).bit_length() - 1
    winner = (leader + trick.index(top)) & 3
    tricks = (*tricks, (leader, trick))
    n = len(tricks)
    won = _SCORE[contract](trick_mask, n)
    p = points
    w = tricks_won
    if winner == 0:
        points = (p[0] + won, p[1], p[2], p[3])
        tricks_won = (w[0] + 1, w[1], w[2], w[3])
    elif winner == 1:
        points = (p[0], p[1] + won, p[2], p[3])
        tricks_won = (w[0], w[1] + 1, w[2], w[3])
    elif winner == 2:
        points = (p[0], p[1], p[2] + won, p[3])
        tricks_won = (w[0], w[1], w[2] + 1, w[3])
    else:
        points = (p[0], p[1], p[2], p[3] + won)
        tricks_won = (w[0], w[1], w[2], w[3] + 1)
    gone |= trick_mask
    ends = _ENDS_WHEN_GONE[contract]
    done = n == 13 or gone & ends == ends
    legal = 0 if done else legal_for(contract, trump, kua, hands[winner], (), 0, gone)
    new: Deal = _new(
        Deal,
        (contract, trump, kua, declarer, dealt, hands, winner, (), 0, gone, tricks, points,
         tricks_won, done, legal),
    )  # fmt: skip
    taken = TrickTaken(
        winner, (CARDS[trick[0]], CARDS[trick[1]], CARDS[trick[2]], CARDS[trick[3]]), won, n
    )
    if done:
        return new, (played, taken, DealEnded(points, n))
    return new, (played, taken)


def why_illegal(d: Deal, seat: int, card: int) -> tuple[str, str]:
    """The rule id and the reason (a phrase, without the card) that ``card`` is refused."""
    if card >= 52:
        return "KB-1", "King Bolola is played without jokers"
    if d.done:
        rule = END_RULES[d.contract]
        return rule, f"the deal is over after {len(d.tricks)} tricks"
    to_move = (d.leader + len(d.trick)) & 3
    if seat != to_move:
        rule = "KB-9" if not d.trick and d.tricks else "KB-2"
        return rule, f"it is seat {to_move}'s turn, not seat {seat}'s"
    h = d.hands[seat]
    if not h >> card & 1:
        return "KB-4", f"not in seat {seat}'s hand"
    c = d.contract
    if not d.trick:
        if card // 13 == 1 and c.restricts_heart_leads:
            rule = {
                Contract.HEARTS: "KB-24",
                Contract.KING_OF_HEARTS: "KB-26",
                Contract.BOLOLA_NEGATIVE: "KB-28",
            }.get(c, "KB-35")
            return rule, "hearts may not be led before they are broken (KB-14)"
        return "KB-31", "trumps may not be led before a trump has been played"
    led = d.trick[0] // 13
    if h & SUIT_MASKS[led]:
        if card // 13 != led:
            return "KB-11", f"you must follow suit ({'SHDC'[led]} led)"
        must = ", ".join(str(x) for x in legal_cards(d))
        rule = {
            Contract.JACKS_KINGS: "KB-20",
            Contract.QUEENS: "KB-22",
            Contract.BOLOLA_NEGATIVE: "KB-29",
            Contract.TRUMPS: "KB-32",
            Contract.KING_OF_HEARTS: "KB-45",
        }[c]
        what = {
            "KB-20": "a jack or king under a higher card on the table",
            "KB-22": "the queen under the king or ace on the table",
            "KB-29": "a jack, queen or king under a higher card on the table",
            "KB-32": "a trump higher than every trump on the table",
            "KB-45": "the king of hearts under the ace (king-under-ace)",
        }[rule]
        return rule, f"you must play {what}: {must}"
    must = ", ".join(str(x) for x in legal_cards(d))
    rule, what = {
        Contract.JACKS_KINGS: ("KB-21", "a jack or king when void"),
        Contract.QUEENS: ("KB-23", "a queen when void"),
        Contract.HEARTS: ("KB-25", "a heart when void"),
        Contract.KING_OF_HEARTS: ("KB-27", "the king of hearts, else a heart, when void"),
        Contract.BOLOLA_NEGATIVE: ("KB-30", "a penalty card (J, Q, K or heart) when void"),
        Contract.TRUMPS: ("KB-34", "a trump (higher than the table's, if you can) when void"),
    }[c]
    return rule, f"you must play {what}: {must}"
