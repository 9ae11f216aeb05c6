"""Every game of the card room, registered with the engine on import."""

from bolola.engine import register
from bolola.games.hearts_trumps import GAME as HEARTS_TRUMPS
from bolola.games.king_bolola import GAME as KING_BOLOLA

register(KING_BOLOLA)
register(HEARTS_TRUMPS)
