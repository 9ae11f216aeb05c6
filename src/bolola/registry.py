"""Every game of the room with its bots: one line per game, at the bottom.

Nothing else outside ``games/`` and ``bots/`` names a game: the server, the referee, the
arena, the benchmarks and the terminal find games here and speak to them through the
engine contract (:class:`bolola.engine.Game`) and its hooks.

>>> find("king-bolola").seats
4
>>> {"hearts-trumps", "king-bolola"} <= {g.name for g in registered()}
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bolola.engine import Game, Record, RecordError
from bolola.engine import replay as replay_state
from bolola.progression.feats import Feats

if TYPE_CHECKING:
    from bolola.analysis.judgement import JudgeFactory
    from bolola.bots.base import BotFactory
    from bolola.bots.hint import HintFactory

AnyGame = Game[Any, Any, Any, Any]
FLAGSHIP = "king-bolola"
"""The game a request that names none is about (the lobby's first, the leaderboard's)."""


def _no_feats(state: Any, events: Any) -> tuple[frozenset[str], ...]:
    return ()


NO_FEATS = Feats((), _no_feats)


@dataclass(frozen=True, slots=True)
class Entry:
    """A registered game, its bot levels beyond ``beginner`` (which plays any game) and
    its judge for ``bolola analyse`` (``None``: the generic one, play-outs by its bots)."""

    game: AnyGame
    bots: Mapping[str, BotFactory] = field(default_factory=dict)
    judge: JudgeFactory | None = None
    feats: Feats = field(default_factory=lambda: NO_FEATS)
    """What its matches can be remembered for (the achievements' feats)."""
    hint: HintFactory | None = None
    """The expert's suggestion with its reason for a practice hint (``None``: the
    strongest bot's choice alone)."""


_ENTRIES: dict[str, Entry] = {}


def register(
    game: AnyGame,
    bots: Mapping[str, BotFactory] | None = None,
    judge: JudgeFactory | None = None,
    feats: Feats | None = None,
    hint: HintFactory | None = None,
) -> None:
    """Add a game (tests register toy games this way, and remove them with :func:`forget`)."""
    _ENTRIES[game.name] = Entry(game, dict(bots or {}), judge, feats or NO_FEATS, hint)


def forget(name: str) -> None:
    _ENTRIES.pop(name, None)


def entry(name: str) -> Entry:
    """The registered game of that name; raises :class:`RecordError` for an unknown one."""
    _load()
    try:
        return _ENTRIES[name]
    except KeyError:
        known = ", ".join(sorted(_ENTRIES))
        raise RecordError(f"unknown game {name!r} (known: {known})") from None


def find(name: str) -> AnyGame:
    return entry(name).game


def registered() -> tuple[AnyGame, ...]:
    """Every game, by name."""
    _load()
    return tuple(_ENTRIES[name].game for name in sorted(_ENTRIES))


def replay(record: Record) -> tuple[AnyGame, Any]:
    """The record's game and its state after every move."""
    game = find(record.game)
    return game, replay_state(game, record)


_loaded = False


def _load() -> None:
    # Imported on first use, not at import: games and bots import the engine, and the
    # engine stays free of them.
    global _loaded
    if _loaded:
        return
    _loaded = True
    from bolola.bots import baloot as baloot_bots
    from bolola.bots import hearts_trumps as hearts_trumps_bots
    from bolola.bots import jolly as jolly_bots
    from bolola.bots import king_bolola as king_bolola_bots
    from bolola.bots.baloot.hint import hint as baloot_hint
    from bolola.bots.hearts_trumps.hint import hint as hearts_trumps_hint
    from bolola.bots.jolly.hint import hint as jolly_hint
    from bolola.bots.jolly.judge import make_judge as jolly_judge
    from bolola.bots.king_bolola.hint import hint as king_bolola_hint
    from bolola.bots.king_bolola.judge import make_judge as king_bolola_judge
    from bolola.games import baloot, hearts_trumps, jolly, king_bolola
    from bolola.games.baloot import feats as baloot_feats
    from bolola.games.hearts_trumps import feats as hearts_trumps_feats
    from bolola.games.jolly import feats as jolly_feats
    from bolola.games.king_bolola import feats as king_bolola_feats

    def feats(module: Any) -> Feats:
        return Feats(module.FEATS, module.feats)

    kb_feats = feats(king_bolola_feats)
    register(king_bolola.GAME, king_bolola_bots.BOTS, king_bolola_judge, kb_feats, king_bolola_hint)
    register(
        hearts_trumps.GAME,
        hearts_trumps_bots.BOTS,
        feats=feats(hearts_trumps_feats),
        hint=hearts_trumps_hint,
    )
    register(baloot.GAME, baloot_bots.BOTS, feats=feats(baloot_feats), hint=baloot_hint)
    register(jolly.GAME, jolly_bots.BOTS, jolly_judge, feats(jolly_feats), jolly_hint)
