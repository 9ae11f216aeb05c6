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
import secrets
import time
from typing import TYPE_CHECKING

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeTimedSerializer

from bolola import names
from bolola.server.protocol import CONTROL, ProtocolError
from bolola.store.values import PlayerInfo

if TYPE_CHECKING:
    from bolola.store.store import Store

SESSION_COOKIE = "bolola_session"
CSRF_COOKIE = "bolola_csrf"  # a random nonce: what a CSRF token is tied to before sign-in
CSRF_HEADER = "x-csrf-token"
SESSION_MAX_AGE = 30 * 24 * 3600
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
        # A nonce of its own: two sessions of one player made at once are two (one of
        # them may be signed out, and so revoked). And the time it was made, finer than
        # the signature's whole seconds: a password changed ends the sessions made
        # before it, not the one made just after for the player who changed it.
        made = time.time_ns() // 1000
        return self._sessions.dumps([player_id, secrets.token_urlsafe(8), made])

    def player_of(self, token: str | None) -> int | None:
        found = self.session_of(token)
        return None if found is None else found[0]

    def session_of(self, token: str | None) -> tuple[int, float] | None:
        """The player of a session token and when it was made (seconds since the epoch),
        or None for no valid token."""
        if not token:
            return None
        try:
            value, signed = self._sessions.loads(
                token, max_age=SESSION_MAX_AGE, return_timestamp=True
            )
        except BadSignature:
            return None
        made = signed.timestamp()  # an older server's session: a bare id
        if isinstance(value, list) and len(value) == 3 and type(value[2]) is int:
            value, made = value[0], value[2] / 1e6
        if type(value) is not int:
            return None
        return value, made

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


async def session_player(store: Store, keys: Keys, token: str | None) -> PlayerInfo | None:
    """The player of a session token (a bearer's, a cookie's, a hello's); None for no
    token, a forged or expired one, or a player gone. Raises ProtocolError ``bad_token``
    for a session signed out, or made before the player's password changed."""
    found = keys.session_of(token)
    if token is None or found is None:
        return None
    player_id, signed = found
    if await store.revoked(keys.revocation(token)[0]):
        raise ProtocolError("bad_token", "this session was signed out")
    player = await store.player(player_id)
    since = None if player is None else player.sessions_from
    if since is not None and signed < since:
        raise ProtocolError("bad_token", "the password changed since; sign in again")
    return player


async def check_current_password(player: PlayerInfo, current: object) -> None:
    """A password change says the player's current password (none to say for an account
    made at an outside provider, which sets its first). Wrong, it is refused as
    ``wrong_password``: no name was typed, so "wrong name or password" would mislead."""
    if player.password_hash is None:
        return
    if not isinstance(current, str) or not await password_ok_async(player.password_hash, current):
        raise ProtocolError("wrong_password", "the current password is wrong")


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


class FieldError(ValueError):
    """A name or password refused, with the error code a client says it by in the
    player's language (``bad_name``, ``reserved_name``, ``bad_password``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def check_text(value: str, what: str) -> str:
    """Text from a client: no control characters (NUL included); raises ValueError."""
    if CONTROL.search(value):  # the protocol's: C0 and C1 controls, NUL included
        raise ValueError(f"{what} may not hold control characters")
    return value


def check_name(name: object) -> str:
    """A player name as it is kept (``bolola.names``: any alphabet, one at a time);
    raises FieldError saying which rule it breaks."""
    try:
        return names.checked(name)
    except names.BadNameError as e:
        raise FieldError(e.code, str(e)) from None


def check_password(password: object) -> str:
    """A password: 8 to 200 characters, no control characters; raises FieldError."""
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise FieldError(
            "bad_password", f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters"
        )
    try:
        return check_text(password, "a password")
    except ValueError as e:
        raise FieldError("bad_password", str(e)) from None


def guest_name() -> str:
    return f"guest-{secrets.token_hex(4)}"
