"""Sign-in with Facebook, Google or any OpenID Connect provider (PL-15).

Routes (only configured providers exist, see settings.py and docs/sign-in.md):

- ``GET /api/auth/providers`` → ``{"providers": [{"id": "google", "name": "Google"}]}``;
- ``GET /auth/{id}/login`` sends the browser to the provider; ``?link=1`` while signed
  in links the identity to the current player instead (a guest keeps their progress and
  stops being a guest);
- ``GET /auth/{id}/callback`` is where the provider sends the browser back: it signs in
  (the same session cookie as a local sign-in) and redirects to ``/``, or to
  ``/?signin_error=<code>`` (codes in ``ERRORS``) on any failure, which is logged.

The protocol is Authlib's Starlette client. It keeps a flow's state (``state``, the PKCE
verifier, the OIDC nonce, the redirect URI) in ``request.session``, which Starlette's
SessionMiddleware would fill from a cookie; the application has no such middleware and
needs none for anything else, so these routes do that one job themselves: the flow's
session is a dict signed into a short-lived HttpOnly cookie scoped to ``/auth/``, read at
the callback and deleted there. The cookie binds the callback to the browser that started
the flow (RFC 6749 §10.12), and with ``link`` it carries the player to link.
"""

from __future__ import annotations

import logging
import re
import secrets
import unicodedata
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import httpx2
from authlib.common.errors import AuthlibBaseError
from authlib.integrations.base_client import MismatchingStateError, OAuthError
from authlib.integrations.starlette_client import OAuth
from itsdangerous import BadSignature, URLSafeTimedSerializer
from joserfc.errors import JoseError
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from bolola.server import accounts
from bolola.server.protocol import ProtocolError
from bolola.server.settings import OAuthProvider, ProviderKind
from bolola.store.store import NameTakenError
from bolola.store.writer import WriteFailedError

if TYPE_CHECKING:
    from bolola.server.service import Server
    from bolola.store.store import PlayerInfo, Store

log = logging.getLogger("bolola.oauth")
Handler = Callable[[Request], Awaitable[Response]]
FLOW_COOKIE = "bolola_oauth"
FLOW_MAX_AGE = 600  # seconds from leaving for the provider to coming back
HTTP_TIMEOUT = 10.0
# What ``signin_error`` may say; the client shows a message per code.
ERRORS = {
    "unknown_provider": "no such sign-in provider is configured",
    "not_signed_in": "linking needs a signed-in player",
    "denied": "the provider did not grant the sign-in (consent refused)",
    "bad_state": "the sign-in expired or did not start in this browser; try again",
    "provider_error": "the provider answered with an error",
    "provider_down": "the provider could not be reached",
    "bad_token": "the provider's identity token did not check out",
    "no_subject": "the provider did not say who signed in",
    "identity_taken": "this identity is already linked to another player",
    "server_error": "the server could not finish the sign-in",
}
_NOT_NAME = re.compile(r"[^\w.-]+")  # \w: letters and digits of every script, and _


class SignInError(Exception):
    """A sign-in that ends at ``/?signin_error=<code>``."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(code)
        self.code = code
        self.detail = detail


@dataclass(frozen=True, slots=True)
class Identity:
    """Who signed in at a provider: the account there and the name it goes by."""

    provider: str
    subject: str
    name: str
    friends: tuple[str, ...] | None = None  # the provider's friends' subjects, if it told


def routes(
    server: Server,
    endpoint: Callable[..., Handler],
    player_of: Callable[[Request], Awaitable[PlayerInfo]],
    signed_in: Callable[[PlayerInfo], JSONResponse],
) -> list[BaseRoute]:
    """``/api/auth/providers`` always; the login and callback of configured providers."""
    settings = server.settings
    providers = {p.id: p for p in settings.oauth_providers()}
    registry = OAuth()
    for provider in providers.values():
        _register(registry, provider)
    signer: list[URLSafeTimedSerializer] = []

    async def flow_signer() -> URLSafeTimedSerializer:
        # Made once the store is open: its kept secret signs flows when none is set.
        if not signer:
            store, _, _ = server.ready
            secret = settings.secret_key or await store.secret("session")
            signer.append(URLSafeTimedSerializer(secret, salt="oauth-flow"))
        return signer[0]

    def redirect_uri(request: Request, provider_id: str) -> str:
        base = settings.public_url.rstrip("/") or str(request.base_url).rstrip("/")
        return f"{base}/auth/{provider_id}/callback"

    async def list_providers(_request: Request) -> Any:
        return {"providers": [{"id": p.id, "name": p.name} for p in providers.values()]}

    async def login(request: Request) -> Response:
        provider_id = request.path_params["provider"]
        try:
            provider = _provider(providers, provider_id)
            flow: dict[str, Any] = {}
            if request.query_params.get("link", "") not in ("", "0", "false"):
                try:
                    flow["link"] = (await player_of(request)).id
                except ProtocolError:
                    raise SignInError("not_signed_in") from None
            client = registry.create_client(provider.id)
            response: Response = await _guarded(
                client.authorize_redirect(
                    _with_session(request, flow), redirect_uri(request, provider.id)
                )
            )
            token = (await flow_signer()).dumps(flow)
        except SignInError as e:
            return _failed(provider_id, e)
        except Exception:
            log.exception("oauth login failed")
            return _failed(provider_id, SignInError("server_error"))
        response.set_cookie(
            FLOW_COOKIE,
            token,
            max_age=FLOW_MAX_AGE,
            path="/auth/",
            httponly=True,
            # Lax: the provider's redirect back is a top-level cross-site GET.
            samesite="lax",
            secure=settings.secure_cookies,
        )
        return response

    async def callback(request: Request) -> Response:
        provider_id = request.path_params["provider"]
        try:
            provider = _provider(providers, provider_id)
            flow = _read_flow(await flow_signer(), request.cookies.get(FLOW_COOKIE))
            client = registry.create_client(provider.id)
            identity = await _guarded(_identity(client, provider, _with_session(request, flow)))
            store, _, keys = server.ready
            link = flow.get("link")
            if isinstance(link, int):
                # The browser must still be signed in as the player who asked to link.
                if keys.player_of(request.cookies.get(accounts.SESSION_COOKIE)) != link:
                    raise SignInError("not_signed_in", "the session changed during linking")
                player = await _link(store, link, identity)
            else:
                player = await _sign_in(store, identity)
            if identity.friends is not None:
                await store.set_provider_friends(
                    identity.provider, identity.subject, list(identity.friends)
                )
        except SignInError as e:
            response = _failed(provider_id, e)
        except Exception:
            # Never a traceback for the person: the log has it.
            log.exception("oauth callback failed")
            response = _failed(provider_id, SignInError("server_error"))
        else:
            log.info(
                "oauth sign-in",
                extra={"provider": provider_id, "player": player.id, "linked": "link" in flow},
            )
            response = RedirectResponse("/", status_code=303)
            # The very cookie a local sign-in sets, made by the application's signed_in.
            for cookie in signed_in(player).headers.getlist("set-cookie"):
                response.headers.append("set-cookie", cookie)
        response.delete_cookie(FLOW_COOKIE, path="/auth/")
        return response

    return [
        Route("/api/auth/providers", endpoint(list_providers)),
        Route("/auth/{provider}/login", endpoint(login)),
        Route("/auth/{provider}/callback", endpoint(callback)),
    ]


def _register(registry: OAuth, provider: OAuthProvider) -> None:
    client_kwargs: dict[str, Any] = {"scope": provider.scope, "timeout": HTTP_TIMEOUT}
    if provider.kind is ProviderKind.OIDC:
        client_kwargs["code_challenge_method"] = "S256"
        registry.register(
            name=provider.id,
            client_id=provider.client_id,
            client_secret=provider.client_secret,
            server_metadata_url=provider.metadata_url,
            client_kwargs=client_kwargs,
        )
    else:
        # Facebook takes the client secret in the form, not by HTTP Basic auth.
        client_kwargs["token_endpoint_auth_method"] = "client_secret_post"
        registry.register(
            name=provider.id,
            client_id=provider.client_id,
            client_secret=provider.client_secret,
            authorize_url=provider.authorize_url,
            access_token_url=provider.token_url,
            client_kwargs=client_kwargs,
        )


def _provider(providers: dict[str, OAuthProvider], provider_id: str) -> OAuthProvider:
    found = providers.get(provider_id)
    if found is None:
        raise SignInError("unknown_provider", provider_id[:40])
    return found


def _with_session(request: Request, session: dict[str, Any]) -> Request:
    """The request as Authlib's client wants it: with ``request.session``."""
    return Request({**request.scope, "session": session}, request.receive)


def _read_flow(signer: URLSafeTimedSerializer, token: str | None) -> dict[str, Any]:
    if not token:
        raise SignInError("bad_state", "no sign-in flow cookie")
    try:
        flow = signer.loads(token, max_age=FLOW_MAX_AGE)
    except BadSignature as e:  # also an expired one
        raise SignInError("bad_state", str(e)) from None
    if not isinstance(flow, dict):
        raise SignInError("bad_state", "the flow cookie is not a flow")
    return flow


async def _guarded(step: Awaitable[Any]) -> Any:
    """One exchange with the provider; what can go wrong there, as a SignInError."""
    try:
        return await step
    except MismatchingStateError as e:
        raise SignInError("bad_state", str(e)) from None
    except OAuthError as e:
        code = "denied" if e.error == "access_denied" else "provider_error"
        raise SignInError(code, f"{e.error}: {e.description}") from None
    except (httpx2.TransportError, httpx2.HTTPStatusError) as e:
        # Down, or answering the discovery document / user info with an HTTP error.
        raise SignInError("provider_down", f"{type(e).__name__}: {e}") from None
    except (JoseError, AuthlibBaseError) as e:
        raise SignInError("bad_token", f"{type(e).__name__}: {e}") from None
    except (ValueError, KeyError, TypeError, RuntimeError) as e:
        # Malformed answers (not JSON, missing fields): the provider's fault, not ours.
        log.exception("unexpected answer from the provider")
        raise SignInError("provider_error", f"{type(e).__name__}: {e}") from None


async def _identity(client: Any, provider: OAuthProvider, request: Request) -> Identity:
    token = await client.authorize_access_token(request)
    if provider.kind is ProviderKind.OIDC:
        claims = dict(token.get("userinfo") or {})
        if not claims:
            raise SignInError("bad_token", "no id_token in the token response")
        if not (claims.get("preferred_username") or claims.get("name")):
            # An id_token may leave the profile to the userinfo endpoint.
            metadata = await client.load_server_metadata()
            if metadata.get("userinfo_endpoint"):
                more = await client.userinfo(token=token)
                if more.get("sub") == claims.get("sub"):
                    claims = {**dict(more), **claims}
        subject = claims.get("sub")
        name = claims.get("preferred_username") or claims.get("name") or claims.get("email")
    else:
        response = await client.get(provider.userinfo_url, token=token)
        response.raise_for_status()
        me = response.json()
        if not isinstance(me, dict):
            raise SignInError("provider_error", "the profile is not a JSON object")
        subject, name = me.get("id"), me.get("name")
    if not isinstance(subject, str | int) or isinstance(subject, bool) or not str(subject):
        raise SignInError("no_subject", f"subject {subject!r}")
    friends = await _friends(client, provider, token)
    return Identity(provider.id, str(subject), str(name) if name else "", friends)


async def _friends(client: Any, provider: OAuthProvider, token: Any) -> tuple[str, ...] | None:
    """The person's friends at the provider who use the app too, if it tells (Facebook
    does where the person granted ``user_friends``); None when it does not: a refusal
    here never stops a sign-in."""
    if not provider.friends_url:
        return None
    try:
        response = await client.get(provider.friends_url, token=token)
        response.raise_for_status()
        data = response.json().get("data")
    except Exception:
        log.info("the provider told no friends", extra={"provider": provider.id})
        return None
    if not isinstance(data, list):
        return None
    return tuple(
        str(f["id"])
        for f in data
        if isinstance(f, dict)
        and isinstance(f.get("id"), str | int)
        and not isinstance(f.get("id"), bool)
    )


async def _sign_in(store: Store, identity: Identity) -> PlayerInfo:
    """The identity's player, or a new one named after the person."""
    found = await store.player_by_identity(identity.provider, identity.subject)
    if found is not None:
        return found
    player = await _new_player(store, identity.name)
    try:
        await store.link_identity(player.id, identity.provider, identity.subject)
    except WriteFailedError:
        # The same identity signing in twice at once: the other callback linked first.
        found = await store.player_by_identity(identity.provider, identity.subject)
        if found is None:
            raise SignInError("server_error", "could not link the identity") from None
        return found
    return player


async def _link(store: Store, player_id: int, identity: Identity) -> PlayerInfo:
    """The identity linked to the signed-in player; a guest keeps everything, as a member."""
    current = await store.player(player_id)
    if current is None:
        raise SignInError("not_signed_in", "the player is gone")
    owner = await store.player_by_identity(identity.provider, identity.subject)
    if owner is not None and owner.id != player_id:
        raise SignInError("identity_taken", f"linked to player {owner.id}")
    if owner is None:
        try:
            await store.link_identity(player_id, identity.provider, identity.subject)
        except WriteFailedError:
            raise SignInError("identity_taken", "linked meanwhile") from None
    try:
        player = await store.promote_guest(player_id) if current.is_guest else current
    except ValueError:
        raise SignInError("server_error", "the player is gone") from None
    return player


def base_name(given: str) -> str:
    """A valid player name from what the provider calls the person, in their alphabet
    (letters of two folded to ASCII, as a name in one alphabet is wanted).

    >>> base_name("José Álvarez")
    'José_Álvarez'
    >>> base_name("Γιώργος Παπαδόπουλος")
    'Γιώργος_Παπαδόπουλος'
    >>> base_name("Ivan Иванов")
    'Ivan'
    >>> base_name("李")
    'player'
    >>> base_name("guest-7")
    'p_guest-7'
    """
    composed = unicodedata.normalize("NFC", given.strip())
    ascii_only = unicodedata.normalize("NFKD", composed).encode("ascii", "ignore").decode()
    for text in (composed, ascii_only):
        name = _NOT_NAME.sub("_", text).strip("_.-")[:20]
        if len(name) < 3:
            continue
        try:
            return accounts.check_name(name)
        except accounts.FieldError as e:
            if e.code == "reserved_name":
                # A prefix of our own makes it a person's name.
                return f"p_{name}"
    return "player"


async def _new_player(store: Store, given: str) -> PlayerInfo:
    """A new player under the person's name, or with a number added if it is taken."""
    base = base_name(given)
    candidates = [base, *(f"{base}-{n}" for n in range(2, 10))]
    candidates += [f"{base[:17]}-{secrets.token_hex(3)}" for _ in range(20)]
    for name in candidates:
        try:
            return await store.add_player(name, is_guest=False)
        except NameTakenError:
            continue
    raise SignInError("server_error", f"no free name near {base!r}")


def _failed(provider_id: str, error: SignInError) -> Response:
    log.warning(
        "oauth sign-in failed",
        extra={"provider": provider_id[:40], "code": error.code, "detail": error.detail},
    )
    return RedirectResponse(f"/?signin_error={error.code}", status_code=303)
