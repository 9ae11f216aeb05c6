"""A decision's judgement from its alternatives' values: the best, the loss, its spread
measured play-out by play-out, and whether the loss is clear of its noise."""

from __future__ import annotations

from bolola.analysis.judgement import Judgement, Valuation, Value


def judged(played: str, *values: Value) -> Judgement:
    return Judgement.of(7, 1, played, Valuation("points", values, len(values)))


def test_an_exact_loss_is_clear_and_has_no_spread() -> None:
    j = judged("KH", Value(("2S", "3S"), 0.0, True), Value(("KH",), -320.0, True))
    assert (j.best, j.loss, j.exact, j.spread, j.is_clear) == ("2S", 320.0, True, 0.0, True)
    assert j.to_json()["alternatives"][0]["actions"] == ["2S", "3S"]


def test_the_move_played_is_best_when_nothing_beats_it() -> None:
    j = judged("2S", Value(("2S",), 0.0, True), Value(("3S",), 0.0, True))
    assert (j.best, j.loss, j.is_mistake(), j.is_clear) == ("2S", 0.0, False, False)


def test_a_steady_gap_over_noisy_play_outs_is_clear() -> None:
    # Both alternatives swing by 100 points from play-out to play-out, but the best is
    # 10 points better in every one: paired, the loss has no spread at all.
    j = judged(
        "a",
        Value.estimate(["a"], [0.0, 100.0, -100.0, 50.0]),
        Value.estimate(["b"], [10.0, 110.0, -90.0, 60.0]),
    )
    assert (j.best, j.loss, j.spread, j.samples, j.is_clear) == ("b", 10.0, 0.0, 4, True)


def test_a_gap_within_its_noise_is_a_mistake_but_not_a_clear_one() -> None:
    j = judged(
        "a",
        Value.estimate(["a"], [0.0, 20.0, 0.0, 20.0]),
        Value.estimate(["b"], [20.0, 0.0, 20.0, 10.0]),
    )
    assert j.best == "b" and j.loss == 2.5 and j.spread > j.loss / 2
    assert j.is_mistake() and not j.is_clear and not j.is_mistake(min_loss=3)
    assert j.to_json()["clear"] is False


def test_a_single_play_out_has_an_unknown_spread() -> None:
    j = judged("a", Value.estimate(["a"], [0.0]), Value.estimate(["b"], [5.0]))
    assert j.to_json()["spread"] is None and not j.is_clear
