"""Sign-in with outside providers (PL-15), end to end: a real ``bolola serve`` on SQLite and
PostgreSQL, a real OAuth2/OIDC provider on loopback (tests/oidc_provider.py), and the
browser's redirect dance played by an HTTP client that keeps cookies.

One provider serves three Bolola providers at once: ``google`` (Google's settings pointed
at the test provider's discovery document), ``facebook`` (Facebook's URLs pointed at its
Facebook-shaped endpoints) and ``corp`` (a generic OpenID Connect provider).
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlparse, urlunparse

import httpx
import pytest
from roomclient import ServerProcess, free_port
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from bolola.server import accounts
from bolola.server.oauth import base_name
from bolola.store.database import async_url
from oidc_provider import Provider, User

_people = itertools.count(1)


@pytest.fixture(scope="module")
def provider() -> Iterator[Provider]:
    with Provider([]) as idp:
        yield idp


@pytest.fixture
def idp(provider: Provider) -> Iterator[Provider]:
    """The module's provider, put back as it was after each test."""
    yield provider
    provider.deny = False
    provider.id_token_issuer = None
    provider.user = None


def provider_settings(idp: Provider, **more: str) -> dict[str, str]:
    client = {"client_id": idp.client.client_id, "client_secret": idp.client.client_secret}
    oidc = {"corp": {"metadata_url": idp.metadata_url, "name": "Corp SSO", **client}}
    oidc.update(json.loads(more.pop("oidc", "{}")))
    return {
        "google_client_id": idp.client.client_id,
        "google_client_secret": idp.client.client_secret,
        "google_metadata_url": idp.metadata_url,
        "facebook_client_id": idp.client.client_id,
        "facebook_client_secret": idp.client.client_secret,
        "facebook_authorize_url": idp.facebook_authorize_url,
        "facebook_token_url": idp.facebook_token_url,
        "facebook_userinfo_url": idp.facebook_userinfo_url,
        "facebook_friends_url": idp.facebook_friends_url,
        "oidc": json.dumps(oidc),
        **more,
    }


@pytest.fixture(scope="module")
def bolola(server_with: Callable[..., ServerProcess], provider: Provider) -> ServerProcess:
    """A server with every kind of provider configured, one per backend."""
    # A provider that is configured but not running: nothing listens on this port.
    gone = {"gone": {"issuer": f"http://127.0.0.1:{free_port()}", "client_id": "x"}}
    return server_with(**provider_settings(provider, oidc=json.dumps(gone)))


def person(idp: Provider, name: str, **more: str) -> User:
    """A new person at the provider, the one who signs in there next."""
    user = User(f"sub-{next(_people)}-{name}", name, **more)
    idp.users[user.subject] = user
    idp.user = user.subject
    return user


def browser(server: ServerProcess) -> httpx.Client:
    return httpx.Client(base_url=server.http, timeout=30.0)


def sign_in(client: httpx.Client, provider_id: str, *, link: bool = False) -> str:
    """Follow the redirects from Bolola's login to the provider and back, as a browser
    would; returns where Bolola sends the browser at the end (``/`` or an error)."""
    response = client.get(f"/auth/{provider_id}/login" + ("?link=1" if link else ""))
    for _ in range(10):
        assert response.status_code in (302, 303), response.text
        location = response.headers["location"]
        if location.startswith("/"):
            return location  # back at Bolola's own pages
        response = client.get(location)
    raise AssertionError("too many redirects")


def me(client: httpx.Client) -> dict[str, object] | None:
    response = client.get("/api/me")
    if response.status_code == 401:
        return None
    assert response.status_code == 200, response.text
    player: dict[str, object] = response.json()["player"]
    return player


def guest(client: httpx.Client) -> dict[str, object]:
    csrf = client.get("/api/csrf").json()["csrf"]
    response = client.post("/api/guest", headers={"x-csrf-token": csrf})
    assert response.status_code == 200, response.text
    player: dict[str, object] = response.json()["player"]
    return player


def set_xp(server: ServerProcess, player_id: object, xp: int) -> None:
    """Progress made as a guest, written where the server keeps it."""

    async def write() -> None:
        engine = create_async_engine(async_url(server.database_url))
        async with engine.begin() as db:
            await db.execute(
                text("UPDATE players SET xp = :xp WHERE id = :id"), {"xp": xp, "id": player_id}
            )
        await engine.dispose()

    asyncio.run(write())


def test_only_configured_providers_are_listed(bolola: ServerProcess, server: ServerProcess) -> None:
    with browser(bolola) as client:
        listed = client.get("/api/auth/providers").json()["providers"]
    assert listed == [
        {"id": "google", "name": "Google"},
        {"id": "facebook", "name": "Facebook"},
        {"id": "corp", "name": "Corp SSO"},
        {"id": "gone", "name": "Gone"},
    ]
    with browser(server) as client:  # no provider configured
        assert client.get("/api/auth/providers").json() == {"providers": []}
        response = client.get("/auth/google/login")
    assert response.status_code == 303
    assert response.headers["location"] == "/?signin_error=unknown_provider"


@pytest.mark.parametrize("provider_id", ["google", "corp", "facebook"])
def test_new_identity_makes_an_account_and_returns_to_it(
    bolola: ServerProcess, idp: Provider, provider_id: str
) -> None:
    who = person(idp, f"Zoë {provider_id.title()}")
    with browser(bolola) as first:
        assert sign_in(first, provider_id) == "/"
        player = me(first)
    assert player is not None
    assert player["name"] == f"Zoë_{provider_id.title()}"  # in her own letters
    assert player["guest"] is False
    # Another browser, the same person: the same account, not a new one.
    idp.user = who.subject
    with browser(bolola) as second:
        assert sign_in(second, provider_id) == "/"
        again = me(second)
    assert again is not None
    assert again["id"] == player["id"]
    assert again["name"] == player["name"]


def test_facebook_identity_is_the_graph_id(bolola: ServerProcess, idp: Provider) -> None:
    # The same person at Facebook and at Google: two identities, so two accounts.
    person(idp, "Sam Both")
    with browser(bolola) as client:
        assert sign_in(client, "facebook") == "/"
        on_facebook = me(client)
        assert sign_in(client, "google") == "/"
        on_google = me(client)
    assert on_facebook is not None and on_google is not None
    assert on_facebook["id"] != on_google["id"]
    assert idp.hits["/me"] >= 1 and idp.hits["/oauth/access_token"] >= 1


def test_name_clash_gets_a_suffix(bolola: ServerProcess, idp: Provider) -> None:
    names = []
    for _ in range(3):
        person(idp, "Clashing Name", preferred_username="clash.test")
        with browser(bolola) as client:
            assert sign_in(client, "corp") == "/"
            player = me(client)
        assert player is not None
        names.append(player["name"])
    assert names == ["clash.test", "clash.test-2", "clash.test-3"]


def test_guest_links_an_identity_and_keeps_progress(bolola: ServerProcess, idp: Provider) -> None:
    who = person(idp, "Gus Guest")
    with browser(bolola) as client:
        before = guest(client)
        set_xp(bolola, before["id"], 250)
        assert sign_in(client, "google", link=True) == "/"
        after = me(client)
    assert after is not None
    assert after["id"] == before["id"]
    assert after["name"] == before["name"]
    assert after["guest"] is False
    assert after["xp"] == 250
    # Signing in with that identity later lands in the same player.
    idp.user = who.subject
    with browser(bolola) as other:
        assert sign_in(other, "google") == "/"
        returning = me(other)
    assert returning is not None
    assert returning["id"] == before["id"]
    assert returning["xp"] == 250


def test_linking_an_identity_of_someone_else_fails(bolola: ServerProcess, idp: Provider) -> None:
    who = person(idp, "Olivia Owner")
    with browser(bolola) as owner:
        assert sign_in(owner, "corp") == "/"
        owned = me(owner)
    idp.user = who.subject
    with browser(bolola) as client:
        visitor = guest(client)
        assert sign_in(client, "corp", link=True) == "/?signin_error=identity_taken"
        still = me(client)
    assert owned is not None and still is not None
    assert still["id"] == visitor["id"] != owned["id"]
    assert still["guest"] is True


def test_linking_twice_is_harmless_and_needs_a_player(bolola: ServerProcess, idp: Provider) -> None:
    person(idp, "Lin Twice")
    with browser(bolola) as client:
        assert sign_in(client, "facebook", link=True) == "/?signin_error=not_signed_in"
        assert me(client) is None
        assert sign_in(client, "facebook") == "/"
        player = me(client)
        assert sign_in(client, "facebook", link=True) == "/"
        again = me(client)
    assert player is not None and again is not None
    assert again["id"] == player["id"]


def test_refused_consent_is_a_signin_error(bolola: ServerProcess, idp: Provider) -> None:
    person(idp, "Dee Nied")
    idp.deny = True
    with browser(bolola) as client:
        assert sign_in(client, "google") == "/?signin_error=denied"
        assert sign_in(client, "facebook") == "/?signin_error=denied"
        assert me(client) is None


def test_bad_state_is_a_signin_error(bolola: ServerProcess, idp: Provider) -> None:
    person(idp, "Stan State")
    with browser(bolola) as client:
        at_provider = client.get("/auth/corp/login").headers["location"]
        back = client.get(at_provider).headers["location"]
        # A state the flow did not make (a forged or replayed callback).
        parts = urlparse(back)
        query = {k: v[0] for k, v in parse_qs(parts.query).items()}
        forged = urlunparse(parts._replace(query=urlencode({**query, "state": "forged"})))
        response = client.get(forged)
        assert response.headers["location"] == "/?signin_error=bad_state"
        assert me(client) is None
    # The real callback in a browser that did not start the flow: no flow cookie.
    with browser(bolola) as stranger:
        response = stranger.get(back)
        assert response.headers["location"] == "/?signin_error=bad_state"
        assert me(stranger) is None


def test_flow_cookie_is_short_lived_and_http_only(bolola: ServerProcess) -> None:
    with browser(bolola) as client:
        response = client.get("/auth/google/login")
    cookie = response.headers["set-cookie"].lower()
    assert cookie.startswith("bolola_oauth=")
    assert "httponly" in cookie and "path=/auth/" in cookie and "max-age=600" in cookie


def test_token_from_a_wrong_issuer_is_refused(bolola: ServerProcess, idp: Provider) -> None:
    person(idp, "Eve Issuer")
    idp.id_token_issuer = "http://127.0.0.1:1/not-the-provider"
    with browser(bolola) as client:
        assert sign_in(client, "corp") == "/?signin_error=bad_token"
        assert me(client) is None


def test_provider_down_is_a_signin_error(bolola: ServerProcess) -> None:
    with browser(bolola) as client:
        response = client.get("/auth/gone/login")
        assert response.status_code == 303
        assert response.headers["location"] == "/?signin_error=provider_down"
        assert me(client) is None
    log = Path(bolola.log).read_text()
    assert '"code": "provider_down"' in log
    assert "Traceback" not in log


@pytest.mark.parametrize(
    ("given", "name"),
    [
        ("Ada Lovelace", "Ada_Lovelace"),
        ("José Álvarez", "José_Álvarez"),  # in the person's own alphabet
        ("Γιώργος Π.", "Γιώργος_Π"),
        ("Ivan Иванов", "Ivan"),  # two alphabets: folded to ASCII
        ("  ..ok..  ", "player"),
        ("李小龙", "李小龙"),
        ("李", "player"),
        ("guest-7", "p_guest-7"),
        ("bot-x", "p_bot-x"),
        ("a.very.long.preferred.username.indeed", "a.very.long.preferre"),
        ("ana@example.org", "ana_example.org"),
    ],
)
def test_player_names_from_what_providers_say(given: str, name: str) -> None:
    assert base_name(given) == name
    assert accounts.check_name(name) == name


def test_friends_at_the_provider_are_suggested_both_ways(
    bolola: ServerProcess, idp: Provider
) -> None:
    """Facebook's user_friends (the test provider's /me/friends): a person signing in is
    suggested their friends there who play here, and those friends are suggested them."""
    early = person(idp, "Early Bird")
    with browser(bolola) as first:
        assert sign_in(first, "facebook") == "/"
        early_name = me(first)["name"]  # type: ignore[index]
    late = person(idp, "Late Comer", friends=(early.subject, "sub-not-playing"))
    with browser(bolola) as second:
        assert sign_in(second, "facebook") == "/"
        late_name = me(second)["name"]  # type: ignore[index]
        listing = second.get("/api/friends").json()
        assert listing["suggested"] == [early_name]
    with browser(bolola) as first:
        idp.user = early.subject
        assert sign_in(first, "facebook") == "/"  # early's own list there is empty now
        listing = first.get("/api/friends").json()
        assert listing["suggested"] == [late_name]  # told by late's sign-in
        csrf = first.get("/api/csrf").json()["csrf"]
        asked = first.post(
            "/api/friends/ask", json={"player": late_name}, headers={"x-csrf-token": csrf}
        )
        assert asked.status_code == 200, asked.text
        assert first.get("/api/friends").json()["suggested"] == []  # asked: no longer
    assert late.friends  # the suggestion came from the provider, not from a guess
