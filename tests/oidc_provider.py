"""A real OAuth2 / OpenID Connect provider on loopback, for sign-in tests (PL-15).

Built with Authlib's own server side (``authlib.integrations.flask_oauth2``'s
``AuthorizationServer``, the authorization code grant with PKCE and the OpenID Connect
``OpenIDCode`` extension) on Flask, served by Werkzeug in a daemon thread on a free port::

    with Provider([User("u-1", "Ada Lovelace")]) as idp:
        idp.user = "u-1"          # who "signs in" at the provider next
        ...  # point Bolola at idp.metadata_url (OIDC) or idp.facebook_* (Facebook-shaped)

What it serves (``idp.url`` is ``http://127.0.0.1:<port>``):

- ``/.well-known/openid-configuration``: the discovery document (issuer ``idp.url``);
- ``/authorize``: validates the request (client, redirect URI, scope, PKCE, nonce) and
  approves it for ``idp.user`` at once; with ``consent=True`` it shows a tiny form with
  *Allow* and *Deny* buttons instead; ``idp.deny = True`` answers ``access_denied``;
- ``/token``: the code for tokens (client secret by Basic auth or in the form); with the
  ``openid`` scope it adds an ``id_token`` signed with the provider's RSA key (RS256);
- ``/userinfo``: the OIDC claims of the bearer token's user;
- ``/jwks``: the public key;
- Facebook-shaped: ``/dialog/oauth`` (= ``/authorize``), ``/oauth/access_token``
  (= ``/token``; no id_token for the ``public_profile`` scope) and ``/me?fields=id,name``.

``idp.id_token_issuer`` set to another URL makes id_tokens Bolola must refuse.
Every request is counted in ``idp.hits`` by path, so a test can tell the provider was used.
Any redirect URI on loopback is accepted (each Bolola test server has its own port).
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from html import escape
from types import TracebackType
from typing import Any
from urllib.parse import urlparse

from authlib.integrations.flask_oauth2 import AuthorizationServer
from authlib.oauth2.rfc6749 import OAuth2Error, grants
from authlib.oauth2.rfc7636 import CodeChallenge
from authlib.oidc.core import UserInfo
from authlib.oidc.core.grants import OpenIDCode
from flask import Flask, Response, jsonify, request
from joserfc.jwk import KeySet, RSAKey
from werkzeug.serving import WSGIRequestHandler, make_server

SCOPES = {"openid", "profile", "email", "public_profile"}


@dataclass(frozen=True)
class User:
    """A person with an account at the provider."""

    subject: str
    name: str
    preferred_username: str | None = None
    email: str | None = None
    friends: tuple[str, ...] = ()  # subjects of their friends here (Facebook's user_friends)


@dataclass(frozen=True)
class Client:
    """The one relying party the provider knows (Bolola)."""

    client_id: str
    client_secret: str

    def get_client_id(self) -> str:
        return self.client_id

    def get_default_redirect_uri(self) -> None:
        return None

    def get_allowed_scope(self, scope: str) -> str:
        return " ".join(s for s in scope.split() if s in SCOPES)

    def check_redirect_uri(self, redirect_uri: str) -> bool:
        return urlparse(redirect_uri).hostname in {"127.0.0.1", "localhost"}

    def check_client_secret(self, client_secret: str) -> bool:
        return secrets.compare_digest(client_secret, self.client_secret)

    def check_endpoint_auth_method(self, method: str, endpoint: str) -> bool:
        return method in {"client_secret_basic", "client_secret_post"}

    def check_response_type(self, response_type: str) -> bool:
        return response_type == "code"

    def check_grant_type(self, grant_type: str) -> bool:
        return grant_type == "authorization_code"


@dataclass
class Code:
    """An issued authorization code and what it was issued for."""

    code: str
    client_id: str
    redirect_uri: str
    scope: str
    user: User
    nonce: str | None
    code_challenge: str | None
    code_challenge_method: str | None
    auth_time: int = field(default_factory=lambda: int(time.time()))

    def get_redirect_uri(self) -> str:
        return self.redirect_uri

    def get_scope(self) -> str:
        return self.scope

    def get_nonce(self) -> str | None:
        return self.nonce

    def get_auth_time(self) -> int:
        return self.auth_time

    def get_acr(self) -> None:
        return None

    def get_amr(self) -> None:
        return None


class Provider:
    """The provider; a context manager that starts and stops its thread."""

    def __init__(
        self,
        users: Iterable[User],
        *,
        client_id: str = "bolola-test",
        client_secret: str = "bolola-test-secret",
        consent: bool = False,
    ) -> None:
        self.users = {u.subject: u for u in users}
        self.client = Client(client_id, client_secret)
        self.consent = consent
        self.user: str | None = next(iter(self.users), None)
        self.deny = False
        # The ``iss`` put in id_tokens (None: the provider's own URL); another one makes
        # tokens a relying party must refuse.
        self.id_token_issuer: str | None = None
        self.hits: Counter[str] = Counter()
        self.key = RSAKey.generate_key(2048, parameters={"kid": "test-key", "use": "sig"})
        self._codes: dict[str, Code] = {}
        self._tokens: dict[str, User] = {}
        self._lock = threading.Lock()
        self._server: Any = None
        self._thread: threading.Thread | None = None
        self.url = ""

    # -- addresses ---------------------------------------------------------------------

    @property
    def metadata_url(self) -> str:
        return f"{self.url}/.well-known/openid-configuration"

    @property
    def facebook_authorize_url(self) -> str:
        return f"{self.url}/dialog/oauth"

    @property
    def facebook_token_url(self) -> str:
        return f"{self.url}/oauth/access_token"

    @property
    def facebook_userinfo_url(self) -> str:
        return f"{self.url}/me?fields=id,name"

    @property
    def facebook_friends_url(self) -> str:
        return f"{self.url}/me/friends"

    # -- life --------------------------------------------------------------------------

    def start(self) -> Provider:
        self._server = make_server(
            "127.0.0.1", 0, self._app(), threaded=True, request_handler=_QuietHandler
        )
        self.url = f"http://127.0.0.1:{self._server.server_port}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=10)

    def __enter__(self) -> Provider:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    # -- the application ---------------------------------------------------------------

    def _claims(self, user: User, scope: str) -> UserInfo:
        info = UserInfo(sub=user.subject)
        if "profile" in scope.split():
            info["name"] = user.name
            if user.preferred_username:
                info["preferred_username"] = user.preferred_username
        if "email" in scope.split() and user.email:
            info["email"] = user.email
            info["email_verified"] = True
        return info

    def _app(self) -> Flask:
        provider = self
        app = Flask("oidc_provider")
        server = AuthorizationServer(
            app,
            query_client=lambda cid: provider.client if cid == provider.client.client_id else None,
            save_token=self._save_token,
        )

        class AuthorizationCode(grants.AuthorizationCodeGrant):
            TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post"]  # noqa: RUF012

            def save_authorization_code(self, code: str, req: Any) -> None:
                payload = req.payload
                with provider._lock:
                    provider._codes[code] = Code(
                        code=code,
                        client_id=req.client.client_id,
                        redirect_uri=payload.redirect_uri,
                        scope=payload.scope,
                        user=req.user,
                        nonce=payload.data.get("nonce"),
                        code_challenge=payload.data.get("code_challenge"),
                        code_challenge_method=payload.data.get("code_challenge_method"),
                    )

            def query_authorization_code(self, code: str, client: Client) -> Code | None:
                with provider._lock:
                    found = provider._codes.get(code)
                return found if found and found.client_id == client.client_id else None

            def delete_authorization_code(self, authorization_code: Code) -> None:
                with provider._lock:
                    provider._codes.pop(authorization_code.code, None)

            def authenticate_user(self, authorization_code: Code) -> User:
                return authorization_code.user

        class IdToken(OpenIDCode):
            def resolve_client_private_key(self, client: Client) -> RSAKey:
                return provider.key

            def get_client_claims(self, client: Client) -> dict[str, Any]:
                return {"iss": provider.id_token_issuer or provider.url, "aud": [client.client_id]}

            def get_client_algorithm(self, client: Client) -> str:
                return "RS256"

            def get_encode_header(self, client: Client) -> dict[str, str]:
                return {"alg": "RS256", "kid": "test-key"}

            def exists_nonce(self, nonce: str, req: Any) -> bool:
                with provider._lock:
                    return any(c.nonce == nonce for c in provider._codes.values())

            def generate_user_info(self, user: User, scope: str) -> UserInfo:
                return provider._claims(user, scope)

        server.register_grant(
            AuthorizationCode, [CodeChallenge(required=False), IdToken(require_nonce=False)]
        )

        @app.before_request
        def count() -> None:
            provider.hits[request.path] += 1

        @app.get("/.well-known/openid-configuration")
        def discovery() -> Response:
            base = provider.url
            return jsonify(
                {
                    "issuer": base,
                    "authorization_endpoint": f"{base}/authorize",
                    "token_endpoint": f"{base}/token",
                    "userinfo_endpoint": f"{base}/userinfo",
                    "jwks_uri": f"{base}/jwks",
                    "response_types_supported": ["code"],
                    "subject_types_supported": ["public"],
                    "id_token_signing_alg_values_supported": ["RS256"],
                    "scopes_supported": sorted(SCOPES),
                    "token_endpoint_auth_methods_supported": [
                        "client_secret_basic",
                        "client_secret_post",
                    ],
                    "code_challenge_methods_supported": ["S256"],
                }
            )

        @app.get("/jwks")
        def jwks() -> Response:
            return jsonify(KeySet([provider.key]).as_dict(private=False))

        @app.route("/authorize", methods=["GET", "POST"])
        @app.route("/dialog/oauth", methods=["GET", "POST"])
        def authorize() -> Any:
            user = provider.users[provider.user or ""]
            try:
                # Checks the client, redirect URI, scope, PKCE and nonce before asking.
                grant = server.get_consent_grant(end_user=user)
            except OAuth2Error as e:
                return jsonify({"error": e.error, "error_description": e.description}), 400
            if provider.deny or request.form.get("answer") == "deny":
                return server.create_authorization_response(grant=grant, grant_user=None)
            if provider.consent and request.method == "GET":
                return (
                    f"<!doctype html><title>Test provider</title>"
                    f"<p>Sign in to Bolola as <b>{escape(user.name)}</b>?</p>"
                    f'<form method="post"><button name="answer" value="allow"'
                    f' data-testid="idp-allow">Allow</button>'
                    f'<button name="answer" value="deny" data-testid="idp-deny">Deny</button>'
                    f"</form>"
                )
            return server.create_authorization_response(grant=grant, grant_user=user)

        @app.post("/token")
        @app.post("/oauth/access_token")
        def token() -> Any:
            return server.create_token_response()

        def bearer_user() -> User | None:
            auth = request.headers.get("authorization", "")
            if not auth.lower().startswith("bearer "):
                return None
            with provider._lock:
                return provider._tokens.get(auth[7:])

        @app.route("/userinfo", methods=["GET", "POST"])
        def userinfo() -> Any:
            user = bearer_user()
            if user is None:
                return jsonify({"error": "invalid_token"}), 401
            return jsonify(provider._claims(user, "openid profile email"))

        @app.get("/me")
        def me() -> Any:
            user = bearer_user()
            if user is None:
                return jsonify({"error": {"type": "OAuthException"}}), 400
            fields = request.args.get("fields", "id").split(",")
            known = {"id": user.subject, "name": user.name, "email": user.email}
            return jsonify({k: known[k] for k in fields if known.get(k) is not None})

        @app.get("/me/friends")
        def friends() -> Any:
            # As Facebook: only the friends who use this app (here: the ones we know).
            user = bearer_user()
            if user is None:
                return jsonify({"error": {"type": "OAuthException"}}), 400
            found = [provider.users[s] for s in user.friends if s in provider.users]
            return jsonify({"data": [{"id": f.subject, "name": f.name} for f in found]})

        return app

    def _save_token(self, token: dict[str, Any], req: Any) -> None:
        with self._lock:
            self._tokens[token["access_token"]] = req.user


class _QuietHandler(WSGIRequestHandler):
    """No access log on stderr: ``hits`` counts the requests."""

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        pass
