"""Who is playing: guests, local accounts, sessions and CSRF tokens (PL-15).

Passwords are kept as argon2 hashes; a session is a signed token carrying the player id,
sent as an HttpOnly SameSite cookie to browsers and in ``hello`` by other clients.

>>> keys = Keys("secret")
>>> keys.player_of(keys.session(7))
7
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import re
import secrets
import time

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeTimedSerializer

from bolola.server.protocol import CONTROL

SESSION_COOKIE = "bolola_session"
CSRF_COOKIE = "bolola_csrf"
CSRF_HEADER = "x-csrf-token"
SESSION_MAX_AGE = 30 * 24 * 3600
NAME = re.compile(r"[A-Za-z0-9_.-]{3,24}")
# Argon2 runs off the event loop, at most this many at once (each takes ~175 ms of a core).
HASHING = asyncio.Semaphore(2)
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

    @staticmethod
    def revocation(token: str) -> tuple[str, float]:
        """The key a signed-out token is remembered by, and until when it would be valid."""
        digest = hashlib.sha256(token.encode()).hexdigest()[:36]
        return f"r:{digest}", time.time() + SESSION_MAX_AGE

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


async def hash_password_async(password: str) -> str:
    """``hash_password`` in a worker thread: the event loop keeps serving meanwhile."""
    async with HASHING:
        return await asyncio.to_thread(hash_password, password)


async def password_ok_async(stored: str | None, password: str) -> bool:
    async with HASHING:
        return await asyncio.to_thread(password_ok, stored, password)


def check_text(value: str, what: str) -> str:
    """Text from a client: no control characters (NUL included); raises ValueError."""
    if CONTROL.search(value):  # the protocol's: C0 and C1 controls, NUL included
        raise ValueError(f"{what} may not hold control characters")
    return value


def check_name(name: object) -> str:
    """A player name: 3-24 letters, digits, ``_ . -``; raises ValueError otherwise."""
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise ValueError("a name is 3 to 24 letters, digits, '_', '.' or '-'")
    if name.lower().startswith(("guest-", "bot-")):
        raise ValueError("names starting with guest- or bot- are reserved")
    return name


def check_password(password: object) -> str:
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ValueError(f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    return check_text(password, "a password")


def guest_name() -> str:
    return f"guest-{secrets.token_hex(4)}"
