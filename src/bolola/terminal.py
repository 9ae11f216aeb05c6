"""``bolola play``: a whole King Bolola match in the terminal, you against three bots.

You sit South (seat 0); play goes clockwise South → West → North → East. Type a card as
rank then suit (``QS``, ``10H``, ``th``), a contract by its number or name, ``s`` for the
score sheet, ``?`` for help, ``q`` to quit. ``--seed N`` replays the same deals.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table

from bolola import engine
from bolola.bots import LEVELS, make_bot
from bolola.cards import Card, CardError, Suit
from bolola.engine import IllegalAction, RecordError, Result
from bolola.games.king_bolola.actions import Action, Declare
from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.deal import why_illegal
from bolola.games.king_bolola.events import ContractDeclared, DealEnded, TrickTaken
from bolola.games.king_bolola.match import Match
from bolola.games.king_bolola.options import KingBololaOptions, Ranked, first_declarer
from bolola.games.king_bolola.view import KingBololaView

SEAT_NAMES = ("South", "West", "North", "East")
BOT_NAMES = ("Lola", "Bruno", "Carmen")
SUIT_STYLE = ("white", "red", "bright_red", "bright_white")
HELP = """Type a card as rank then suit: QS, TH or 10H (any case).
Ranks 2-9 T J Q K A; suits S(pades) H(earts) D(iamonds) C(lubs).
When you declare: the contract's number or name; for trumps add the suit: 'trumps S' or '8 S'.
Other commands: s = score sheet, h = your hand, ? = this help, q = quit."""


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.add_argument("--seed", type=int, default=None, help="replay the same deals")
    parser.add_argument("--name", default="You", help="your name at the table")
    parser.add_argument(
        "--bots", choices=LEVELS, default="beginner", help="the level of the three bots"
    )
    parser.add_argument(
        "--king-under-ace", action="store_true", help="KH must drop under AH when hearts are led"
    )


def run(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    table = TerminalTable(args.name, args.bots, seed, args.king_under_ace, Console(), input)
    try:
        return table.play()
    except EOFError:
        table.console.print("\nGoodbye.")
        return 0


class Quit(Exception):  # noqa: N818 (a request, not an error)
    pass


class TerminalTable:
    def __init__(
        self,
        name: str,
        level: str,
        seed: int,
        king_under_ace: bool,
        console: Console,
        ask: Callable[[str], str],
    ) -> None:
        self.names = (name, *BOT_NAMES)
        self.console = console
        self.ask = ask
        self.seed = seed
        self.game = engine.find("king-bolola")
        self.bots = {seat: make_bot("king-bolola", level) for seat in (1, 2, 3)}
        first = first_declarer([Ranked(n, 1500.0) for n in self.names])
        self.options = KingBololaOptions(king_under_ace, first)
        self.level = level
        self.view: KingBololaView | None = None  # what the player is being asked about

    def play(self) -> int:
        say = self.console.print
        say(f"[bold]King Bolola[/] — seed {self.seed} (bolola play --seed {self.seed} replays it)")
        say(
            f"You are {SEAT_NAMES[0]}; bots ({self.level}): "
            + ", ".join(f"{self.names[s]} {SEAT_NAMES[s]}" for s in (1, 2, 3))
        )
        say(f"{self.names[self.options.first_declarer]} declares first (KB-5). Type ? for help.")
        state: Match = self.game.new(self.options, self.seed)
        step = 0
        try:
            while (outcome := self.game.outcome(state)) is None:
                seat = self.game.to_move(state)[0]
                action: Any
                view: KingBololaView = self.game.view(state, seat)
                legal = self.game.legal_actions(state, seat)
                if seat == 0:
                    action = self.your_action(state, view, legal)
                else:
                    step += 1
                    action = self.bots[seat].choose(view, legal, self.seed * 100_003 + step)
                state, events = self.game.apply(state, seat, action)
                self.show_events(seat, action, events, state)
        except Quit:
            say("You left the table.")
            return 0
        self.show_sheet(state)
        result = outcome.results[0]
        word = {Result.WIN: "You win", Result.DRAW: "A draw", Result.LOSS: "You lose"}[result]
        say(f"[bold]{word}[/] with {outcome.scores[0]:+d} (place {outcome.ranks[0] + 1} of 4).")
        return 0

    # --- showing ----------------------------------------------------------------------

    def card(self, card: Card, *, dim: bool = False) -> str:
        style = "dim" if dim else SUIT_STYLE[card.suit]
        return f"[{style}]{card.pretty}[/]"

    def show_hand(self, view: KingBololaView) -> None:
        legal = set(view.legal)
        hand = view.hand or ()
        parts = []
        for suit in Suit:
            cards = [c for c in hand if c.suit == suit]
            if cards:
                parts.append(" ".join(self.card(c, dim=str(c) not in legal) for c in cards))
        self.console.print("Your hand: " + "   ".join(parts))

    def show_table(self, view: KingBololaView) -> None:
        trump = f" trumps {view.trump.symbol}" if view.trump is not None else ""
        contract = view.contract
        title = f"{contract} ({contract.spanish})" if contract is not None else ""
        self.console.print(
            f"\n[bold]Deal {view.deal_no}/24[/] {title}{trump}, declared by "
            f"{self.names[view.declarer or 0]}; trick {len(view.tricks) + 1}; "
            f"points this deal: "
            + ", ".join(f"{self.names[s]} {view.points[s]:+d}" for s in range(4))
        )
        if view.trick is not None and view.trick.cards:
            played = ", ".join(
                f"{self.names[view.trick.seat_of(k)]} {self.card(c)}"
                for k, c in enumerate(view.trick.cards)
            )
            self.console.print(f"On the table: {played}")

    def show_events(self, seat: int, action: Action, events: tuple[Any, ...], state: Match) -> None:
        say = self.console.print
        for event in events:
            if isinstance(event, ContractDeclared):
                trump = f", trumps {event.trump.symbol}" if event.trump is not None else ""
                say(f"{self.names[seat]} declares [bold]{event.contract}[/]{trump}.")
            elif isinstance(event, TrickTaken):
                cards = " ".join(self.card(c) for c in event.cards)
                say(
                    f"  {cards} → trick {event.trick_no} to {self.names[event.seat]}"
                    f" ({event.points:+d})"
                )
            elif isinstance(event, DealEnded):
                say(
                    f"[bold]Deal over[/] after {event.tricks_played} tricks: "
                    + ", ".join(f"{self.names[s]} {event.points[s]:+d}" for s in range(4))
                    + "   totals: "
                    + ", ".join(f"{self.names[s]} {state.totals[s]:+d}" for s in range(4))
                )
        if (
            isinstance(action, Card)
            and seat != 0
            and not any(isinstance(e, TrickTaken) for e in events)
        ):
            say(f"  {self.names[seat]} plays {self.card(action)}")

    def show_sheet(self, state: Match) -> None:
        sheet = Table(title="Score sheet")
        sheet.add_column("deal")
        sheet.add_column("declarer")
        sheet.add_column("contract")
        for name in self.names:
            sheet.add_column(name, justify="right")
        for d in state.history:
            trump = f" {d.trump.symbol}" if d.trump is not None else ""
            sheet.add_row(
                str(d.deal_no),
                self.names[d.declarer],
                f"{d.contract}{trump}",
                *(f"{p:+d}" for p in d.points),
            )
        sheet.add_row("", "", "[bold]total[/]", *(f"[bold]{t:+d}[/]" for t in state.totals))
        self.console.print(sheet)

    # --- asking -----------------------------------------------------------------------

    def your_action(self, state: Match, view: KingBololaView, legal: tuple[Action, ...]) -> Action:
        if view.phase == "declare":
            return self.your_contract(state, view, legal)
        self.show_table(view)
        self.show_hand(view)
        while True:
            text = self.prompt("Your card: ", state, view)
            if text is None:
                continue
            try:
                card = Card.parse(text)
                if card.is_joker:
                    raise CardError("King Bolola has no jokers")
            except CardError:
                self.console.print(
                    f"[yellow]'{text}' is not a card.[/] Write rank then suit, like QS or 10H."
                )
                continue
            if card in legal:
                return card
            if card not in (view.hand or ()):
                self.console.print(f"[yellow]You don't hold {self.card(card)}.[/]")
                continue
            deal = state.deal
            assert deal is not None  # the play phase has a deal
            rule, reason = why_illegal(deal, 0, card.index)
            self.console.print(f"[yellow]You can't play {self.card(card)}:[/] {reason} ({rule})")
            self.show_hand(view)

    def your_contract(
        self, state: Match, view: KingBololaView, legal: tuple[Action, ...]
    ) -> Declare:
        self.console.print(f"\n[bold]Deal {view.deal_no}/24 — you declare.[/]")
        self.show_hand(view)
        choices = view.offered
        for i, c in enumerate(choices, start=1):
            left = c.quota - view.used[c]
            self.console.print(f"  {i}. {c} ({c.spanish}), {left} left this match")
        while True:
            text = self.prompt("Your contract: ", state, view)
            if text is None:
                continue
            words = text.replace(":", " ").split()
            try:
                contract = (
                    choices[int(words[0]) - 1] if words[0].isdigit() else Contract.parse(words[0])
                )
                trump = Suit.parse(words[1]) if len(words) > 1 else None
            except (IndexError, RecordError, CardError):
                self.console.print(
                    f"[yellow]'{text}' is not one of the contracts above.[/] "
                    "Type its number or name (trumps needs a suit: 'trumps S')."
                )
                continue
            if contract is Contract.TRUMPS and trump is None:
                self.console.print("Which trump suit? Add S, H, D or C: 'trumps S'.")
                continue
            action = Declare(contract, trump if contract is Contract.TRUMPS else None)
            if action in legal:
                return action
            try:
                self.game.apply(state, 0, action)
            except IllegalAction as e:
                self.console.print(f"[yellow]Not open to you:[/] {e}")

    def prompt(self, question: str, state: Match, view: KingBololaView) -> str | None:
        self.view = view
        text = self.ask(question).strip()
        low = text.lower()
        if low in ("q", "quit", "exit"):
            raise Quit
        if low in ("?", "help"):
            self.console.print(HELP)
            return None
        if low == "s":
            self.show_sheet(state)
            return None
        if low == "h" or not text:
            self.show_hand(view)
            return None
        return text
