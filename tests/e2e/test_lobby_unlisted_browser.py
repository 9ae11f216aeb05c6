"""A challenge declined from its toast takes the private table out of the friend's open
lobby at once, with no reload; the challenger's lobby goes on listing it. The friendship
and the challenge are made over REST as the same players, the decline is a click."""

from __future__ import annotations

import httpx
from e2eserver import Server
from playwright.sync_api import Browser, BrowserContext, Page, expect
from tablepage import sign_in_as_guest, token_of


def test_a_declined_challenge_leaves_the_open_lobby(
    context: BrowserContext, browser: Browser, server: Server
) -> None:
    ana = context.new_page()
    ana_name = sign_in_as_guest(ana)
    other = browser.new_context(
        base_url=server.url, locale="es-ES", viewport={"width": 1280, "height": 800}
    )
    bo = other.new_page()
    bo_name = sign_in_as_guest(bo)

    def rest(page: Page) -> httpx.Client:
        bearer = {"authorization": f"Bearer {token_of(page)}"}
        return httpx.Client(base_url=server.url, headers=bearer)

    with rest(ana) as as_ana, rest(bo) as as_bo:
        assert as_ana.post("/api/friends/ask", json={"player": bo_name}).status_code == 200
        assert as_bo.post("/api/friends/accept", json={"player": ana_name}).status_code == 200
        game = {"game": "hearts-trumps", "options": {"target": 1}}
        made = as_ana.post("/api/challenges", json={"players": [bo_name], "table": game})
        assert made.status_code == 200, made.text
        table = made.json()["challenge"]["table"]["id"]

    listed = f'[data-testid="tables"] [data-table="{table}"]'
    for page in (ana, bo):
        expect(page.locator(listed)).to_be_visible()
    bo.evaluate("window.__samePage = true")  # gone after a reload
    bo.get_by_test_id("toast-challenge").get_by_test_id("challenge-decline").click()
    expect(bo.locator(listed)).to_have_count(0)
    assert bo.evaluate("window.__samePage === true")
    expect(ana.get_by_test_id("challenge-answer")).to_have_attribute("data-answer", "declined")
    expect(ana.locator(listed)).to_be_visible()
    other.close()
