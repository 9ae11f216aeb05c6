"""Server settings: defaults, then ``BOLOLA_*`` environment variables, then the command line.

>>> Settings(port=9000).port
9000

Sign-in providers (PL-15, docs/sign-in.md) are configured here too: Google and Facebook by
their client id and secret, any number of other OpenID Connect providers under ``oidc``,
either as one JSON variable or one variable per field::

    BOLOLA_GOOGLE_CLIENT_ID=...  BOLOLA_GOOGLE_CLIENT_SECRET=...
    BOLOLA_OIDC='{"gitlab": {"issuer": "https://gitlab.com", "client_id": "...", ...}}'
    BOLOLA_OIDC__GITLAB__ISSUER=https://gitlab.com  BOLOLA_OIDC__GITLAB__CLIENT_ID=...

>>> [p.id for p in Settings(google_client_id="x", google_client_secret="y").oauth_providers()]
['google']
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic.fields import FieldInfo
from pydantic_core import PydanticCustomError
from pydantic_settings import (
    BaseSettings,
    EnvSettingsSource,
    NoDecode,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

# The level names only: ``bolola.bots.base`` imports no game.
from bolola.bots.base import LEVELS as BOT_LEVELS
from bolola.server.address import proxy_network
from bolola.server.logs import LEVELS as LOG_LEVELS

GOOGLE_METADATA_URL = "https://accounts.google.com/.well-known/openid-configuration"
# Unversioned Graph URLs use the app's own API version, so they do not expire.
FACEBOOK_AUTHORIZE_URL = "https://www.facebook.com/dialog/oauth"
FACEBOOK_TOKEN_URL = "https://graph.facebook.com/oauth/access_token"
FACEBOOK_USERINFO_URL = "https://graph.facebook.com/me?fields=id,name"
# Only friends who use the app too, and only when the person granted user_friends.
FACEBOOK_FRIENDS_URL = "https://graph.facebook.com/me/friends?limit=500"
# A provider id is a URL segment and the ``provider`` column of an identity (40 chars).
PROVIDER_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")
BUILT_IN = ("google", "facebook")
REDIS_SCHEMES = ("redis", "rediss", "unix")


def _refused(reason: str) -> PydanticCustomError:
    """A setting's error as ``bolola serve`` prints it, ``bad setting: FIELD: REASON``,
    without the "Value error, " a plain ValueError's message starts with."""
    return PydanticCustomError("bad_setting", "{reason}", {"reason": reason})


class ProviderKind(Enum):
    OIDC = "oidc"  # OpenID Connect: discovery document, signed id_token
    FACEBOOK = "facebook"  # plain OAuth2, the person from the Graph ``me`` endpoint


@dataclass(frozen=True, slots=True)
class OAuthProvider:
    """One configured sign-in provider, whatever way it was configured."""

    id: str
    name: str
    kind: ProviderKind
    client_id: str
    client_secret: str
    scope: str
    metadata_url: str = ""  # OIDC discovery document
    authorize_url: str = ""  # empty: from the discovery document
    token_url: str = ""
    userinfo_url: str = ""
    friends_url: str = ""  # the person's friends who use the app too (Facebook's user_friends)


class OidcProvider(BaseModel):
    """A generic OpenID Connect provider: ``issuer`` (its discovery document is at
    ``<issuer>/.well-known/openid-configuration``) or ``metadata_url``, and the client."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    client_id: str = Field(min_length=1)
    client_secret: str = ""
    issuer: str = ""
    metadata_url: str = ""
    name: str = ""
    scope: str = "openid profile"

    @model_validator(mode="after")
    def _discoverable(self) -> OidcProvider:
        if not self.issuer and not self.metadata_url:
            raise _refused("an OpenID Connect provider needs an issuer or a metadata_url")
        if "openid" not in self.scope.split():
            raise _refused("the scope of an OpenID Connect provider includes openid")
        return self

    def discovery_url(self) -> str:
        return self.metadata_url or (self.issuer.rstrip("/") + "/.well-known/openid-configuration")


class _Environment(EnvSettingsSource):
    """``BOLOLA_*`` variables, where a JSON value that does not parse goes on as it is, for
    the field's own validation to refuse in a line of its own (``bad setting: oidc: …``)
    rather than as pydantic-settings' SettingsError, a traceback."""

    def decode_complex_value(self, field_name: str, field: FieldInfo, value: Any) -> Any:
        try:
            return super().decode_complex_value(field_name, field, value)
        except json.JSONDecodeError:
            return value


def _json_object(value: Any) -> Any:
    """A JSON text as what it holds (a malformed one refused); anything else as it is."""
    if not isinstance(value, str):
        return value
    try:
        return json.loads(value)
    except json.JSONDecodeError as e:
        raise _refused(f"not JSON ({e})") from None


def _address_list(value: Any) -> Any:
    """Trusted proxies as given: a JSON list, or addresses separated by commas, with or
    without the brackets and quotes (a shell's ``source`` of ``["127.0.0.1"]`` leaves
    ``[127.0.0.1]``).

    >>> _address_list('["10.0.0.2", "10.0.1.0/24"]'), _address_list("10.0.0.2, ::1")
    (['10.0.0.2', '10.0.1.0/24'], ['10.0.0.2', '::1'])
    >>> _address_list("[127.0.0.1]"), _address_list("")
    (['127.0.0.1'], [])
    """
    if not isinstance(value, str):
        return value
    text = value.strip()
    if text.startswith("["):
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            text = text[1:].removesuffix("]")
    return [x.strip().strip("'\"").strip() for x in text.split(",") if x.strip()]


class Settings(BaseSettings):
    # ``__`` reaches inside ``oidc``: BOLOLA_OIDC__<ID>__<FIELD>.
    model_config = SettingsConfigDict(
        env_prefix="BOLOLA_", extra="ignore", env_nested_delimiter="__"
    )

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings, _Environment(settings_cls), dotenv_settings, file_secret_settings)

    host: str = "127.0.0.1"
    port: int = Field(8000, ge=0, le=65535)
    database_url: str = "sqlite:///bolola.db"
    # Several processes (docs/deploy.md): a Redis shared by every process, for who owns
    # which table and for the frames between processes; empty: one process, as make run.
    redis_url: str = ""
    # This process among the others (a Redis key and channel); empty: host and pid.
    process_id: str = Field("", pattern=r"^[A-Za-z0-9._:-]{0,64}$")
    # The address other processes reach this one at for REST requests about its tables;
    # empty: http://HOST:PORT (HOST the machine's name if listening on every address).
    advertise_url: str = ""
    # A table's owner renews its lease this often (a third of it); a process dead this
    # long has its tables taken over by the others.
    lease_seconds: float = Field(5.0, gt=0.2, le=300)
    # Signs session cookies; when empty, one is made and kept in the database.
    secret_key: str = ""
    log_level: str = "info"
    # Per WebSocket connection: largest message (bytes), messages per second and burst.
    max_message_bytes: int = Field(4096, ge=64)
    messages_per_second: float = Field(20.0, gt=0)
    message_burst: int = Field(40, ge=1)
    # Chat: longest line and lines per second (burst) per player and table.
    chat_max_chars: int = Field(300, ge=1)
    chat_per_second: float = Field(1.0, gt=0)
    chat_burst: int = Field(5, ge=1)
    # Sign-in attempts per name and address per minute.
    login_per_minute: int = Field(5, ge=1)
    # Sign-in and sign-up attempts per client address per minute, whatever the names.
    login_per_address_per_minute: int = Field(30, ge=1)
    # Addresses or networks of reverse proxies whose X-Forwarded-For is believed (none by
    # default: the client address is the TCP peer's). A JSON list or separated by commas:
    # BOLOLA_TRUSTED_PROXIES='["10.0.0.2"]' or BOLOLA_TRUSTED_PROXIES=10.0.0.2,10.0.1.0/24.
    trusted_proxies: Annotated[list[str], NoDecode] = Field(default_factory=list)
    # The shortest move time limit a table may ask for.
    min_move_seconds: float = Field(5.0, ge=0)
    # A bot standing in for a person who timed out or left waits this long before each of
    # their moves, so the match does not run to its end before they can come back (PL-5).
    stand_in_seconds: float = Field(2.0, ge=0)
    # New guests per client address per hour (REST and WebSocket alike; bursts of as many).
    guests_per_address_per_hour: int = Field(60, ge=1)
    # Tables one player may host at once, waiting for players or in play (all-bot included).
    tables_per_player: int = Field(5, ge=1)
    # WebSocket connections one player may have open at once (tabs, devices).
    connections_per_player: int = Field(8, ge=1)
    # The largest REST request body (bytes); a larger one is refused before it is read.
    max_body_bytes: int = Field(65536, ge=1024)
    # An open table nobody joins (no seat taken or freed) for this long leaves the lobby
    # (0: never).
    open_table_seconds: float = Field(1800.0, ge=0)
    # Tables where no seated person is connected (all-bot tables, abandoned ones) move one
    # at a time, and are busy at most this share of the time all together.
    bot_tables_share: float = Field(0.25, gt=0, le=1)
    # A bot move, a timed-out seat's move, a match start or end that the database refused
    # is tried again after this long, doubling up to the maximum.
    retry_first_seconds: float = Field(0.5, gt=0)
    retry_max_seconds: float = Field(30.0, gt=0)
    # Keepalive: ping every N seconds, drop a connection silent for M more (0: off).
    ping_interval: float = Field(20.0, ge=0)
    ping_timeout: float = Field(20.0, ge=0)
    # A seated player who left or lost the connection is played for after this long.
    grace_seconds: float = Field(30.0, ge=0)
    # Updates kept per table for reconnects; an older gap gets a full snapshot.
    replay_window: int = Field(512, ge=1)
    # The level of the bot that plays for an absent player.
    stand_in_level: str = "club"
    # Cookies marked Secure (behind HTTPS).
    secure_cookies: bool = False
    # A bare WebSocket echo at /echo: the ceiling for ``bolola bench server``.
    echo: bool = False
    # permessage-deflate on the WebSocket: off, since frames are small (a view is 1-2 KB)
    # and compressing them cost more CPU than anything else in sending; on for slow links.
    websocket_compression: bool = False
    # uvicorn's WebSocket protocol: websockets' sans-I/O one (the fastest measured with
    # every test passing; docs/performance.md) or wsproto (kept for the bench's comparison).
    websocket_protocol: Literal["websockets-sansio", "wsproto"] = "websockets-sansio"
    # A finished (or expired) table stays in memory this long, for late joiners and
    # reloads, then only its record and results remain (in the database).
    finished_table_seconds: float = Field(60.0, ge=0)
    # After a table leaves memory, freed memory is given back to the system this many
    # seconds later (at most one per period; caches too when no table is live); 0: never.
    trim_seconds: float = Field(30.0, ge=0)
    # The C allocator every allocation goes to: jemalloc where it is installed (the
    # server starts itself again on it; server/allocator.py), or Python's own.
    allocator: Literal["jemalloc", "python"] = "jemalloc"
    # At start, the server plays a match of every game by itself on a database of its own
    # (server/rehearsal.py): what a first table makes for good is made then, not among a
    # busy hour's tables, where it kept their pages (issue 15). Off in most tests.
    rehearse: bool = True
    # How long a challenge waits for its friends' answers before it lapses (issue 17).
    challenge_seconds: float = Field(180.0, gt=0)
    # How often the server looks for passwords changed outside it (`bolola password`),
    # to close the sockets of the sessions that ended; 0: never.
    sessions_check_seconds: float = Field(5.0, ge=0)
    # The address people reach the server at (e.g. https://cards.example.org), for the
    # OAuth redirect URIs; empty: taken from each request's own URL.
    public_url: str = ""
    # Sign-in providers (PL-15): a provider is offered once its client id is set.
    google_client_id: str = ""
    google_client_secret: str = ""
    google_metadata_url: str = GOOGLE_METADATA_URL
    facebook_client_id: str = ""
    facebook_client_secret: str = ""
    facebook_authorize_url: str = FACEBOOK_AUTHORIZE_URL
    facebook_token_url: str = FACEBOOK_TOKEN_URL
    facebook_userinfo_url: str = FACEBOOK_USERINFO_URL
    facebook_friends_url: str = FACEBOOK_FRIENDS_URL
    # Other OpenID Connect providers by id (lower case: the id is in URLs and the database).
    oidc: dict[str, OidcProvider] = Field(default_factory=dict)

    @field_validator("database_url")
    @classmethod
    def _kept(cls, value: str) -> str:
        if _in_memory(value):
            raise _refused(
                "an in-memory SQLite database keeps nothing once the server stops; "
                "give a file: sqlite:///PATH (e.g. sqlite:///bolola.db)"
            )
        return value

    @field_validator("redis_url")
    @classmethod
    def _redis_scheme(cls, value: str) -> str:
        if not value:
            return value
        scheme = urlsplit(value).scheme.lower() if "://" in value else ""
        if scheme not in REDIS_SCHEMES:
            given = f"the scheme {scheme!r}" if scheme else "no scheme"
            raise _refused(
                f"not a Redis URL ({given}): redis://HOST:PORT/DB, rediss://… (TLS) or unix:///PATH"
            )
        return value

    @field_validator("log_level")
    @classmethod
    def _log_level(cls, value: str) -> str:
        if value.lower() not in LOG_LEVELS:
            raise _refused(f"unknown log level {value!r} (known: {', '.join(LOG_LEVELS)})")
        return value.lower()

    @field_validator("stand_in_level")
    @classmethod
    def _bot_level(cls, value: str) -> str:
        if value not in BOT_LEVELS:
            raise _refused(f"unknown bot level {value!r} (known: {', '.join(BOT_LEVELS)})")
        return value

    @field_validator("trusted_proxies", mode="before")
    @classmethod
    def _proxies_given(cls, value: Any) -> Any:
        return _address_list(value)

    @field_validator("trusted_proxies")
    @classmethod
    def _proxies(cls, value: list[str]) -> list[str]:
        for entry in value:
            try:
                proxy_network(entry)
            except ValueError as e:  # 'localhost' is not an IP address or network
                raise _refused(str(e)) from None
        return value

    @field_validator("oidc", mode="before")
    @classmethod
    def _oidc_given(cls, value: Any) -> Any:
        return _json_object(value)

    @field_validator("oidc")
    @classmethod
    def _provider_ids(cls, value: dict[str, OidcProvider]) -> dict[str, OidcProvider]:
        for key in value:
            if not PROVIDER_ID.fullmatch(key):
                raise _refused(f"provider id {key!r}: 1-40 of a-z 0-9 _ -, lower case first")
            if key in BUILT_IN:
                raise _refused(f"provider id {key!r} is built in; use BOLOLA_{key.upper()}_*")
        return value

    def oauth_providers(self) -> list[OAuthProvider]:
        """The configured providers, built-in ones first, then the others by id."""
        out: list[OAuthProvider] = []
        if self.google_client_id:
            out.append(
                OAuthProvider(
                    id="google",
                    name="Google",
                    kind=ProviderKind.OIDC,
                    client_id=self.google_client_id,
                    client_secret=self.google_client_secret,
                    scope="openid email profile",
                    metadata_url=self.google_metadata_url,
                )
            )
        if self.facebook_client_id:
            out.append(
                OAuthProvider(
                    id="facebook",
                    name="Facebook",
                    kind=ProviderKind.FACEBOOK,
                    client_id=self.facebook_client_id,
                    client_secret=self.facebook_client_secret,
                    scope="public_profile user_friends",
                    authorize_url=self.facebook_authorize_url,
                    token_url=self.facebook_token_url,
                    userinfo_url=self.facebook_userinfo_url,
                    friends_url=self.facebook_friends_url,
                )
            )
        for key, found in sorted(self.oidc.items()):
            out.append(
                OAuthProvider(
                    id=key,
                    name=found.name or key.capitalize(),
                    kind=ProviderKind.OIDC,
                    client_id=found.client_id,
                    client_secret=found.client_secret,
                    scope=found.scope,
                    metadata_url=found.discovery_url(),
                )
            )
        return out


def _in_memory(url: str) -> bool:
    """Whether a database URL names an in-memory SQLite database (``sqlite://``,
    ``sqlite:///:memory:``, a ``mode=memory`` URI); a URL that does not parse is left
    to the command's own check.

    >>> _in_memory("sqlite://"), _in_memory("sqlite:///:memory:"), _in_memory("sqlite:///b.db")
    (True, True, False)
    """
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(url)
    except ArgumentError:
        return False
    if parsed.get_backend_name() != "sqlite":
        return False
    database = parsed.database or ""
    return (
        database in ("", ":memory:")
        or database.startswith("file::memory:")
        or parsed.query.get("mode") == "memory"
    )
