"""``bolola verify`` (docs/fairness.md) over every registered game: a fair table's match
record verifies; a tampered seed, commitment, client seed or dealt card is named; a file
that is not a fair record is malformed (exit 2), never a traceback."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from bolola import cli
from bolola.engine import Record, RecordError, fairness_json, random_play_out, replay
from bolola.fairness import FairDeals
from bolola.registry import AnyGame, registered
from bolola.verify import verify

GAMES = registered()
IDS = [g.name for g in GAMES]
CLIENT = ("alice", "bot:1", "bob", "server:3")


def fair_match(game: AnyGame, top: bytes = b"\x07" * 32, rng_seed: int = 1) -> dict[str, Any]:
    """A whole match played at random from a fair table's deals, as the server records it."""
    fair = FairDeals.from_top(top, CLIENT[: game.seats], 64)
    state = random_play_out(game, game.new(game.default_options(), fair), random.Random(rng_seed))
    record = game.match_record(state, [f"p{s}" for s in range(game.seats)])
    record["fairness"] = fairness_json(fair, game.deals_done(state))
    return record


@pytest.fixture(scope="module", params=GAMES, ids=IDS)
def fair(request: pytest.FixtureRequest) -> tuple[AnyGame, dict[str, Any]]:
    game = request.param
    return game, fair_match(game)


def run_cli(tmp_path: Path, record: Any, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    path = tmp_path / "record.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record))
    status = cli.main(["verify", str(path)])
    return status, capsys.readouterr().out


def problems(record: dict[str, Any]) -> set[str | None]:
    return {f.problem for f in verify(record)[1]}


def test_a_fair_record_verifies_every_deal(
    fair: tuple[AnyGame, dict[str, Any]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game, record = fair
    status, out = run_cli(tmp_path, record, capsys)
    deals = len(game.record_dealt(record))
    assert status == 0, out
    assert deals >= 1 and len(record["fairness"]["seeds"]) == deals
    assert out.count("seed ok, deck ok") == deals
    assert f"verified: {deals} deal" in out and record["fairness"]["commitment"] in out


def test_the_referee_reads_a_fair_record(fair: tuple[AnyGame, dict[str, Any]]) -> None:
    game, record = fair
    assert game.score_record(record)["complete"] is True


def test_a_tampered_seed_is_named(fair: tuple[AnyGame, dict[str, Any]]) -> None:
    _, record = fair
    bad = copy.deepcopy(record)
    seeds = bad["fairness"]["seeds"]
    k = len(seeds)  # the last deal's: the ones before still check
    seeds[k - 1] = hashlib.sha256(b"another").hexdigest()
    findings = verify(bad)[1]
    assert all(f.problem is None for f in findings[: k - 1])
    assert findings[k - 1].problem == ("commitment" if k == 1 else "seed")


def test_a_tampered_commitment_fails_every_deal(fair: tuple[AnyGame, dict[str, Any]]) -> None:
    _, record = fair
    bad = copy.deepcopy(record)
    c = bad["fairness"]["commitment"]
    bad["fairness"]["commitment"] = ("0" if c[0] != "0" else "1") + c[1:]
    assert problems(bad) == {"commitment"}


def test_a_tampered_client_seed_changes_every_deck(fair: tuple[AnyGame, dict[str, Any]]) -> None:
    _, record = fair
    bad = copy.deepcopy(record)
    bad["fairness"]["client_seeds"][0] = "mallory"
    assert problems(bad) == {"deck"}


def test_a_dealt_card_moved_is_caught(
    fair: tuple[AnyGame, dict[str, Any]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, record = fair
    bad = copy.deepcopy(record)
    swap_first_deal(bad)
    status, out = run_cli(tmp_path, bad, capsys)
    assert status == 1
    assert "deal 1: MISMATCH (deck)" in out and "NOT VERIFIED" in out


def swap_first_deal(record: dict[str, Any]) -> None:
    """Two cards of the first deal trade places, in whatever form the game records them."""
    deal = (record.get("deals") or record.get("rounds"))[0]
    if isinstance(deal, dict) and "deck" in deal:  # the deck in deal order
        deck = deal["deck"]
        deck[0], deck[-1] = deck[-1], deck[0]
        return
    hands = deal["hands"] if isinstance(deal, dict) else deal
    # The first card of seat 0's hand and a card of seat 1's that differs from it.
    other = next(i for i, c in enumerate(hands[1]) if c != hands[0][0])
    hands[0][0], hands[1][other] = hands[1][other], hands[0][0]


def test_an_unrevealed_deal_is_not_verified(fair: tuple[AnyGame, dict[str, Any]]) -> None:
    _, record = fair
    bad = copy.deepcopy(record)
    bad["fairness"]["seeds"].pop()
    findings = verify(bad)[1]
    assert findings[-1].problem == "unrevealed"
    assert all(f.problem is None for f in findings[:-1])


def test_a_rebuilt_jolly_stock_is_checked_and_a_tampered_one_caught() -> None:
    game = next(g for g in GAMES if g.name == "jolly")
    record = next(
        r
        for r in (fair_match(game, rng_seed=n) for n in range(1, 40))
        if any(round_["rebuilds"] for round_ in r["rounds"])
    )
    findings = verify(record)[1]
    assert {f.problem for f in findings} == {None}
    assert any("reshuffles ok" in f.detail for f in findings)
    k, round_ = next((k, r) for k, r in enumerate(record["rounds"]) if r["rebuilds"])
    stock = round_["rebuilds"][0]
    stock[0], stock[-1] = stock[-1], stock[0]
    assert verify(record)[1][k].problem == "deck"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("{not json", "bad JSON"),
        ("[1, 2]", "a record is a JSON object"),
        ('{"game": "chess"}', "must name a game"),
        ('{"game": "king-bolola", "deals": []}', "no fairness object"),
        (
            '{"game": "king-bolola", "deals": [], "fairness": {"version": 2, "commitment": "xy",'
            ' "client_seeds": [], "seeds": []}}',
            "64 hex digits",
        ),
        (
            '{"game": "king-bolola", "deals": [], "fairness": {"version": 2, "commitment": "'
            + "0" * 64
            + '", "client_seeds": ["a|b"], "seeds": []}}',
            "client seed",
        ),
        (
            '{"game": "baloot", "deals": [{"deck": 3}], "fairness": {"version": 2, "commitment":'
            ' "' + "0" * 64 + '", "client_seeds": ["a"], "seeds": []}}',
            "deck must list",
        ),
    ],
)
def test_a_malformed_file_exits_2_with_a_clear_line(
    text: str, says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = run_cli(tmp_path, text, capsys)
    assert status == 2
    assert out.startswith("malformed: ") and says in out and "Traceback" not in out


def test_a_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["verify", str(tmp_path / "nothing.json")]) == 2
    assert "cannot read" in capsys.readouterr().out


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_an_engine_record_of_a_fair_table_replays_and_stops_at_an_unrevealed_deal(
    game: AnyGame,
) -> None:
    fair = FairDeals.from_top(bytes(range(32)), CLIENT[: game.seats], 64)
    moves: list[str] = []
    final = random_play_out(game, game.new(game.default_options(), fair), random.Random(3), moves)
    done = game.deals_done(final)
    revealed = FairDeals.revealed(fair.commitment, fair.client_seeds, fair.seeds[:done])
    record = Record(game.name, game.default_options().to_json(), revealed, tuple(moves))
    again = Record.from_json(json.loads(json.dumps(record.to_json())))
    assert again.to_json()["seed"] is None and again == record
    assert game.match_record(replay(game, again), ["p"] * game.seats) == game.match_record(
        final, ["p"] * game.seats
    )
    if done > 1:
        short = FairDeals.revealed(fair.commitment, fair.client_seeds, fair.seeds[:1])
        with pytest.raises(RecordError, match="deal 2's seed is not revealed"):
            replay(game, Record(game.name, record.options, short, tuple(moves)))
