"""Baloot's bots: ``club`` (rules of thumb, playing as partners)."""

from bolola.bots.baloot.club import make_club

BOTS = {"club": make_club}
