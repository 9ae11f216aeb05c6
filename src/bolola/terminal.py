"""``bolola play``: a whole match of any game in the terminal, you against bots.

You sit in seat 0; the bots take the others. Each time you may act you see your view
(the game's own text display) and the actions open to you, numbered: type a number or
the action's text form (``QS``, ``trumps:S``, ``7H/KS/2C``…). ``s`` shows the deals'
scores, ``?`` the help, ``q`` quits. ``--seed N`` replays the same deals.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.markup import escape

from bolola.bots import LEVELS, make_bot
from bolola.cli import option_pairs
from bolola.engine import Event, IllegalAction, RecordError, Result, Seat, Seated
from bolola.registry import FLAGSHIP, find, registered

BOT_NAMES = ("Lola", "Bruno", "Carmen", "Dario", "Elena")
SHOWN = 24  # actions listed by number; the rest are typed (a placement has 120)
HELP = """Type the number of an action, or the action itself as the list shows it.
Other commands: s = scores so far, v = your view again, ? = this help, q = quit."""


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    games = ", ".join(g.name for g in registered())
    parser.add_argument("--game", default=FLAGSHIP, help=f"the game: {games}")
    parser.add_argument("--seed", type=int, default=None, help="replay the same deals")
    parser.add_argument("--name", default="You", help="your name at the table")
    parser.add_argument("--bots", choices=LEVELS, default="beginner", help="the level of the bots")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a table option in its JSON form, e.g. king-under-ace=true or target=200",
    )


def run(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    try:
        game = find(args.game)
        options = game.parse_options(option_pairs(args.option))
        make_bot(game.name, args.bots)
    except RecordError as e:
        print(f"bolola play: {e}")
        return 2
    table = TerminalTable(game.name, args.name, args.bots, seed, options, Console(), input)
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
        game: str,
        name: str,
        level: str,
        seed: int,
        options: Any,
        console: Console,
        ask: Callable[[str], str],
    ) -> None:
        self.game = find(game)
        self.count = self.game.seat_count(options)
        self.names = (name, *BOT_NAMES[: self.count - 1])
        self.console = console
        self.ask = ask
        self.seed = seed
        self.level = level
        self.bots = {s: make_bot(game, level) for s in range(1, self.count)}
        # Seat-dependent options (a first declarer by rank) as a table would settle them.
        self.options = self.game.seat_options(options, [Seated(n, 1500.0) for n in self.names])
        self.view: Any = None  # what the player is being asked about

    def play(self) -> int:
        say = self.console.print
        g = self.game
        say(
            f"[bold]{g.title}[/] — seed {self.seed} (bolola play --game {g.name} --seed "
            f"{self.seed} replays it)"
        )
        say(
            f"You are seat 0; bots ({self.level}): "
            + ", ".join(f"{self.names[s]} seat {s}" for s in range(1, self.count))
            + ". Type ? for help."
        )
        state = g.new(self.options, self.seed)
        step = 0
        try:
            while (outcome := g.outcome(state)) is None:
                for seat in g.to_move(state):
                    if seat not in g.to_move(state):
                        continue  # the phase moved on when another seat acted
                    view = g.view(state, seat)
                    legal = g.legal_actions(state, seat)
                    if seat == 0:
                        action = self.your_action(state, view, legal)
                    else:
                        step += 1
                        action = self.bots[seat].choose(view, legal, self.seed * 100_003 + step)
                    state, events = g.apply(state, seat, action)
                    self.show_events(seat, events)
        except Quit:
            say("You left the table.")
            return 0
        self.show_scores(state)
        if g.teams:
            # Partners share a result: a place among seats would read "3 of 4" for a loss.
            word = {
                Result.WIN: "Your team wins",
                Result.DRAW: "A draw",
                Result.LOSS: "Your team loses",
            }
            say(f"[bold]{word[outcome.results[0]]}[/] with {outcome.scores[0]:+d}.")
            return 0
        word = {Result.WIN: "You win", Result.DRAW: "A draw", Result.LOSS: "You lose"}
        say(
            f"[bold]{word[outcome.results[0]]}[/] with {outcome.scores[0]:+d} "
            f"(place {outcome.ranks[0] + 1} of {self.count})."
        )
        return 0

    # --- showing ----------------------------------------------------------------------

    def show_events(self, seat: Seat, events: tuple[Event, ...]) -> None:
        # Only what seat 0 may see: a bot's secret placement stays secret here too.
        for e in events:
            if e.audience is None or 0 in e.audience:
                self.console.print(f"  {escape(str(e))}")

    def show_scores(self, state: Any) -> None:
        deals = self.game.deal_scores(state)
        self.console.print(f"[bold]Scores[/] ({len(deals)} deals)")
        totals = [0] * self.count
        # The detail where a game gives one (Baloot: trump, doubling, buyer), as the match
        # page shows it; the column as wide as its longest entry.
        names = [d.detail or d.label for d in deals]
        width = max([18, *(len(name) + 1 for name in names)])
        for n, (d, name) in enumerate(zip(deals, names, strict=True), start=1):
            totals = [t + p for t, p in zip(totals, d.points, strict=True)]
            points = " ".join(f"{p:+6d}" for p in d.points)
            self.console.print(f"{n:>3} {escape(name):<{width}}{points}")
        self.console.print(f"{'':>3} {'total':<{width}}" + " ".join(f"{t:+6d}" for t in totals))

    def show_view(self, view: Any, legal: tuple[Any, ...]) -> None:
        self.console.print("\n" + escape(self.game.describe(view)))
        shown = "  ".join(f"{n}) {escape(str(a))}" for n, a in enumerate(legal[:SHOWN], start=1))
        more = f"  … and {len(legal) - SHOWN} more: type one" if len(legal) > SHOWN else ""
        self.console.print(f"You may: {shown}{more}")

    # --- asking -----------------------------------------------------------------------

    def your_action(self, state: Any, view: Any, legal: tuple[Any, ...]) -> Any:
        self.view = view
        self.show_view(view, legal)
        while True:
            text = self.ask("Your move: ").strip()
            low = text.lower()
            if low in ("q", "quit", "exit"):
                raise Quit
            if low in ("?", "help"):
                self.console.print(HELP)
                continue
            if low == "s":
                self.show_scores(state)
                continue
            if low == "v" or not text:
                self.show_view(view, legal)
                continue
            if text.isdigit():
                n = int(text)
                if 1 <= n <= len(legal):
                    return legal[n - 1]
                self.console.print(f"[yellow]Choose 1 to {len(legal)}.[/]")
                continue
            try:
                action = self.game.parse_action(text)
            except RecordError as e:
                self.console.print(
                    f"[yellow]'{escape(text)}' is not an action:[/] {escape(str(e))}"
                )
                continue
            if action in legal:
                return action
            try:  # the rules say why (with the rule id); the state is the table's own
                self.game.apply(state, 0, action)
            except IllegalAction as e:
                self.console.print(f"[yellow]You can't play:[/] {escape(e.message)} ({e.rule})")
            else:
                self.console.print(f"[yellow]{escape(str(action))} is not open to you now.[/]")
