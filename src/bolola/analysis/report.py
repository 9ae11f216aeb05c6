"""A review as text: each seat's mistakes, the costliest first, and one line per seat
(each mistake line ends with its measure, cut here)::

    king-bolola, analysed with seed 0 (8 play-outs, 200000 search nodes a decision)
    mistakes, costliest first (points lost; exact, or an estimate ± its spread):
      move 37   seat 2  played 7H    best KS    -320.0  exact                  the seat's…
      move 12   seat 0  played QS    best 2C     -45.0  ± 12.1 (8 play-outs)   the seat's…
    seat 0: 13 decisions, 1 mistake (1 clear), 45.0 points lost (exact 0.0, estimated 45.0)
"""

from __future__ import annotations

from bolola.analysis.judgement import Judgement
from bolola.analysis.review import Review


def report(review: Review, min_loss: float = 0.0) -> str:
    """The review as text; a mistake is a loss above zero and at least ``min_loss``."""
    b = review.budget
    lines = [
        f"{review.game}, analysed with seed {review.seed} "
        f"({b.samples} play-outs, {b.exact_nodes} search nodes a decision)"
    ]
    mistakes = sorted(
        (j for j in review.judgements if j.is_mistake(min_loss)),
        key=lambda j: (-j.loss, j.index),
    )
    if mistakes:
        lines.append("mistakes, costliest first (points lost; exact, or an estimate ± its spread):")
        lines += [f"  {_line(j)}" for j in mistakes]
    else:
        lines.append("no mistakes found")
    for seat in review.seats:
        s = review.summary(seat, min_loss)
        plural = "" if s.mistakes == 1 else "s"
        lines.append(
            f"seat {seat}: {s.decisions} decisions, {s.mistakes} mistake{plural} "
            f"({s.clear} clear), "
            f"{s.lost:.1f} points lost (exact {s.lost_exact:.1f}, "
            f"estimated {s.lost_estimated:.1f})"
        )
    return "\n".join(lines) + "\n"


def _line(j: Judgement) -> str:
    if j.exact:
        how = "exact"
    elif j.samples > 1:
        how = f"± {j.spread:.1f} ({j.samples} play-outs)"
    else:
        how = "estimate (1 play-out)"
    if not j.is_clear:
        how += " ?"  # within its noise
    return (
        f"move {j.index:<4} seat {j.seat}  played {j.played:<7} best {j.best:<7} "
        f"{-j.loss:8.1f}  {how:<22} {j.measure}"
    )
