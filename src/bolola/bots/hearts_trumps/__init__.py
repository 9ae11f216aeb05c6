"""Hearts Are Trumps' bots: ``club`` (priced rules of thumb) and ``expert`` (sampled
opponent hands and the matrix game of each hand)."""

from bolola.bots.hearts_trumps.club import make_club
from bolola.bots.hearts_trumps.expert import make_expert

BOTS = {"club": make_club, "expert": make_expert}
