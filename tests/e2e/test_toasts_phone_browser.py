"""On a phone at a table (390x844): the answer to one's challenge is said in a toast that
covers neither the hand nor the player's seat, and leaves by itself; a private table one
is not invited to is said as such, not as an empty felt with a red notice."""

from __future__ import annotations

import re
from pathlib import Path

from e2eserver import Server
from matchplay import new_guest, rest
from playwright.sync_api import BrowserContext, expect
from social import befriended, box_of, challenge, overlaps, shoot
from tablepage import quick_play, sign_in_as_guest


def test_an_answer_toast_at_a_table_on_a_phone_covers_no_hand_and_leaves(
    phone: BrowserContext, server: Server, shots: Path
) -> None:
    page = phone.new_page()
    _ana, token, bo, bo_token = befriended(page, server)

    quick_play(page)
    hand = page.locator(".hand").first
    expect(hand).to_be_visible()
    # Ana challenges Bo from her table (over REST, as her page would); Bo declines.
    challenged = challenge(server, token, bo)
    with rest(server, bo_token) as http:
        http.post(f"/api/challenges/{challenged}/decline").raise_for_status()

    toast = page.get_by_test_id("toast-answer")
    expect(toast).to_be_visible()
    expect(page.get_by_test_id("challenge-answer")).to_have_attribute("data-answer", "declined")
    expect(page).to_have_url(re.compile(r"/table/\d+$"))
    shoot(page, shots, "phone-answer-toast.png")
    box, hand_box = box_of(page.get_by_test_id("social-toasts")), box_of(hand)
    assert not overlaps(box, hand_box), (box, hand_box)
    # It asks nothing: gone by itself after a few seconds, untouched.
    expect(toast).to_have_count(0, timeout=10_000)


def test_a_private_table_one_is_not_invited_to_says_so(
    phone: BrowserContext, server: Server, shots: Path
) -> None:
    _, host = new_guest(server)
    spec = {
        "game": "hearts-trumps",
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "access": "invited",
    }
    with rest(server, host) as http:
        answer = http.post("/api/tables", json=spec)
        assert answer.status_code == 201, answer.text
        table = answer.json()["table"]["id"]

    page = phone.new_page()
    sign_in_as_guest(page)
    page.goto(f"/table/{table}")
    gone = page.get_by_test_id("no-table")
    expect(gone).to_have_attribute("data-why", "not_invited")
    expect(gone.get_by_role("heading")).to_have_text(f"La mesa {table} es privada")
    expect(page.get_by_test_id("notice")).to_have_count(0)
    shoot(page, shots, "phone-not-invited.png")
    gone.get_by_test_id("no-table-lobby").click()
    expect(page.get_by_test_id("lobby")).to_be_visible()
