"""Who is playing: guests, local accounts, sessions and CSRF tokens (PL-15).

Passwords are kept as argon2 hashes; a session is a signed token carrying the player id,
sent as an HttpOnly SameSite cookie to browsers and in ``hello`` by other clients.

A CSRF token is tied to the session it protects: an HMAC, under a key derived from the
server's secret, of the session token (or, before there is a session, of a random nonce
kept in an HttpOnly cookie of the browser). Another session's token, a made-up one, or a
cookie an attacker managed to set, match nothing.

>>> keys = Keys("secret")
>>> keys.player_of(keys.session(7))
7
>>> keys.session(7) != keys.session(7)  # even within one second
True
>>> keys.csrf_ok("session:abc", keys.csrf_token("session:abc"))
True
>>> keys.csrf_ok("session:abd", keys.csrf_token("session:abc"))
False
"""

from __future__ import annotations

import asyncio
import base64
import functools
import hashlib
import hmac
import re
import secrets
import time

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeTimedSerializer

from bolola.server.protocol import CONTROL

SESSION_COOKIE = "bolola_session"
CSRF_COOKIE = "bolola_csrf"  # a random nonce: what a CSRF token is tied to before sign-in
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
        self._csrf = hashlib.sha256(b"bolola csrf\x00" + secret.encode()).digest()

    def session(self, player_id: int) -> str:
        # A nonce of its own: the signature's timestamp has whole seconds, and a session
        # made in the same second as one just signed out (and so revoked) was that one.
        return self._sessions.dumps([player_id, secrets.token_urlsafe(8)])

    def player_of(self, token: str | None) -> int | None:
        if not token:
            return None
        try:
            value = self._sessions.loads(token, max_age=SESSION_MAX_AGE)
        except BadSignature:
            return None
        if isinstance(value, list) and len(value) == 2:
            value = value[0]  # [player id, nonce]; a bare id is an older server's session
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    @staticmethod
    def revocation(token: str) -> tuple[str, float]:
        """The key a signed-out token is remembered by, and until when it would be valid."""
        digest = hashlib.sha256(token.encode()).hexdigest()[:36]
        return f"r:{digest}", time.time() + SESSION_MAX_AGE

    def csrf_token(self, binding: str) -> str:
        """The CSRF token of ``binding`` (``session:<token>`` or ``browser:<nonce>``)."""
        mac = hmac.new(self._csrf, binding.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()

    def csrf_ok(self, binding: str | None, sent: str | None) -> bool:
        """``sent`` (a header or a form field) is the token of this request's session."""
        if not binding or not sent:
            return False
        expected = self.csrf_token(binding).encode()
        return hmac.compare_digest(expected, sent.encode("utf-8", "replace"))

    @staticmethod
    def nonce() -> str:
        return secrets.token_urlsafe(24)


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
