"""Sign-in with an outside provider in the browser (PL-15): the sign-in screen's provider
buttons, the provider's consent page, and back in the lobby signed in; a guest links an
identity from their profile and keeps their player.

The provider is the test OpenID Connect provider (tests/oidc_provider.py) on loopback, with
its consent form on; the server is this module's own (the shared e2e server has no
providers configured), started by e2eserver's ``Server`` with the provider settings in its
environment.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator

import pytest
from e2eserver import STATIC, WAIT_MS, Server
from playwright.sync_api import Browser, BrowserContext, Page, expect
from tablepage import sign_in_as_guest

from oidc_provider import Provider, User

_people = itertools.count(1)


@pytest.fixture(scope="module")
def idp() -> Iterator[Provider]:
    with Provider([], consent=True) as provider:
        yield provider


@pytest.fixture(scope="module")
def oauth_server(tmp_path_factory: pytest.TempPathFactory, idp: Provider) -> Iterator[Server]:
    assert STATIC.is_file(), "the client is not built: run `make client`"
    client = {"client_id": idp.client.client_id, "client_secret": idp.client.client_secret}
    server = Server(tmp_path_factory.mktemp("e2e-oauth"))
    with pytest.MonkeyPatch.context() as env:
        # Server passes its own environment on to ``bolola serve``.
        env.setenv("BOLOLA_GOOGLE_CLIENT_ID", idp.client.client_id)
        env.setenv("BOLOLA_GOOGLE_CLIENT_SECRET", idp.client.client_secret)
        env.setenv("BOLOLA_GOOGLE_METADATA_URL", idp.metadata_url)
        env.setenv(
            "BOLOLA_OIDC",
            json.dumps({"corp": {"metadata_url": idp.metadata_url, "name": "Corp", **client}}),
        )
        server.start()
    yield server
    server.stop()


@pytest.fixture
def context(browser: Browser, oauth_server: Server) -> Iterator[BrowserContext]:
    ctx = browser.new_context(
        base_url=oauth_server.url, locale="es-ES", viewport={"width": 1280, "height": 800}
    )
    ctx.set_default_timeout(WAIT_MS)
    yield ctx
    ctx.close()


def person(idp: Provider, name: str) -> User:
    user = User(f"browser-{next(_people)}", name)
    idp.users[user.subject] = user
    idp.user = user.subject
    return user


def my_name(page: Page) -> str:
    return page.get_by_test_id("me").inner_text().split(" · ")[0]


def through_provider(page: Page, answer: str) -> None:
    """At the provider's consent page: Allow or Deny."""
    expect(page).to_have_url(re.compile(r"/authorize\?"))
    page.get_by_test_id(f"idp-{answer}").click()


def test_a_provider_button_signs_in_to_the_lobby(
    context: BrowserContext, idp: Provider, oauth_server: Server
) -> None:
    person(idp, "Brow Ser")
    page = context.new_page()
    page.goto("/")
    expect(page.get_by_test_id("oauth-google")).to_be_visible()
    expect(page.get_by_test_id("oauth-facebook")).to_have_count(0)  # not configured
    page.get_by_test_id("oauth-corp").click()
    through_provider(page, "allow")
    expect(page.get_by_test_id("lobby")).to_be_visible()
    expect(page).to_have_url(f"{oauth_server.url}/")
    assert my_name(page) == "Brow_Ser"
    # Reloading keeps the session: the callback set the usual session cookie.
    page.reload()
    expect(page.get_by_test_id("lobby")).to_be_visible()
    assert my_name(page) == "Brow_Ser"


def test_refused_consent_says_so_on_the_sign_in_screen(
    context: BrowserContext, idp: Provider
) -> None:
    person(idp, "Nay Sayer")
    page = context.new_page()
    page.goto("/")
    page.get_by_test_id("oauth-google").click()
    through_provider(page, "deny")
    expect(page.get_by_test_id("signin-error")).to_be_visible()
    expect(page.get_by_test_id("lobby")).to_have_count(0)
    expect(page.get_by_test_id("oauth-google")).to_be_visible()


def test_a_guest_links_an_identity_from_their_profile(
    context: BrowserContext, browser: Browser, idp: Provider, oauth_server: Server
) -> None:
    who = person(idp, "Linked Guest")
    page = context.new_page()
    name = sign_in_as_guest(page)
    page.get_by_test_id("my-profile").click()
    page.get_by_test_id("link-corp").click()
    through_provider(page, "allow")
    expect(page.get_by_test_id("lobby")).to_be_visible()
    assert my_name(page) == name  # the same player, now with an identity

    # Later, in another browser, the identity signs in to that same player.
    other = browser.new_context(base_url=oauth_server.url, locale="es-ES")
    other.set_default_timeout(WAIT_MS)
    try:
        idp.user = who.subject
        again = other.new_page()
        again.goto("/")
        again.get_by_test_id("oauth-corp").click()
        through_provider(again, "allow")
        expect(again.get_by_test_id("lobby")).to_be_visible()
        assert my_name(again) == name
    finally:
        other.close()
