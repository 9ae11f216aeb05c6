"""Who is playing: guests, local accounts, sessions and CSRF tokens (PL-15).

Passwords are kept as argon2 hashes; a session is a signed token carrying the player id,
sent as an HttpOnly SameSite cookie to browsers and in ``hello`` by other clients.

>>> keys = Keys("secret")
>>> keys.player_of(keys.session(7))
7
"""

from __future__ import annotations

import functools
import re
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeTimedSerializer

SESSION_COOKIE = "bolola_session"
CSRF_COOKIE = "bolola_csrf"
CSRF_HEADER = "x-csrf-token"
SESSION_MAX_AGE = 30 * 24 * 3600
NAME = re.compile(r"^[A-Za-z0-9_.-]{3,24}$")
MIN_PASSWORD = 8
MAX_PASSWORD = 200
_hasher = PasswordHasher()


@functools.cache
def _dummy_hash() -> str:
    """A hash to verify against when the name is unknown, so both cases take the same time."""
    return _hasher.hash("not a password of anyone")


class Keys:
    """The signers of sessions and CSRF tokens, from the server's secret."""

    def __init__(self, secret: str) -> None:
        self._sessions = URLSafeTimedSerializer(secret, salt="session")
        self._csrf = URLSafeTimedSerializer(secret, salt="csrf")

    def session(self, player_id: int) -> str:
        return self._sessions.dumps(player_id)

    def player_of(self, token: str | None) -> int | None:
        if not token:
            return None
        try:
            value = self._sessions.loads(token, max_age=SESSION_MAX_AGE)
        except BadSignature:
            return None
        return value if isinstance(value, int) else None

    def csrf_token(self) -> str:
        return self._csrf.dumps(secrets.token_urlsafe(16))

    def csrf_ok(self, cookie: str | None, sent: str | None) -> bool:
        """Double submit: the form or header repeats the signed cookie's token."""
        if not cookie or not sent or not secrets.compare_digest(cookie, sent):
            return False
        try:
            self._csrf.loads(cookie, max_age=SESSION_MAX_AGE)
        except BadSignature:
            return False
        return True


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def password_ok(stored: str | None, password: str) -> bool:
    try:
        return _hasher.verify(stored or _dummy_hash(), password) and stored is not None
    except (VerificationError, InvalidHashError):
        return False


def check_name(name: object) -> str:
    """A player name: 3-24 letters, digits, ``_ . -``; raises ValueError otherwise."""
    if not isinstance(name, str) or not NAME.match(name):
        raise ValueError("a name is 3 to 24 letters, digits, '_', '.' or '-'")
    if name.lower().startswith(("guest-", "bot-")):
        raise ValueError("names starting with guest- or bot- are reserved")
    return name


def check_password(password: object) -> str:
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ValueError(f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    return password


def guest_name() -> str:
    return f"guest-{secrets.token_hex(4)}"
