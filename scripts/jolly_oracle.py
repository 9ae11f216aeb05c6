"""Jolly: judge the expert's choices against an oracle that knows the true hidden hands.

``collect``: positions from two-player ``club`` rounds; at each decision where the expert
weighs two candidates or more, a wider set of candidates (the stock and the best takes;
the cards ``club`` most readily lets go) is played on the *real* round (the true hands,
the stock reshuffled ``--orders`` times, the same orders for every candidate) to the
round's end by ``club``'s rules, each valued as the seat's points less the others'
average. Saved with the states to a pickle.

``judge``: how far below the best candidate ``club``'s choice and the expert's lie, and
the expert's gain on ``club`` (mean and 95% interval, paired by position).

A measuring tool, not a bot: it reads states.

    .venv/bin/python scripts/jolly_oracle.py collect --rounds 12 --orders 40 --out /tmp/o.pkl
    .venv/bin/python scripts/jolly_oracle.py judge /tmp/o.pkl
"""

from __future__ import annotations

import argparse
import pickle
import random
import statistics
import time
from dataclasses import replace
from typing import Any

from bolola.bots.base import Budget
from bolola.bots.jolly import club, expert, rollout, sampler
from bolola.bots.jolly.position import Position, from_view
from bolola.bots.jolly.rollout import act, finish_turn, play_until, rebuilder
from bolola.cards import Card
from bolola.games.jolly import GAME, JollyOptions
from bolola.games.jolly.round import Round

LONGEST = 200  # own turns: a play-out longer than this is scored as it stands


def oracle(r: Round, options: list[str], orders: int, rng: random.Random) -> dict[str, list[float]]:
    me = r.turn.seat
    out: dict[str, list[float]] = {t: [] for t in options}
    for _ in range(orders):
        stock = list(r.stock)
        rng.shuffle(stock)
        base = replace(r, stock=tuple(stock))
        luck = rng.getrandbits(32)
        for t in options:
            rebuild = rebuilder(random.Random(luck))
            x = act(base, t, rebuild)
            if x.score is None and x.turn.seat == me:
                x = finish_turn(x, rebuild)
            x = play_until(x, me, rebuild, LONGEST)
            if x.score is None:
                out[t].append(0.0)
                continue
            pts = x.score.points
            rest = [pts[s] for s in range(len(pts)) if s != me]
            out[t].append(pts[me] - sum(rest) / len(rest))
    return out


def wide(pos: Position, legal: list[str], fallback: str) -> list[str]:
    """More candidates than the expert's: four takes, five discards."""
    if pos.drew is None:
        takes = [int(t[5:]) for t in legal if t.startswith("take:")]
        gains = club.take_gains(pos, takes)
        ranked = sorted(gains, key=lambda n: (-gains[n], n))[:4]
        opts = ["draw", *(f"take:{n}" for n in ranked)]
    else:
        cards = [Card.parse(t[8:]) for t in legal if t.startswith("discard:")]
        scores = club.keep_scores(pos, cards)
        plain = [c for c in cards if not c.is_joker] or cards
        opts = [f"discard:{c}" for c in sorted(plain, key=lambda c: (scores[c], c.index))[:5]]
    return [t for t in dict.fromkeys([fallback, *opts]) if t in legal]


def collect(args: Any) -> None:
    rng = random.Random(args.seed)
    rows: list[dict[str, Any]] = []
    t0 = time.time()
    for k in range(args.rounds):
        state = GAME.new(JollyOptions(players=args.players), args.seed * 1000 + k)
        while not state.finished:
            seat = GAME.to_move(state)[0]
            view = GAME.view(state, seat)
            legal = [str(a) for a in GAME.legal_actions(state, seat)]
            pos = from_view(view)
            fb = club.decide(pos, legal)
            if len(expert.candidates(pos, legal, fb)) >= 2:
                opts = wide(pos, legal, fb)
                val = oracle(state.round, opts, args.orders, rng)
                rows.append(
                    {"state": state, "seat": seat, "legal": legal, "club": fb, "values": val}
                )
            state, _ = GAME.apply(state, seat, GAME.parse_action(fb))
        print(f"round {k}: {len(rows)} decisions, {time.time() - t0:.0f}s", flush=True)
        with open(args.out, "wb") as f:
            pickle.dump(rows, f)


def resampled(args: Any) -> None:
    """The same candidates played out to the round's end on the expert's sampled worlds
    (``sampler.world``) instead of the true hands: stored as ``sampled``."""
    with open(args.file, "rb") as f:
        rows = pickle.load(f)
    rng = random.Random(args.seed)
    for n, row in enumerate(rows[: args.limit]):
        view = GAME.view(row["state"], row["seat"])
        out: dict[str, list[float]] = {t: [] for t in row["values"]}
        for _ in range(args.orders):
            r = sampler.world(view, rng)
            for t, v in oracle(r, list(out), 1, rng).items():
                out[t] += v
        row["sampled"] = out
        if n % 20 == 0:
            print(n, flush=True)
    with open(args.file, "wb") as f:
        pickle.dump(rows, f)


def judge(args: Any) -> None:
    with open(args.file, "rb") as f:
        rows = pickle.load(f)
    for setting in args.set:
        name, value = setting.split("=")
        module, attr = name.rsplit(".", 1)
        target = {"expert": expert, "rollout": rollout, "sampler": sampler}[module]
        setattr(target, attr, type(getattr(target, attr))(eval(value)))
    bot = expert.ExpertBot(Budget(samples=args.samples, seconds=60))
    out = []
    for n, row in enumerate(rows):
        view = GAME.view(row["state"], row["seat"])
        mine = bot.decide(view, row["legal"], n)
        if args.key not in row:
            continue
        means = {t: statistics.mean(v) for t, v in row[args.key].items()}
        if mine not in means:
            continue
        top = max(means.values())
        kind = "draw" if view.drew is None else "discard"
        out.append(
            (
                kind,
                top - means[row["club"]],
                top - means[mine],
                means[mine] - means[row["club"]],
                mine != row["club"],
            )
        )
    for kind in ("draw", "discard", "all"):
        sel = [r for r in out if kind in ("all", r[0])]
        if len(sel) < 2:
            continue
        g = [r[3] for r in sel]
        moved = [r[3] for r in sel if r[4]]
        print(
            f"{kind:8} n={len(sel):4} club below best {statistics.mean(r[1] for r in sel):5.2f}"
            f"  expert below best {statistics.mean(r[2] for r in sel):5.2f}"
            f"  gain {statistics.mean(g):+.2f} ± {1.96 * statistics.stdev(g) / len(g) ** 0.5:.2f}"
            f"  overrides {len(moved)} ({statistics.mean(moved) if moved else 0:+.2f} each)"
        )


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--rounds", type=int, default=10)
    c.add_argument("--orders", type=int, default=40)
    c.add_argument("--seed", type=int, default=99)
    c.add_argument("--players", type=int, default=2)
    c.add_argument("--out", default="/tmp/jolly_oracle.pkl")
    j = sub.add_parser("judge")
    j.add_argument("file")
    j.add_argument("--samples", type=int, default=0)
    j.add_argument("--set", action="append", default=[], help="module.NAME=value")
    s = sub.add_parser("resample")
    s.add_argument("file")
    s.add_argument("--orders", type=int, default=40)
    s.add_argument("--seed", type=int, default=5)
    s.add_argument("--limit", type=int, default=10_000)
    j.add_argument("--key", default="values", help="values (true hands) or sampled")
    args = ap.parse_args()
    {"collect": collect, "judge": judge, "resample": resampled}[args.cmd](args)


if __name__ == "__main__":
    main()
