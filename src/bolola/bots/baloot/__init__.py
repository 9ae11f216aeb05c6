"""Baloot's bots: ``club`` (rules of thumb, playing as partners) and ``expert``
(play-outs over hidden hands sampled to agree with the view)."""

from bolola.bots.baloot.club import make_club
from bolola.bots.baloot.expert import make_expert

BOTS = {"club": make_club, "expert": make_expert}
