"""Cosmetic rewards of levels (issue 17): card backs and table felts a player unlocks by
levelling up (PL-11) and chooses on their profile. Only names and levels live here; the
client draws each design (its own SVGs and colours) by name.

>>> [c.name for c in unlocked(Kind.BACK, 4)]
['classic', 'crimson']
>>> [c.name for c in unlocked_at(5)]
['lattice']
>>> choose(Kind.FELT, "blue", 3)
Traceback (most recent call last):
...
bolola.progression.cosmetics.LockedError: the blue felt unlocks at level 4
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Kind(StrEnum):
    BACK = "back"
    FELT = "felt"


@dataclass(frozen=True, slots=True)
class Cosmetic:
    kind: Kind
    name: str
    level: int  # the level that unlocks it

    def to_json(self) -> dict[str, object]:
        return {"kind": str(self.kind), "name": self.name, "level": self.level}


CATALOGUE: tuple[Cosmetic, ...] = (
    Cosmetic(Kind.BACK, "classic", 1),
    Cosmetic(Kind.FELT, "green", 1),
    Cosmetic(Kind.BACK, "crimson", 3),
    Cosmetic(Kind.FELT, "blue", 4),
    Cosmetic(Kind.BACK, "lattice", 5),
    Cosmetic(Kind.FELT, "burgundy", 7),
    Cosmetic(Kind.BACK, "night", 9),
    Cosmetic(Kind.FELT, "slate", 11),
    Cosmetic(Kind.BACK, "gold", 14),
    Cosmetic(Kind.FELT, "royal", 17),
)
"""Every design, by the level that unlocks it; the first of each kind is everyone's."""

DEFAULT = {kind: next(c.name for c in CATALOGUE if c.kind is kind) for kind in Kind}


class LockedError(ValueError):
    """A design that does not exist, or that the player's level has not unlocked."""


def unlocked(kind: Kind, level: int) -> tuple[Cosmetic, ...]:
    return tuple(c for c in CATALOGUE if c.kind is kind and c.level <= level)


def unlocked_at(level: int) -> tuple[Cosmetic, ...]:
    """What reaching ``level`` unlocks (the level-up dialog shows it)."""
    return tuple(c for c in CATALOGUE if c.level == level)


def unlocked_between(before: int, after: int) -> tuple[Cosmetic, ...]:
    """What levelling up from ``before`` to ``after`` unlocks (several levels at once too)."""
    return tuple(c for c in CATALOGUE if before < c.level <= after)


def choose(kind: Kind, name: str, level: int) -> str:
    """``name`` if a player of ``level`` may use it; raises :class:`LockedError`."""
    found = next((c for c in CATALOGUE if c.kind is kind and c.name == name), None)
    if found is None:
        known = ", ".join(c.name for c in CATALOGUE if c.kind is kind)
        raise LockedError(f"no {kind} named {name!r} (known: {known})")
    if found.level > level:
        raise LockedError(f"the {name} {kind} unlocks at level {found.level}")
    return name
