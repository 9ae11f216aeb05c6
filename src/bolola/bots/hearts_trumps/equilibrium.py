"""A small zero-sum matrix game solved by regret matching (rows maximise, columns minimise).

>>> x, y, v = solve([[1.0, -1.0], [-1.0, 1.0]], 500)  # matching pennies
>>> [round(p, 1) for p in x], [round(p, 1) for p in y], round(v, 1)
([0.5, 0.5], [0.5, 0.5], 0.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul


def _policy(regrets: list[float]) -> list[float]:
    total = sum(regrets)
    if total <= 0.0:
        return [1.0 / len(regrets)] * len(regrets)
    return [r / total for r in regrets]


def solve(
    matrix: Sequence[Sequence[float]], iterations: int
) -> tuple[list[float], list[float], float]:
    """Approximate equilibrium strategies (row, column) and the row player's value:
    regret matching+ with alternating updates and linearly weighted averages, which
    converges in a few hundred iterations on games of this size."""
    rows, cols = len(matrix), len(matrix[0])
    columns = [[matrix[i][j] for i in range(rows)] for j in range(cols)]
    rr = [0.0] * rows
    cr = [0.0] * cols
    xs = [0.0] * rows
    ys = [0.0] * cols
    for t in range(1, iterations + 1):
        x = _policy(rr)
        y = _policy(cr)
        row_values = [sum(map(mul, row, y)) for row in matrix]
        v = sum(map(mul, row_values, x))
        rr = [max(0.0, r + u - v) for r, u in zip(rr, row_values, strict=True)]
        x = _policy(rr)
        col_values = [sum(map(mul, col, x)) for col in columns]
        w = sum(map(mul, col_values, y))
        cr = [max(0.0, r + w - u) for r, u in zip(cr, col_values, strict=True)]
        y = _policy(cr)
        for i in range(rows):
            xs[i] += t * x[i]
        for j in range(cols):
            ys[j] += t * y[j]
    sx, sy = sum(xs), sum(ys)
    x = [a / sx for a in xs]
    y = [b / sy for b in ys]
    value = sum(x[i] * matrix[i][j] * y[j] for i in range(rows) for j in range(cols))
    return x, y, value
