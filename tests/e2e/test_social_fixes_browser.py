"""What a new player's review found around accounts, friends and invitations, in Spanish:

- an invitation accepted mid-match asks "¿Dejar la partida?" first (the table's own
  question), and on a phone its toast covers neither the hint button nor the bots' seats;
- a chat line refused as too fast stays in the box, to be sent again, and every line
  arrives in the end;
- the profile's recent matches open the match's page and its replay;
- refusals say what happened in the page's language: an unknown or one's own name invited
  at a table, a friend request to oneself, a target out of the game's range, a wrong
  current password;
- the sound button keeps its name and says its state by being pressed.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from e2eserver import WAIT_MS, Server
from layout import assert_in_reach, assert_nothing_over
from matchplay import new_guest, play_out, rest, short_match
from playwright.sync_api import Browser, BrowserContext, Page, expect
from social import box_of, overlaps, shoot
from tablepage import create_table, join, quick_play, sign_in_as_guest, token_of

HEARTS_OPEN = [{"kind": "human"}, {"kind": "human"}]


def invite_from_another_table(server: Server, name: str) -> int:
    """Another guest opens a private Hearts Are Trumps table, sits at it and invites
    ``name``: the table."""
    _host, token = new_guest(server)
    with rest(server, token) as http:
        spec = {"game": "hearts-trumps", "seats": HEARTS_OPEN, "access": "invited"}
        answer = http.post("/api/tables", json=spec)
        assert answer.status_code == 201, answer.text
        table: int = answer.json()["table"]["id"]
        http.post(f"/api/tables/{table}/join", json={}).raise_for_status()
        http.post(f"/api/tables/{table}/invite", json={"player": name}).raise_for_status()
    return table


def test_an_invitation_mid_match_asks_before_leaving_and_covers_no_seat_on_a_phone(
    phone: BrowserContext, server: Server, shots: Path
) -> None:
    page = phone.new_page()
    me = sign_in_as_guest(page)
    here = quick_play(page)  # King Bolola against three bots: a match in play
    expect(page.get_by_test_id("hint-button")).to_be_visible()
    other = invite_from_another_table(server, me)

    toast = page.get_by_test_id("toast-invitation")
    expect(toast).to_be_visible()
    shoot(page, shots, "phone-invitation-toast.png")
    # Over the room's bar, as the day's bonus: no hint button, seat, avatar, card or
    # choice under it, and its own buttons and the settings button within reach.
    controls = page.locator(
        '[data-testid="hint-button"], .seat-slot, .hand, .tools a, .tools button, [role="dialog"]'
    )
    assert_nothing_over(page, controls, where="invitation toast on a phone")
    assert_in_reach(toast.get_by_role("button"), where="invitation toast", at_least=2)
    assert_in_reach(page.get_by_role("button", name="Ajustes"), where="settings beside it")

    # "Ir a la mesa" in a match in play: the table's own question first, nothing left yet.
    toast.get_by_test_id("invitation-go").click()
    ask = page.get_by_test_id("toast-leave-ask")
    expect(ask).to_be_visible()
    expect(ask).to_contain_text("¿Dejar la partida?")
    expect(ask).to_contain_text("Un bot juega en tu asiento")
    expect(page.get_by_test_id("toast-leave-stay")).to_be_focused()
    expect(page).to_have_url(re.compile(rf"/table/{here}$"))
    shoot(page, shots, "phone-invitation-leave-ask.png")
    # "Seguir jugando": still here, still seated, the invitation still there.
    page.get_by_test_id("toast-leave-stay").click()
    expect(ask).to_have_count(0)
    expect(page).to_have_url(re.compile(rf"/table/{here}$"))
    expect(toast).to_be_visible()
    # Asked again and confirmed: off to the other table.
    toast.get_by_test_id("invitation-go").click()
    page.get_by_test_id("toast-leave-confirm").click()
    expect(page).to_have_url(re.compile(rf"/table/{other}$"))
    expect(page.get_by_test_id("toast-invitation")).to_have_count(0)


def test_an_invitation_outside_a_match_goes_at_once(
    context: BrowserContext, server: Server
) -> None:
    page = context.new_page()
    me = sign_in_as_guest(page)
    other = invite_from_another_table(server, me)
    page.get_by_test_id("toast-invitation").get_by_test_id("invitation-go").click()
    expect(page).to_have_url(re.compile(rf"/table/{other}$"))
    expect(page.get_by_test_id("toast-leave-ask")).to_have_count(0)


@pytest.fixture(scope="module")
def slow_chat(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose chat limit is a person's (three lines at once, then two a second),
    not the other browser tests' lifted one."""
    s = Server(tmp_path_factory.mktemp("e2e-chat"))
    started = subprocess.Popen

    def popen(*args: Any, **kwargs: Any) -> Any:
        kwargs["env"] = {**kwargs["env"], "BOLOLA_CHAT_BURST": "3", "BOLOLA_CHAT_PER_SECOND": "2"}
        return started(*args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(subprocess, "Popen", popen)
        s.start()
    yield s
    s.stop()


def test_chat_lines_refused_as_too_fast_stay_in_the_box_and_all_arrive(
    browser: Browser, slow_chat: Server, shots: Path
) -> None:
    ctx = browser.new_context(
        base_url=slow_chat.url, locale="es-ES", viewport={"width": 1280, "height": 800}
    )
    ctx.set_default_timeout(WAIT_MS)
    page = ctx.new_page()
    me = sign_in_as_guest(page)
    quick_play(page)
    box, form = page.get_by_test_id("chat-input"), page.get_by_test_id("chat-form")
    said = page.get_by_test_id("chat-lines").locator("li")
    lines = [f"línea {n}" for n in range(12)]
    refused = 0
    for n, text in enumerate(lines):
        box.fill(text)
        box.press("Enter")
        while True:
            # The server answers each line: the table says it, or the line is refused.
            expect(form).to_have_attribute("aria-busy", "false")
            if said.count() == n + 1:
                expect(said.nth(n)).to_have_text(f"{me}: {text}")
                expect(box).to_have_value("")  # said: the box is free for the next
                break
            refused += 1
            # Refused: the line is still there, and the notice says so.
            expect(box).to_have_value(text)
            expect(page.get_by_test_id("notice")).to_contain_text(
                "Demasiado rápido: tu mensaje sigue en la casilla"
            )
            if refused == 1:
                shoot(page, shots, "chat-too-fast.png")
            # The limit lets a line through again after a moment: no event to await.
            page.wait_for_timeout(300)
            box.press("Enter")
    assert refused > 0, "12 quick lines were never refused: the test's limit is not on"
    expect(said).to_have_text([f"{me}: {text}" for text in lines])
    ctx.close()


def test_the_profiles_recent_matches_open_the_match_page_and_its_replay(
    context: BrowserContext, server: Server
) -> None:
    page = context.new_page()
    me = sign_in_as_guest(page)
    token = token_of(page)
    table = short_match(server, token)
    play_out(server, token, table)

    page.goto(f"/player/{me}")
    row = page.get_by_test_id("recent").locator(f'tr[data-table="{table}"]')
    expect(row).to_be_visible()
    match_link = row.get_by_test_id("recent-match")
    expect(match_link).to_have_accessible_name(f"Ver la partida {table}")
    expect(row.get_by_test_id("record-link")).to_be_visible()  # the download stays
    match_link.click()
    expect(page).to_have_url(re.compile(rf"/match/{table}$"))
    expect(page.get_by_test_id("match-page")).to_be_visible()
    expect(page.get_by_test_id("replay")).to_have_count(0)

    page.go_back()
    replay_link = row.get_by_test_id("recent-replay")
    expect(replay_link).to_have_accessible_name(f"Repetición de la partida {table}")
    replay_link.click()
    expect(page).to_have_url(re.compile(rf"/match/{table}\?replay$"))
    expect(page.get_by_test_id("replay")).to_be_visible()


def invite_box(page: Page) -> None:
    """The page's guest at an open Hearts Are Trumps table of theirs (its invite box)."""
    table = create_table(page, "hearts-trumps", HEARTS_OPEN)
    join(page, table)
    expect(page.get_by_test_id("invite-name")).to_be_visible()


def test_inviting_an_unknown_name_or_oneself_is_said_in_spanish(
    context: BrowserContext, server: Server
) -> None:
    page = context.new_page()
    me = sign_in_as_guest(page)
    invite_box(page)
    notice = page.get_by_test_id("notice")
    for name, said in (
        ("nadie_zz", "No existe ese jugador"),
        (me, "No puedes invitarte a ti mismo"),
    ):
        page.get_by_test_id("invite-name").fill(name)
        page.get_by_test_id("invite-name").press("Enter")
        expect(notice).to_contain_text(said)
        expect(notice).not_to_contain_text("Datos no válidos")
        page.get_by_test_id("notice").get_by_role("button").first.click()
        expect(notice).to_have_count(0)


def test_a_friend_request_to_oneself_is_said_in_spanish(
    context: BrowserContext, server: Server
) -> None:
    page = context.new_page()
    me = sign_in_as_guest(page)
    panel = page.get_by_test_id("friends")
    panel.get_by_test_id("friend-name").fill(me)
    panel.get_by_test_id("friend-ask").click()
    notice = page.get_by_test_id("notice")
    expect(notice).to_have_text(
        re.compile("No puedes enviarte una solicitud de amistad a ti mismo")
    )
    expect(notice).not_to_contain_text("Datos no válidos")


def test_a_target_beyond_the_games_range_is_refused_in_the_form(
    context: BrowserContext, server: Server
) -> None:
    page = context.new_page()
    sign_in_as_guest(page)
    page.locator('[data-testid="game-tile"][data-game="hearts-trumps"]').get_by_test_id(
        "tile-new"
    ).click()
    target = page.get_by_test_id("target")
    expect(target).to_have_attribute("max", "10000")
    target.fill("20000")
    page.get_by_test_id("create").click()
    said = target.evaluate("e => e.validationMessage")
    assert said == "Escribe un número entero de 1 a 10000", said
    expect(page.get_by_test_id("lobby")).to_be_visible()  # nothing was sent
    expect(page.get_by_test_id("notice")).to_have_count(0)
    target.fill("750")
    assert target.evaluate("e => e.validationMessage") == ""
    page.get_by_test_id("create").click()
    expect(page).to_have_url(re.compile(r"/table/\d+$"))


def test_a_wrong_current_password_says_so(context: BrowserContext, server: Server) -> None:
    page = context.new_page()
    me = sign_in_as_guest(page)
    name = f"pw_{me[-6:]}"
    with httpx.Client(
        base_url=server.url, headers={"authorization": f"Bearer {token_of(page)}"}
    ) as http:
        kept = http.post("/api/claim", json={"name": name, "password": "una clave larga"})
        assert kept.status_code == 200, kept.text
    page.goto(f"/player/{name}")
    box = page.get_by_test_id("password-change")
    box.locator("summary").click()
    page.get_by_test_id("password-current").fill("no es esta clave")
    page.get_by_test_id("password-new").fill("otra clave larga")
    page.get_by_test_id("password-submit").click()
    expect(page.get_by_test_id("password-error")).to_have_text(
        "La contraseña actual no es correcta"
    )


def test_the_sound_button_keeps_its_name_and_says_its_state(
    context: BrowserContext, server: Server
) -> None:
    page = context.new_page()
    sign_in_as_guest(page)
    mute = page.get_by_test_id("mute")
    expect(mute).to_have_accessible_name("Silenciar")
    expect(mute).to_have_attribute("aria-pressed", "false")
    mute.click()
    # Muted: still "Silenciar", now pressed (not "Activar sonido, pressed").
    expect(mute).to_have_accessible_name("Silenciar")
    expect(mute).to_have_attribute("aria-pressed", "true")
    mute.click()
    expect(mute).to_have_attribute("aria-pressed", "false")


def test_the_answer_toast_on_a_phone_table_still_covers_no_hand(
    phone: BrowserContext, server: Server
) -> None:
    """The strip over the room's bar holds one toast at a time: a second waits for the
    first to be answered (two stacked would reach down over the table's bar)."""
    page = phone.new_page()
    me = sign_in_as_guest(page)
    quick_play(page)
    first = invite_from_another_table(server, me)
    second = invite_from_another_table(server, me)
    toasts = page.get_by_test_id("toast-invitation")
    expect(toasts).to_have_count(2)
    expect(toasts.nth(0)).to_be_visible()
    expect(toasts.nth(1)).to_be_hidden()
    strip = box_of(page.get_by_test_id("social-toasts"))
    for covered in (page.locator(".hand").first, page.locator(".tools").first):
        assert not overlaps(strip, box_of(covered)), (strip, box_of(covered))
    toasts.nth(0).get_by_role("button", name="Cerrar").click()
    expect(toasts).to_have_count(1)
    expect(toasts.first).to_be_visible()
    assert first != second
