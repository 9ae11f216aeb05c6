"""The arena's report (:mod:`bolola.arena`): statistics over the played units, as one JSON
object or as tables.

A unit is scored through ``game.deal_scores``: a deal's points, or a match's points per
deal. The report gives, per bot level, its mean points per deal with a 95% confidence
interval (the unit of sampling is the deal or match: its games are averaged first), the
same per deal label (``DealScore.label``, a contract…: ``per_contract``), the paired
difference with the baseline, and an Elo estimate from which seat scored more in each
game (baseline = 1500). ``--json`` prints it as one object::

    {"game": "…", "lineup": ["club", "beginner", "beginner", "beginner"],
     "bots": {"club": {"mean": -12.5, "ci95": [-20.1, -4.9], "n": 200, "elo": 1580.2,
                       "per_contract": {"queens": {"mean": …, "ci95": […], "n": …}, …},
                       "paired_vs_baseline": {"mean": …, "ci95": […], "n": …}}, …},
     "baseline": "beginner", "mode": "deals", "deals": 200, "seed": 1, "games": 1600,
     "options": {…}, "contract": null}

plus ``"matches": N`` with ``--matches``, ``"paired"`` for a two-seat game, and with
``--timing`` ``"timing": {level: {"decisions", "median_ms", "p95_ms", "max_ms"}}``, each
bot's CPU time per decision over every game it played (not deterministic, so only on
request).
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from bolola import registry

if TYPE_CHECKING:
    from bolola.arena import Played, Setup, Unit


def interval(values: Sequence[float]) -> dict[str, Any]:
    """Mean, normal 95% confidence interval, count (the CI is the mean alone for n < 2)."""
    n = len(values)
    if n == 0:
        return {"mean": None, "ci95": None, "n": 0}
    mean = math.fsum(values) / n
    half = 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0
    return {"mean": round(mean, 3), "ci95": [round(mean - half, 3), round(mean + half, 3)], "n": n}


def elo(
    games: Sequence[Played],
    levels: Sequence[str],
    baseline: str,
    teams: Sequence[Sequence[int]] | None = None,
) -> dict[str, float]:
    """Bradley-Terry ratings on the Elo scale from every pair of seats of different
    levels (and not partners) in each game (more points wins the pair, equal points half
    each); one drawn game between each level and the baseline is added as a prior so
    ratings stay finite. With two seats: the first bot's share of the games it won."""
    partners = {(a, b) for team in teams or () for a in team for b in team}
    wins: dict[tuple[str, str], float] = defaultdict(float)
    for g in games:
        n = len(g.levels)
        for a in range(n):
            for b in range(a + 1, n):
                la, lb = g.levels[a], g.levels[b]
                if la == lb or (a, b) in partners:
                    continue
                sa = 1.0 if g.scores[a] > g.scores[b] else 0.5 if g.scores[a] == g.scores[b] else 0
                wins[(la, lb)] += sa
                wins[(lb, la)] += 1.0 - sa
    for level in levels:
        if level != baseline:
            wins[(level, baseline)] += 0.5
            wins[(baseline, level)] += 0.5
    gamma = dict.fromkeys(levels, 1.0)
    for _ in range(200):
        new = {}
        for i in levels:
            won = sum(wins[(i, j)] for j in levels if j != i)
            denom = sum(
                (wins[(i, j)] + wins[(j, i)]) / (gamma[i] + gamma[j]) for j in levels if j != i
            )
            new[i] = won / denom if denom else 1.0
        base = new[baseline] or 1.0
        gamma = {k: max(v / base, 1e-9) for k, v in new.items()}
    return {k: round(1500 + 400 * math.log10(v), 1) for k, v in gamma.items()}


def spread(times_ms: Sequence[float], digits: int = 3) -> dict[str, Any]:
    """How long decisions took: their count, median, 95th percentile and longest (ms);
    the arena's ``--timing`` and the bots' benches report the same shape."""
    ordered = sorted(times_ms)
    if not ordered:
        return {"decisions": 0}
    return {
        "decisions": len(ordered),
        "median_ms": round(statistics.median(ordered), digits),
        "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))], digits),
        "max_ms": round(ordered[-1], digits),
    }


def report(setup: Setup, units: Sequence[Unit]) -> dict[str, Any]:
    game = registry.find(setup.game)
    levels = list(dict.fromkeys(setup.lineup))
    per_unit: dict[str, list[float]] = defaultdict(list)
    paired: dict[str, list[float]] = defaultdict(list)
    first_minus_second: list[float] = []  # two seats: lineup[0] minus lineup[1]
    label_points: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    times: dict[str, list[float]] = defaultdict(list)
    main_games: list[Played] = []
    main_deals = 0
    for unit in units:
        mains = {g.rotation: g for g in unit.games if g.substitute is None}
        main_games.extend(mains.values())
        sums: dict[str, list[float]] = defaultdict(list)
        gaps: list[float] = []
        for g in mains.values():
            main_deals += len(g.deals)
            for s, level in enumerate(g.levels):
                sums[level].append(g.scores[s] / len(g.deals))
            for deal in g.deals:
                for s, level in enumerate(g.levels):
                    label_points[level][deal.label].append(deal.points[s])
            if setup.seats == 2:
                me = g.rotation  # the seat of lineup[0]
                gaps.append((g.scores[me] - g.scores[1 - me]) / len(g.deals))
        for level, xs in sums.items():
            per_unit[level].append(math.fsum(xs) / len(xs))
        if gaps:
            first_minus_second.append(math.fsum(gaps) / len(gaps))
        diffs: dict[str, list[float]] = defaultdict(list)
        for g in unit.games:
            for s, level in enumerate(g.levels):
                times[level].extend(g.cpu_ms[s] if g.cpu_ms else ())
            if g.substitute is None:
                continue
            main = mains[g.rotation]
            s = g.substitute
            diffs[main.levels[s]].append((main.scores[s] - g.scores[s]) / len(g.deals))
        for level, xs in diffs.items():
            paired[level].append(math.fsum(xs) / len(xs))
    if setup.seats == 2 and setup.lineup[0] != setup.baseline:
        paired[setup.lineup[0]] = first_minus_second
    ratings = elo(main_games, levels, setup.baseline, game.teams)
    bots: dict[str, Any] = {}
    for level in levels:
        entry = interval(per_unit[level])
        entry["elo"] = ratings[level]
        entry["per_contract"] = {
            label: interval(xs) for label, xs in sorted(label_points[level].items())
        }
        entry["paired_vs_baseline"] = None if level == setup.baseline else interval(paired[level])
        bots[level] = entry
    count = len(units)
    out: dict[str, Any] = {
        "game": setup.game,
        "bots": bots,
        "lineup": list(setup.lineup),
        "baseline": setup.baseline,
        "mode": "matches" if setup.matches else "deals",
        "deals": round(main_deals / setup.seats) if setup.matches else count,
        "seed": setup.seed,
        "games": sum(len(u.games) for u in units),
        "options": game.parse_options(setup.options).to_json(),
        "contract": setup.contract,
    }
    if setup.matches:
        out["matches"] = count
    if setup.seats == 2:
        out["paired"] = interval(first_minus_second)
    if setup.timing:
        out["timing"] = {level: spread(times[level]) for level in levels}
    return out


def records_of(units: Sequence[Unit]) -> Iterator[dict[str, Any]]:
    for unit in units:
        for g in unit.games:
            if g.record is not None:
                yield g.record


def print_report(rep: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    def ci(entry: dict[str, Any] | None) -> str:
        if not entry or entry["mean"] is None:
            return "-"
        lo, hi = entry["ci95"]
        return f"{entry['mean']:+.1f} [{lo:+.1f}, {hi:+.1f}]"

    what = f"{rep['matches']} matches" if rep["mode"] == "matches" else f"{rep['deals']} deals"
    forced = f", contract {rep['contract']}" if rep["contract"] else ""
    title = (
        f"arena {rep['game']} {','.join(rep['lineup'])}: {what}, seed {rep['seed']}{forced}, "
        f"{rep['games']} games; baseline {rep['baseline']}"
    )
    timing = rep.get("timing")
    table = Table(title=title)
    table.add_column("bot")
    table.add_column("points/deal [95% CI]", justify="right")
    table.add_column(f"vs {rep['baseline']} same seat [95% CI]", justify="right")
    table.add_column("Elo", justify="right")
    if timing:
        table.add_column("CPU ms/decision median, p95", justify="right")
    for level, entry in rep["bots"].items():
        row = [level, ci(entry), ci(entry["paired_vs_baseline"]), f"{entry['elo']:.0f}"]
        if timing:
            t = timing[level]
            row.append(f"{t.get('median_ms', 0):.2f}, {t.get('p95_ms', 0):.2f}")
        table.add_row(*row)
    labels = Table(title="points per deal, by deal label (contract) [95% CI]")
    labels.add_column("label")
    names = sorted({c for e in rep["bots"].values() for c in e["per_contract"]})
    for level in rep["bots"]:
        labels.add_column(level, justify="right")
    for c in names:
        labels.add_row(c, *(ci(e["per_contract"].get(c)) for e in rep["bots"].values()))
    console = Console()
    console.print(table)
    if len(names) > 1:
        console.print(labels)
    if "paired" in rep:
        first, second = rep["lineup"]
        console.print(
            f"{first} minus {second}, same cards, points per deal: {ci(rep['paired'])} (95% CI)"
        )
