"""The lobby's New table form (client/src/lib/games.ts) against the games themselves: it
starts every game at the game's default options, and offers every option a game's tables
accept except those the table sets itself when the seats fill (King Bolola's first
declarer, KB-5). The client's vitest suite checks that each of those defaults has a
control, words in every language and a rule id."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bolola import registry
from bolola.engine import Seated

GAMES_TS = Path(__file__).resolve().parents[1] / "client" / "src" / "lib" / "games.ts"
ENTRY = re.compile(r"id: '([a-z-]+)',(.*?)(?=\n  \{\n    id: |\n\];)", re.S)
DEFAULTS = re.compile(r"\n    defaults: \{([^}]*)\}")
PAIR = re.compile(r"(?:'([^']+)'|(\w+)): (true|false|\d+)")


def client_defaults() -> dict[str, dict[str, object]]:
    """Each game of the lobby's list with its ``defaults``, read from games.ts."""
    text = GAMES_TS.read_text(encoding="utf-8")
    text = text[text.index("export const GAMES") :]
    out: dict[str, dict[str, object]] = {}
    for game, body in ENTRY.findall(text):
        found = DEFAULTS.search(body)
        assert found, f"{game}: no defaults in games.ts"
        out[game] = {
            quoted or bare: value == "true" if value in ("true", "false") else int(value)
            for quoted, bare, value in PAIR.findall(found.group(1))
        }
    return out


def set_by_the_table(game: registry.AnyGame) -> set[str]:
    """The option keys ``seat_options`` fills in once the players sit."""
    options = game.default_options()
    players = [Seated(f"p{n}", 1500.0 + n) for n in range(game.seat_count(options))]
    before, after = options.to_json(), game.seat_options(options, players).to_json()
    return {k for k in after if before.get(k) != after[k]}


def test_the_lobby_lists_games_the_room_has() -> None:
    found = client_defaults()
    assert {"king-bolola", "hearts-trumps", "baloot", "jolly"} <= set(found), found
    for name in found:
        registry.find(name)


@pytest.mark.parametrize("name", sorted(client_defaults()))
def test_the_form_starts_from_the_games_default_options(name: str) -> None:
    game = registry.find(name)
    assert client_defaults()[name] == game.default_options().to_json()


@pytest.mark.parametrize("name", sorted(client_defaults()))
def test_the_form_offers_every_option_a_host_may_choose(name: str) -> None:
    game = registry.find(name)
    offered = set(client_defaults()[name])
    table = set_by_the_table(game)
    for options in game.option_examples():
        assert set(options.to_json()) <= offered | table, (options, offered, table)
    # Every option offered is one the game accepts, each on its own.
    for key, value in client_defaults()[name].items():
        flipped = (not value) if isinstance(value, bool) else value
        assert game.parse_options({key: flipped}).to_json()[key] == flipped


def test_jo1_a_new_jolly_table_starts_at_four_players() -> None:
    assert client_defaults()["jolly"]["players"] == 4
    assert registry.find("jolly").default_options().to_json()["players"] == 4
