"""Hearts Are Trumps' bots: ``club`` (priced rules of thumb) and ``expert`` (sampled
opponent hands and the matrix game of each hand)."""

from bolola.bots.base import register_bot
from bolola.bots.hearts_trumps.club import make_club
from bolola.bots.hearts_trumps.expert import make_expert

register_bot("hearts-trumps", "club", make_club)
register_bot("hearts-trumps", "expert", make_expert)
