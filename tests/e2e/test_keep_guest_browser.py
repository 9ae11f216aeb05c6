"""A guest keeps their player (PL-15): signing out as a guest asks first (off the screen's
edges, closed by Escape or a visible close button) and offers the way to keep it, which lands in the
profile form's name field; the form makes it an account under a name of one's own, the
same level and matches; its password is changed on its page; and that name signs in
again later with the new password."""

from __future__ import annotations

import re
import secrets
from pathlib import Path

from playwright.sync_api import BrowserContext, expect
from screens import SIZES
from tablepage import sign_in_as_guest

MARGIN = 8  # the least room between the question and the screen's edges (px)


def test_a_guest_asked_at_sign_out_keeps_the_player_as_an_account(
    sized: BrowserContext, size: str, shots: Path
) -> None:
    page = sized.new_page()
    guest_name = sign_in_as_guest(page)
    level = page.get_by_test_id("my-level").inner_text()

    if size == "phone":
        page.get_by_role("button", name="Ajustes").click()  # the settings menu holds it
    page.get_by_test_id("sign-out").click()
    ask = page.get_by_test_id("guest-out-ask")
    expect(ask).to_contain_text("no puede volver")
    page.screenshot(path=str(shots / f"guest-out-ask-{size}.png"), animations="disabled")
    box = ask.bounding_box()
    assert box is not None
    width = SIZES[size]["width"]
    assert box["x"] >= MARGIN and box["x"] + box["width"] <= width - MARGIN, (box, width)
    page.keyboard.press("Escape")  # closes, and the guest is still signed in
    expect(ask).to_have_count(0)
    expect(page.get_by_test_id("me")).to_contain_text(guest_name)
    # A phone has no Escape key: a visible close button, named, closes it too.
    if size == "phone":
        page.get_by_role("button", name="Ajustes").click()
    page.get_by_test_id("sign-out").click()
    ask.get_by_role("button", name="Cerrar").click()
    expect(ask).to_have_count(0)
    expect(page.get_by_test_id("me")).to_contain_text(guest_name)

    if size == "phone":
        page.get_by_role("button", name="Ajustes").click()
    page.get_by_test_id("sign-out").click()
    page.get_by_test_id("guest-out-stay").click()  # "keep it with an account"
    expect(page).to_have_url(re.compile(f"/player/{guest_name}$"))
    keep = page.get_by_test_id("keep-player")
    expect(keep).to_be_visible()
    expect(keep).to_be_in_viewport()
    expect(page.get_by_test_id("keep-name")).to_be_focused()  # asked for: typing starts there
    page.screenshot(path=str(shots / f"keep-player-{size}.png"), animations="disabled")

    page.get_by_test_id("keep-name").fill("guest-mine")  # reserved: the refusal says why
    page.get_by_test_id("keep-password").fill("una clave larga")
    page.get_by_test_id("keep-submit").click()
    expect(page.get_by_test_id("keep-error")).to_contain_text("guest-")

    name = f"kept_{secrets.token_hex(3)}"
    page.get_by_test_id("keep-name").fill(name)
    page.get_by_test_id("keep-submit").click()
    expect(page).to_have_url(re.compile(f"/player/{name}$"))
    expect(page.get_by_test_id("me")).to_contain_text(name)
    expect(page.get_by_test_id("my-level")).to_have_text(level)
    expect(page.get_by_test_id("keep-player")).to_have_count(0)
    expect(page.get_by_test_id("profile")).not_to_contain_text("invitado")

    # An account: its password can be changed on its page, saying the current one.
    change = page.get_by_test_id("password-change")
    change.locator("summary").click()
    page.get_by_test_id("password-current").fill("no es esta")
    page.get_by_test_id("password-new").fill("otra clave larga")
    page.get_by_test_id("password-submit").click()
    expect(page.get_by_test_id("password-error")).to_be_visible()
    page.get_by_test_id("password-current").fill("una clave larga")
    page.get_by_test_id("password-submit").click()
    expect(page.get_by_test_id("notice")).to_contain_text("Contraseña cambiada")
    expect(page.get_by_test_id("me")).to_contain_text(name)  # this session goes on

    # No longer a guest: signing out asks nothing, and the name signs in again.
    if size == "phone":
        page.get_by_role("button", name="Ajustes").click()
    page.get_by_test_id("sign-out").click()
    expect(page.get_by_test_id("guest-out-ask")).to_have_count(0)
    expect(page.get_by_test_id("notice")).to_have_count(0)  # "now you are …" went too
    page.get_by_label("Nombre").fill(name)
    page.get_by_label("Contraseña").fill("otra clave larga")
    page.get_by_role("button", name="Entrar").click()
    expect(page.get_by_test_id("me")).to_contain_text(name)
