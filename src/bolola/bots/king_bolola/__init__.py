"""King Bolola's bots: ``club`` (rules of thumb) and ``expert`` (search over sampled deals)."""

from bolola.bots.king_bolola.club import make_club
from bolola.bots.king_bolola.expert import make_expert

BOTS = {"club": make_club, "expert": make_expert}
