"""Jolly's bots: ``club`` (the exact meld finder and rules of thumb for the draw and the
discard) and ``expert`` (``club``'s candidates weighed by play-outs over hidden hands
sampled to agree with the view)."""

from bolola.bots.jolly.club import make_club
from bolola.bots.jolly.expert import make_expert

BOTS = {"club": make_club, "expert": make_expert}
