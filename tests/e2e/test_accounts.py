"""A local account, an invited-only table, an invitation by name, a player's info card."""

from __future__ import annotations

import re
import secrets

from e2eserver import WAIT_MS, Server
from playwright.sync_api import Browser, BrowserContext, expect
from tablepage import keep_frames, sign_in_as_guest, table


def test_an_account_hosts_an_invited_table_and_a_guest_joins_it(
    context: BrowserContext, browser: Browser, server: Server
) -> None:
    host = context.new_page()
    keep_frames(host)
    host.goto("/")
    name = f"ana_{secrets.token_hex(3)}"
    host.get_by_label("Nombre").fill("x")  # too short: the refusal says why
    host.get_by_label("Contraseña").fill("una clave larga")
    host.get_by_role("button", name="Crear cuenta").click()
    # In the page's language (Spanish here), not the server's English.
    expect(host.get_by_role("alert")).to_contain_text("de 3 a 24")
    host.get_by_label("Nombre").fill(name)
    host.get_by_role("button", name="Crear cuenta").click()
    expect(host.get_by_test_id("me")).to_contain_text(name)

    host.get_by_test_id("tile-new").first.click()
    host.get_by_test_id("seat-choice").first.select_option("open")
    host.get_by_label("Quién puede sentarse").select_option("invited")
    host.get_by_test_id("create").click()
    expect(host).to_have_url(re.compile(r"/table/\d+$"))
    table_id = int(host.url.rsplit("/", 1)[1])

    other = browser.new_context(base_url=server.url, locale="es-ES")
    other.set_default_timeout(WAIT_MS)
    guest = other.new_page()
    guest_name = sign_in_as_guest(guest)
    row = guest.locator(f'[data-table="{table_id}"]')
    expect(row).to_have_count(0)  # invited only: not listed for this guest yet

    host.get_by_label("Invitar").fill(guest_name)
    host.get_by_label("Invitar").press("Enter")
    expect(host.get_by_test_id("notice")).to_contain_text(guest_name)
    guest.reload()  # the invitation shows on the next lobby load
    expect(row).to_contain_text(name)
    row.get_by_test_id("join").click()
    expect(table(guest)).to_have_attribute("data-phase", re.compile("declare|play"))

    # The host's name opens their player card.
    guest.get_by_role("button", name=name).click()
    card = guest.get_by_test_id("player-card")
    expect(card).to_contain_text(name)
    expect(card).to_contain_text("Elo 1500")
    card.get_by_role("button", name="Cerrar").click()
    expect(card).to_have_count(0)

    # Signing in again later finds the same account.
    host.get_by_role("button", name="Salir").click()
    host.get_by_label("Nombre").fill(name)
    host.get_by_label("Contraseña").fill("una clave larga")
    host.get_by_role("button", name="Entrar").click()
    expect(host.get_by_test_id("me")).to_contain_text(name)
    other.close()
