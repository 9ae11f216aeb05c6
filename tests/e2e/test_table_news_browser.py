"""What a new player meets at a table besides the cards: a notice said once, on one screen
only; chat lines said while the phone's drawer is closed, counted on its button; a
challenge's answer that covers neither the hand nor the player's seat on a desktop."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from e2eserver import WAIT_MS, Server
from matchplay import new_guest, rest
from playwright.sync_api import BrowserContext, expect
from social import befriended, box_of, challenge, overlaps, shoot
from tablepage import quick_play, sign_in_as_guest
from websockets.sync.client import ClientConnection, connect


@contextmanager
def watcher(server: Server, token: str, table: int) -> Iterator[ClientConnection]:
    """Another player's socket watching ``table`` (its snapshot received): it may chat."""
    url = server.url.replace("http://", "ws://") + "/ws"
    with connect(url, open_timeout=WAIT_MS / 1000) as ws:
        ws.send(json.dumps({"type": "hello", "protocol": 1, "token": token}))
        ws.send(json.dumps({"type": "join", "table": table, "watch": True}))
        while True:
            frame = json.loads(ws.recv(timeout=WAIT_MS / 1000))
            assert frame["type"] != "error", frame
            if frame["type"] == "snapshot" and frame["table"] == table:
                break
        yield ws


def test_a_notice_is_said_once_not_again_by_the_next_screen(
    sized: BrowserContext, size: str, server: Server, shots: Path
) -> None:
    page = sized.new_page()
    sign_in_as_guest(page)
    bo, _ = new_guest(server)
    panel = page.get_by_test_id("friends")
    panel.get_by_test_id("friend-name").fill(bo)
    panel.get_by_test_id("friend-ask").click()
    notice = page.get_by_test_id("notice")
    expect(notice).to_contain_text(bo)
    expect(notice).to_have_count(0, timeout=10_000)  # gone by itself after a few seconds
    # The table's screen mounts its own notice area: the old notice is not said there.
    quick_play(page)
    expect(page.locator(".hand [data-card]").first).to_be_visible()
    # Now, not eventually: a notice said again would also go after its few seconds.
    assert notice.count() == 0, notice.inner_text()
    shoot(page, shots, f"{size}-table-after-a-notice.png")


def test_chat_said_while_the_drawer_is_closed_is_counted_on_its_button(
    phone: BrowserContext, server: Server, shots: Path
) -> None:
    page = phone.new_page()
    sign_in_as_guest(page)
    table = quick_play(page)
    expect(page.get_by_test_id("table")).to_have_attribute("data-owes", "true")
    toggle = page.get_by_test_id("side-toggle")
    expect(toggle).to_have_accessible_name("Chat y puntos")
    badge = page.get_by_test_id("unread-chat")
    expect(badge).to_have_count(0)

    bo, bo_token = new_guest(server)
    with watcher(server, bo_token, table) as ws:
        for text in ("hola", "¿jugamos otra luego?"):
            ws.send(json.dumps({"type": "chat", "table": table, "text": text}))
        expect(badge).to_have_text("2")
        expect(toggle).to_have_accessible_name("Chat y puntos, 2 mensajes sin leer")
        shoot(page, shots, "phone-chat-unread.png")

        # Opened, the drawer shows the chat and the count is gone.
        toggle.click()
        side = page.locator("#table-side")
        expect(side.get_by_test_id("chat-lines")).to_contain_text(f"{bo}: ¿jugamos otra luego?")
        expect(side.get_by_test_id("chat-tab")).to_have_attribute("aria-selected", "true")
        expect(badge).to_have_count(0)
        expect(toggle).to_have_accessible_name("Chat y puntos")
        # The player's own line is not news to them; the next one of bo's is.
        side.get_by_test_id("chat-input").fill("¡claro!")
        side.get_by_test_id("chat-input").press("Enter")
        expect(side.get_by_test_id("chat-lines")).to_contain_text("¡claro!")
        side.get_by_role("button", name="Cerrar").click()
        expect(badge).to_have_count(0)
        ws.send(json.dumps({"type": "chat", "table": table, "text": "vale"}))
        expect(badge).to_have_text("1")
        expect(toggle).to_have_accessible_name("Chat y puntos, 1 mensaje sin leer")


def test_chat_said_while_the_score_tab_is_up_is_counted_on_the_chat_tab(
    context: BrowserContext, server: Server, shots: Path
) -> None:
    page = context.new_page()
    sign_in_as_guest(page)
    table = quick_play(page)
    page.get_by_test_id("sheet-tab").click()
    chat_tab = page.get_by_test_id("chat-tab")
    bo, bo_token = new_guest(server)
    with watcher(server, bo_token, table) as ws:
        ws.send(json.dumps({"type": "chat", "table": table, "text": "hola"}))
        expect(chat_tab).to_have_accessible_name("Chat, 1 mensaje sin leer")
        shoot(page, shots, "desktop-chat-unread.png")
        chat_tab.click()
        expect(page.get_by_test_id("chat-lines")).to_contain_text(f"{bo}: hola")
        expect(chat_tab).to_have_accessible_name("Chat")


def test_a_challenge_answer_at_a_table_covers_no_hand_nor_seat_on_a_desktop(
    context: BrowserContext, server: Server, shots: Path
) -> None:
    page = context.new_page()
    _ana, token, bo, bo_token = befriended(page, server)

    quick_play(page)
    hand = page.locator(".hand").first
    expect(hand).to_be_visible()
    me = page.locator(".seat-slot.bottom")
    # Ana challenges Bo from her table (over REST, as her page would); Bo accepts.
    challenged = challenge(server, token, bo)
    with rest(server, bo_token) as http:
        http.post(f"/api/challenges/{challenged}/accept").raise_for_status()

    expect(page.get_by_test_id("challenge-answer")).to_have_attribute("data-answer", "accepted")
    toasts = page.get_by_test_id("social-toasts")
    shoot(page, shots, "desktop-answer-toast.png")
    box = box_of(toasts)
    for covered in (hand, me, page.locator(".felt")):
        assert not overlaps(box, box_of(covered)), (box, box_of(covered))
