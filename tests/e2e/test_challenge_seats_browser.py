"""A challenge's table as its host sees it: the free seat names the friend it is kept for
and how the challenge stands (waiting, with the time left to answer; declined), the
status line says what the host can do, and the seat's buttons do it (ask someone else,
seat a bot: the match starts)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from e2eserver import WAIT_MS, Server
from playwright.sync_api import Browser, BrowserContext, Page, expect
from tablepage import sign_in_as_guest, table


def api(page: Page, path: str, body: dict[str, Any] | None = None) -> Any:
    """A REST POST as the page's player (its session token as a bearer header)."""
    answer = page.evaluate(
        """async ([path, body]) => {
            const token = localStorage.getItem('bolola.token');
            const r = await fetch(path, {
              method: 'POST',
              headers: {'content-type': 'application/json', authorization: `Bearer ${token}`},
              body: JSON.stringify(body ?? {}),
            });
            return {status: r.status, body: await r.json()};
        }""",
        [path, body],
    )
    assert answer["status"] == 200, answer
    return answer["body"]


def test_the_host_sees_whom_a_seat_waits_for_and_can_seat_a_bot_when_they_decline(
    sized: BrowserContext, size: str, browser: Browser, server: Server, shots: Path
) -> None:
    ana = sized.new_page()
    ana_name = sign_in_as_guest(ana)
    other = browser.new_context(base_url=server.url, locale="es-ES")
    other.set_default_timeout(WAIT_MS)
    try:
        bo = other.new_page()
        bo_name = sign_in_as_guest(bo)
        api(ana, "/api/friends/ask", {"player": bo_name})
        api(bo, "/api/friends/accept", {"player": ana_name})
        hearts = {"game": "hearts-trumps", "options": {"target": 1}}
        made = api(ana, "/api/challenges", {"players": [bo_name], "table": hearts})
        table_id = made["challenge"]["table"]["id"]

        # The challenger's page goes to the new table: the free seat is Bo's, waiting.
        ana.goto(f"/table/{table_id}")
        seat = ana.locator('[data-testid="seat"][data-seat="1"]')
        expect(seat.get_by_test_id("seat-name")).to_have_text(bo_name)
        kept = seat.get_by_test_id("seat-kept")
        expect(kept).to_have_attribute("data-answer", "pending")
        expect(kept).to_contain_text("Esperando su respuesta · quedan ")
        status = ana.get_by_test_id("status")
        expect(status).to_have_text(f"Esperando la respuesta de {bo_name}")

        # Bo declines: the seat says so and stays saying it; the status says what next.
        api(bo, f"/api/challenges/{table_id}/decline")
        expect(kept).to_have_attribute("data-answer", "declined")
        expect(kept).to_contain_text("Rechazó el reto")
        expect(status).to_have_text(f"{bo_name} no vendrá: invita a otro, pon un bot o sal")
        ana.screenshot(path=str(shots / f"challenge-declined-{size}.png"), animations="disabled")

        # "Invite someone else": the invite box, in sight and ready to type in.
        kept.get_by_test_id("kept-invite").click()
        expect(ana.get_by_test_id("invite-name")).to_be_focused()
        if size == "phone":  # the drawer covers the felt: closed again
            ana.locator(".close-drawer").click()

        # "Seat a bot": the last free seat taken, the match starts against it.
        kept.get_by_test_id("kept-bot").click()
        expect(table(ana)).to_have_attribute("data-phase", "place")
        expect(seat.get_by_test_id("seat-name")).to_have_text("bot-club-1")
        expect(seat.get_by_test_id("seat-kept")).to_have_count(0)
        expect(status).not_to_contain_text(bo_name)
    finally:
        other.close()
