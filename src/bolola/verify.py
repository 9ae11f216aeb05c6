"""``bolola verify FILE``: check a fair table's match record (``docs/fairness.md``).

Every revealed deal seed must hash to the one before it, back to the commitment; every
deal of the record must hold exactly the cards its seed and the client seeds shuffle to
(and every reshuffle, Jolly's rebuilt stocks, likewise). It prints what it checked, one
line a deal, and exits 0 if everything matched, 1 on a mismatch (the line names what:
``commitment``, ``seed``, ``deck``), 2 on a file that is not a fair match record.

    $ bolola verify table-12.json
    king-bolola, commitment 12771355e46cd47c…, client seeds alice|bot:1|bot:2|bot:3
    deal 1: seed ok, deck ok
    …
    verified: 24 deals
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bolola.cli import read_input
from bolola.engine import RecordError, parse_fairness
from bolola.fairness import FairDeals, checks, in_canonical_order, reshuffle_salt
from bolola.registry import registered

OK, MISMATCH, MALFORMED = 0, 1, 2


@dataclass(frozen=True, slots=True)
class Finding:
    """One checked deal: ``problem`` names what did not match (None: all did)."""

    deal: int
    problem: str | None  # "commitment", "seed", "deck" or "unrevealed"
    detail: str


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.add_argument("file", metavar="FILE", help="a fair table's match record; - for stdin")


def run(args: argparse.Namespace) -> int:
    try:
        text = read_input(args.file)
    except (OSError, UnicodeDecodeError) as e:
        print(f"cannot read {args.file}: {e}")
        return MALFORMED
    return verify_text(text, print)


def verify_text(text: str, say: Callable[[str], None]) -> int:
    """Check one record given as JSON text, saying each line; the exit status."""
    if not text.strip():  # as the referee and analyse say it
        say("malformed: no record: the input is empty")
        return MALFORMED
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as e:
        say(f"malformed: bad JSON: {e.msg} at line {e.lineno} column {e.colno}")
        return MALFORMED
    except RecursionError:
        say("malformed: the record is nested too deeply")
        return MALFORMED
    try:
        header, findings = verify(raw)
    except RecordError as e:
        say(f"malformed: {e}")
        return MALFORMED
    say(header)
    for f in findings:
        say(
            f"deal {f.deal}: {f.detail}"
            if f.problem is None
            else f"deal {f.deal}: MISMATCH ({f.problem}): {f.detail}"
        )
    bad = [f for f in findings if f.problem is not None]
    if bad:
        say(f"NOT VERIFIED: {len(bad)} of {len(findings)} deals do not match")
        return MISMATCH
    say(f"verified: {len(findings)} deal{'s' if len(findings) != 1 else ''}")
    return OK


def verify(raw: Any) -> tuple[str, tuple[Finding, ...]]:
    """The header line and each deal's finding; raises :class:`RecordError` for a record
    that is not a fair match record."""
    if not isinstance(raw, dict):
        raise RecordError("a record is a JSON object")
    if "replay" in raw or ("moves" in raw and not any(k in raw for k in ("deals", "rounds"))):
        raise RecordError(
            "this is an engine record (as /api/matches/N/replay gives); verify checks a fair "
            "table's match record, with its fairness object: the table's download, "
            "/api/tables/N/record"
        )
    games = {g.name: g for g in registered()}
    name = raw.get("game")
    game = games.get(name) if isinstance(name, str) else None
    if game is None:
        raise RecordError(
            f"record.game must name a game ({', '.join(sorted(games))}), not {name!r}"
        )
    if "fairness" not in raw:
        raise RecordError("the record has no fairness object: its deals were not drawn verifiably")
    fair = parse_fairness(raw["fairness"])
    options_raw = raw.get("options", {})
    if not isinstance(options_raw, dict):
        raise RecordError("record.options must be an object")
    options = game.parse_options(options_raw)
    # The play is the referee's to judge (bolola score); this checks the cards dealt.
    dealt = game.record_dealt(raw)
    canonical = game.canonical_deck(options)
    header = (
        f"{game.name}, commitment {fair.commitment}, client seeds {'|'.join(fair.client_seeds)}"
    )
    out = []
    for k, deal in enumerate(dealt, start=1):
        problem = _seed_problem(fair, k)
        if problem is not None:
            out.append(problem)
            continue
        expected = game.dealt(options, k, fair.deck(canonical, k))
        if expected.piles != deal.piles:
            out.append(Finding(k, "deck", "seed ok, but the cards dealt are not its deck's"))
            continue
        for j, pile in enumerate(deal.reshuffles, start=1):
            start = in_canonical_order(pile, canonical)
            if fair.deck(start, k, reshuffle_salt(j)) != list(pile):
                out.append(Finding(k, "deck", f"seed ok, but reshuffle {j} is not its shuffle"))
                break
        else:
            more = f", {len(deal.reshuffles)} reshuffles ok" if deal.reshuffles else ""
            out.append(Finding(k, None, f"seed ok, deck ok{more}"))
    return header, tuple(out)


def _seed_problem(fair: FairDeals, k: int) -> Finding | None:
    """Whether seeds 1 … k chain back to the commitment (each checked against the one
    before, so the first broken link is named)."""
    previous = fair.commitment
    for n in range(1, k + 1):
        seed = fair.seeds[n - 1] if n <= len(fair.seeds) else None
        if seed is None:
            return Finding(k, "unrevealed", f"deal {n}'s seed is not revealed")
        if not checks(previous, seed):
            if n == 1:
                return Finding(k, "commitment", "deal 1's seed does not hash to the commitment")
            return Finding(k, "seed", f"deal {n}'s seed does not hash to deal {n - 1}'s")
        previous = seed.hex()
    return None
