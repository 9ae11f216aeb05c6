"""Friends in three browsers (issue 17): two players befriend each other from the lobby,
see each other online, one challenges the other, the challenge arrives as a toast and is
accepted, they play the match and a rematch is offered and accepted; a third player
blocks one of them, who can then no longer ask them.

The pages do what people do (type a name, click accept, challenge, rematch); the cards of
the match itself are played over the protocol as the same players (matchplay.py), so the
test does not depend on any board's layout.
"""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from a11y import check_a11y
from e2eserver import WAIT_MS, Server
from matchplay import play_out
from playwright.sync_api import Browser, BrowserContext, Page, expect
from tablepage import sign_in_as_guest, token_of


def table_id(page: Page) -> int:
    expect(page).to_have_url(re.compile(r"/table/\d+$"))
    return int(page.url.rsplit("/", 1)[1])


def test_befriend_see_online_challenge_play_rematch_and_block(
    context: BrowserContext, browser: Browser, server: Server, shots: Path
) -> None:
    ana = context.new_page()
    ana_name = sign_in_as_guest(ana)
    others = [
        browser.new_context(
            base_url=server.url, locale="es-ES", viewport={"width": 1280, "height": 800}
        )
        for _ in range(2)
    ]
    for ctx in others:
        ctx.set_default_timeout(WAIT_MS)
    bo, cy = (ctx.new_page() for ctx in others)
    bo_name = sign_in_as_guest(bo)
    cy_name = sign_in_as_guest(cy)

    # Ana asks Bo by name; Bo sees the request live and accepts it.
    panel = ana.get_by_test_id("friends")
    panel.get_by_test_id("friend-name").fill(bo_name)
    panel.get_by_test_id("friend-ask").click()
    expect(panel.get_by_test_id("friend-outgoing")).to_have_text(bo_name)
    incoming = bo.get_by_test_id("friends").locator(
        f'[data-testid="friend-incoming"][data-name="{ana_name}"]'
    )
    expect(incoming).to_be_visible()
    # The request is said in a toast too (on a phone the panel is at the lobby's foot);
    # answered in the panel, the toast goes.
    toast = bo.get_by_test_id("toast-request")
    expect(toast).to_contain_text(f"{ana_name} quiere ser tu amigo")
    incoming.get_by_role("button", name="Aceptar").click()
    expect(toast).to_have_count(0)

    # Each sees the other online, live.
    row = ana.get_by_test_id("friends").locator(f'[data-testid="friend"][data-name="{bo_name}"]')
    expect(row).to_have_attribute("data-online", "true")
    expect(row.get_by_test_id("friend-presence")).to_have_text("conectado")
    back = bo.get_by_test_id("friends").locator(f'[data-testid="friend"][data-name="{ana_name}"]')
    expect(back).to_have_attribute("data-online", "true")
    # A long name stays whole beside the buttons: never under Challenge, full in its title
    # (in English, whose buttons are the widest).
    ana.get_by_role("combobox", name="Idioma").select_option("en")
    expect(row.get_by_test_id("friend-challenge")).to_have_text("Challenge")
    link = row.get_by_test_id("friend-link")
    expect(link).to_have_attribute("title", bo_name)
    # Where the name's letters are drawn (a range: an inline link's own box may be narrower).
    name_box = link.evaluate(
        """a => { const r = document.createRange(); r.selectNodeContents(a);
                 const b = r.getBoundingClientRect();
                 return {x: b.x, y: b.y, width: b.width, height: b.height}; }"""
    )
    button_box = row.get_by_test_id("friend-challenge").bounding_box()
    assert button_box
    apart = (
        name_box["x"] + name_box["width"] <= button_box["x"] + 1
        or button_box["x"] + button_box["width"] <= name_box["x"] + 1
        or name_box["y"] + name_box["height"] <= button_box["y"] + 1
    )
    assert apart, (name_box, button_box)
    assert link.evaluate("a => a.parentElement.scrollWidth <= a.parentElement.clientWidth + 1")
    ana.get_by_role("combobox", name="Language").select_option("es")
    expect(row.get_by_test_id("friend-challenge")).to_have_text("Retar")
    ana.screenshot(path=str(shots / "friends.png"), animations="disabled")
    check_a11y(ana, "friends panel")

    # Ana challenges Bo to Hearts Are Trumps: she goes to the new table, Bo gets a toast.
    panel.get_by_test_id("challenge-game").select_option("hearts-trumps")
    row.get_by_test_id("friend-challenge").click()
    first = table_id(ana)
    toast = bo.get_by_test_id("toast-challenge")
    expect(toast).to_contain_text(f"{ana_name} te reta a Los triunfos son corazones")
    bo.screenshot(path=str(shots / "challenge-toast.png"), animations="disabled")
    toast.get_by_test_id("challenge-accept").click()
    expect(bo).to_have_url(re.compile(rf"/table/{first}$"))
    # Ana hears the answer where she is, and the match is on for both.
    expect(ana.get_by_test_id("challenge-answer")).to_have_attribute("data-answer", "accepted")
    for page in (ana, bo):
        expect(page.locator(".app")).to_have_attribute("data-status", "playing")

    # The match, played to its end by both players at once.
    tokens = [token_of(p) for p in (ana, bo)]  # read here: the pages belong to this thread
    with ThreadPoolExecutor(2) as pool:
        overs = list(pool.map(lambda token: play_out(server, token, first), tokens))
    assert overs[0]["scores"] == overs[1]["scores"]
    for page in (ana, bo):
        expect(page.locator(".app")).to_have_attribute("data-status", "over")
        dialog = page.get_by_test_id("level-up")
        if dialog.count():
            dialog.get_by_role("button", name="Seguir").click()

    # The match's public page: the two players, their places, the sheet deal by deal.
    ana.goto(f"/match/{first}")
    match = ana.get_by_test_id("match-page")
    expect(match.get_by_test_id("match-seat")).to_have_count(2)
    expect(match.get_by_test_id("match-sheet").locator("tbody tr").first).to_be_visible()
    expect(match).to_contain_text(bo_name)
    expect(match.locator('[data-testid="match-side"][data-rank="0"]')).to_contain_text("1.º")
    ana.screenshot(path=str(shots / "match-page.png"), animations="disabled", full_page=True)
    check_a11y(ana, "match page")

    # Bo offers a rematch: a new table, the same two; Ana accepts from her toast.
    bo.get_by_test_id("result-rematch").click()
    expect(bo).to_have_url(re.compile(rf"/table/(?!{first}$)\d+$"))
    second = table_id(bo)
    toast = ana.get_by_test_id("toast-challenge")
    expect(toast).to_contain_text(f"{bo_name} te reta")
    toast.get_by_test_id("challenge-accept").click()
    expect(ana).to_have_url(re.compile(rf"/table/{second}$"))
    for page in (ana, bo):
        expect(page.locator(".app")).to_have_attribute("data-status", "playing")

    # Cy blocks Ana from Ana's profile; Ana can no longer ask Cy.
    cy.goto(f"/player/{ana_name}")
    cy.get_by_test_id("profile-block").click()
    expect(cy.get_by_test_id("profile-unblock")).to_be_visible()
    ana.goto("/")
    panel = ana.get_by_test_id("friends")
    panel.get_by_test_id("friend-name").fill(cy_name)
    panel.get_by_test_id("friend-ask").click()
    expect(ana.get_by_test_id("notice")).to_be_visible()
    expect(panel.get_by_test_id("friend-outgoing")).to_have_count(0)
    for ctx in others:
        ctx.close()
