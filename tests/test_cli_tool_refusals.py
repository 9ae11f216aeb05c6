"""The tool commands refuse bad input in one line (what is wrong, what to do), never a
traceback, and lose nothing: ``password`` and ``achievements`` take the server's database
(``--database-url``, else ``BOLOLA_DATABASE_URL``) and make none; ``bench``, ``arena``,
``analyse`` and ``verify`` say what their options or files are not."""

from __future__ import annotations

import asyncio
import io
import json
import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bolola import registry
from bolola.cli import COMMANDS, main
from bolola.engine import Record, fairness_json, random_play_out
from bolola.fairness import FairDeals
from bolola.server.accounts import hash_password
from bolola.store.store import Store

NEW = "a new and long password"
NO_DATABASE = "(start the server once to make it, or give --database-url)"


def one_line(err: str, prefix: str) -> str:
    assert err.startswith(prefix) and err.count("\n") == 1, err
    assert "Traceback" not in err, err
    return err.strip()


@pytest.fixture
def room(tmp_path: Path) -> str:
    """The URL of a room's database (migrated, as the server makes it) with one player."""
    url = f"sqlite:///{tmp_path}/room.db"

    async def make() -> None:
        store = await Store.open(url)
        try:
            await store.add_player("ana_k", is_guest=False, password_hash=hash_password("old one!"))
        finally:
            await store.close()

    asyncio.run(make())
    return url


def password_hash(url: str) -> str | None:
    async def read() -> str | None:
        store = await Store.open(url)
        try:
            found = await store.player_named("ana_k")
            return None if found is None else found.password_hash
        finally:
            await store.close()

    return asyncio.run(read())


# --- password, achievements: the server's database, and only one that is there ----------


def test_the_database_comes_from_the_servers_variable(
    room: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)  # no ./bolola.db: the variable is what finds the room
    monkeypatch.setenv("BOLOLA_DATABASE_URL", room)
    before = password_hash(room)
    monkeypatch.setattr(sys, "stdin", io.StringIO(NEW + "\n"))
    assert main(["password", "ana_k"]) == 0, capsys.readouterr().err
    assert "the password of ana_k is set" in capsys.readouterr().out
    assert password_hash(room) not in (None, before)
    assert main(["achievements", "--player", "ana_k"]) == 0
    assert isinstance(json.loads(capsys.readouterr().out), list)
    assert not (tmp_path / "bolola.db").exists()


@pytest.mark.parametrize("command", ["password", "achievements"])
@pytest.mark.parametrize("where", ["flag", "variable", "default"])
def test_a_database_that_is_not_there_is_refused_not_made(
    command: str,
    where: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("BOLOLA_DATABASE_URL", raising=False)
    missing = tmp_path / ("bolola.db" if where == "default" else "nonexist.sqlite")
    argv = [command, *(["ana_k"] if command == "password" else ["--player", "ana_k"])]
    if where == "flag":
        argv += ["--database-url", f"sqlite:///{missing}"]
    elif where == "variable":
        monkeypatch.setenv("BOLOLA_DATABASE_URL", f"sqlite:///{missing}")
    monkeypatch.setattr(sys, "stdin", io.StringIO(NEW + "\n"))
    assert main(argv) == 1
    line = one_line(capsys.readouterr().err, f"bolola {command}: ")
    assert line == f"bolola {command}: no database at {missing} {NO_DATABASE}"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", ["password", "achievements"])
@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("bogus", "not a database URL: 'bogus' (e.g. sqlite:///bolola.db"),
        ("mysql://x", "unsupported database 'mysql'"),
        ("sqlite://", "memory"),
    ],
)
def test_a_url_that_is_not_a_database_is_refused_as_serve_refuses_it(
    command: str, url: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [command, *(["ana_k"] if command == "password" else ["--backfill"])]
    assert main([*argv, "--database-url", url]) == 2
    assert says in one_line(capsys.readouterr().err, f"bolola {command}: ")


def test_an_empty_file_or_another_programs_database_is_left_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.db"
    empty.touch()
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
    db.close()
    for path, says in ((empty, f"no database at {empty}: the file is empty"), (other, "not the")):
        assert main(["achievements", "--backfill", "--database-url", f"sqlite:///{path}"]) == 1
        assert says in one_line(capsys.readouterr().err, "bolola achievements: ")
    assert empty.stat().st_size == 0
    with sqlite3.connect(other) as db:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    db.close()
    assert tables == {"notes"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.db", "other.db"]


def test_the_command_itself_says_it_in_one_line(tmp_path: Path) -> None:
    """End to end: the variable read by a real ``bolola password``, nothing made."""
    missing = tmp_path / "nonexist.sqlite"
    done = subprocess.run(
        [sys.executable, "-m", "bolola.cli", "password", "ana_k"],
        input=NEW + "\n",
        capture_output=True,
        text=True,
        env={**os.environ, "BOLOLA_DATABASE_URL": f"sqlite:///{missing}"},
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == f"bolola password: no database at {missing} {NO_DATABASE}\n"
    assert list(tmp_path.iterdir()) == []


# --- bench ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["referee", "--records", "1", "--write", "{tmp}/no/dir/x"], "cannot write {tmp}/no/dir/x"),
        (["referee", "--records", "1", "--write", "{tmp}"], "cannot write {tmp}"),
        (["server", "--game", "nope", "--tables", "1"], "unknown game 'nope'"),
        (["server", "--option", "foo", "--tables", "1"], "--option takes KEY=VALUE, not 'foo'"),
        (["server", "--option", "foo=1", "--tables", "1"], "unknown option"),
        (["server", "--url", "nonsense", "--tables", "1"], "--url takes ws://HOST:PORT"),
        (["server", "--url", "ws://host:port", "--tables", "1"], "--url takes ws://HOST:PORT"),
        (["server", "--processes", "0"], "--processes ≥ 1"),
    ],
)
def test_bench_refuses_bad_options_before_it_runs(
    argv: list[str], says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert main(["bench", *argv]) == 2
    line = one_line(capsys.readouterr().err, f"bolola bench {argv[0]}: ")
    assert says.replace("{tmp}", str(tmp_path)) in line


def test_bench_referee_writes_the_records_it_measured(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "records.jsonl"
    assert (
        main(["bench", "referee", "--game", "baloot", "--records", "3", "--write", str(path)]) == 0
    )
    assert len(path.read_text().splitlines()) == 3 and "baloot" in capsys.readouterr().out


def test_bench_help_names_every_target(capsys: pytest.CaptureFixture[str]) -> None:
    from bolola.bench import OTHER_TARGETS

    with pytest.raises(SystemExit):
        main(["bench", "--help"])
    usage = capsys.readouterr().out
    described = COMMANDS["bench"][1]
    for target in ("engine", *OTHER_TARGETS):
        assert target in described and target in usage


# --- arena ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--matches", "0"], "--matches must be positive"),
        (["--matches", "-1"], "--matches must be positive"),
        (["--deals", "0"], "--deals must be positive"),
        (["--jobs", "0"], "--jobs must be positive"),
        (["--jobs", "-1"], "--jobs must be positive"),
    ],
)
def test_arena_refuses_counts_below_one(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["arena", *argv, "--no-progress"]) == 2
    assert says in one_line(capsys.readouterr().err, "bolola arena: ")


# --- analyse and verify: the record each one reads ------------------------------------------


def fair_records() -> tuple[dict[str, object], dict[str, object]]:
    """A fair King Bolola match: its match record (the table's download) and its engine
    record (what /api/matches/N/replay gives), the first few moves of it."""
    game = registry.find("king-bolola")
    fair = FairDeals.from_top(b"\x07" * 32, ("a", "b", "c", "d"), 64)
    moves: list[str] = []
    state = random_play_out(game, game.new(game.default_options(), fair), random.Random(1), moves)
    match = game.match_record(state, ["p0", "p1", "p2", "p3"])
    match["fairness"] = fairness_json(fair, game.deals_done(state))
    revealed = FairDeals.revealed(fair.commitment, fair.client_seeds, fair.seeds[:1])
    engine = Record(game.name, game.default_options().to_json(), revealed, tuple(moves[:5]))
    return match, engine.to_json()


def run_on(tmp_path: Path, command: str, content: object, *options: str) -> int:
    path = tmp_path / "record.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    return main([command, str(path), *options])


def test_analyse_says_a_match_record_is_not_its_record_and_where_to_get_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match, _ = fair_records()
    assert run_on(tmp_path, "analyse", match) == 2
    line = one_line(capsys.readouterr().err, "bolola analyse: ")
    assert "match record" in line and "engine record" in line
    assert "/api/matches/N/replay" in line


def test_analyse_names_an_unknown_game_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_on(tmp_path, "analyse", {"game": "nope"}) == 2
    assert "unknown game 'nope'" in one_line(capsys.readouterr().err, "bolola analyse: ")
    assert run_on(tmp_path, "analyse", {"game": "nope"}, "--json") == 2
    assert json.loads(capsys.readouterr().out)["error"].startswith("unknown game 'nope'")


def test_analyse_reads_the_replay_answer_as_its_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, engine = fair_records()
    cheap = ("--json", "--samples", "1", "--nodes", "0")
    assert run_on(tmp_path, "analyse", engine, *cheap) == 0
    alone = capsys.readouterr().out
    answer = {"replay": {"id": 9, "game": "king-bolola", "versions": 5, "record": engine}}
    assert run_on(tmp_path, "analyse", answer, *cheap) == 0
    assert capsys.readouterr().out == alone


def test_verify_says_an_engine_record_is_not_its_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, engine = fair_records()
    for given in (engine, {"replay": {"record": engine}}):
        assert run_on(tmp_path, "verify", given) == 2
        out = capsys.readouterr().out
        assert out.startswith("malformed: this is an engine record") and out.count("\n") == 1
        assert "/api/tables/N/record" in out


@pytest.mark.parametrize("command", ["legal", "analyse", "verify"])
def test_an_empty_file_is_said_alike(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_on(tmp_path, command, "  \n") == 2
    captured = capsys.readouterr()
    assert "no record: the input is empty" in captured.out + captured.err
