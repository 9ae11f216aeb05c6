"""King Bolola's bots: ``club`` (rules of thumb) and ``expert`` (search over sampled deals)."""

from bolola.bots.base import register_bot
from bolola.bots.king_bolola.club import make_club
from bolola.bots.king_bolola.expert import make_expert

register_bot("king-bolola", "club", make_club)
register_bot("king-bolola", "expert", make_expert)
