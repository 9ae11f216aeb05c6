"""The replay viewer in the browser (issue 18): a guest's finished match stepped through
from its page, every seat's cards shown, the analysis's mistakes marked on the timeline,
and "Play from here" opening a practice table at that position."""

from __future__ import annotations

import re
import time
from pathlib import Path

from a11y import check_a11y
from e2eserver import Server
from matchplay import play_out, rest, short_match
from playwright.sync_api import BrowserContext, expect
from tablepage import sign_in_as_guest

POLLS = 300  # the analysis's wait: at most this many looks at its status, 0.5 s apart
MATCHES = 4  # matches played until one has a mistake to mark


def analysed(server: Server, token: str, table: int) -> dict[str, object]:
    """The match's analysis once done (the background job's wait, bounded)."""
    with rest(server, token) as http:
        for _ in range(POLLS):
            answer: dict[str, object] = http.get(f"/api/matches/{table}/analysis").json()
            if answer["status"] not in ("queued", "running"):
                return answer
            time.sleep(0.5)
    raise AssertionError(f"the analysis of match {table} never ended")


def test_a_replay_steps_marks_mistakes_and_plays_from_there(
    context: BrowserContext, server: Server, shots: Path
) -> None:
    page = context.new_page()
    sign_in_as_guest(page)
    token = page.evaluate("localStorage.getItem('bolola.token')")
    assert isinstance(token, str) and token
    # Short unrated matches (first to 1 point) until the analysis finds a mistake: the
    # player always takes its first legal action, which rarely goes unpunished.
    for _ in range(MATCHES):
        table = short_match(server, token, rated=False)
        play_out(server, token, table)
        review = analysed(server, token, table)
        assert review["status"] == "done", review
        decisions = review["review"]["decisions"]  # type: ignore[index]
        if any(d["loss"] > 0 for d in decisions):
            break
    else:
        raise AssertionError(f"{MATCHES} matches and not one mistake found")

    page.goto(f"/match/{table}")
    page.get_by_test_id("match-replay").click()
    replay = page.get_by_test_id("replay")
    expect(replay).to_have_attribute("data-at", "0")
    hands = page.get_by_test_id("replay-hand")
    expect(hands).to_have_count(2)  # both seats' cards, after the match
    for seat in (0, 1):
        expect(hands.nth(seat)).to_have_attribute("data-cards", re.compile(r"\S"))
    first = hands.nth(0).get_attribute("data-cards")
    page.get_by_test_id("replay-next").click()
    expect(replay).to_have_attribute("data-at", "1")
    expect(page.get_by_test_id("replay-last")).not_to_be_empty()
    page.get_by_test_id("replay-prev").click()
    expect(replay).to_have_attribute("data-at", "0")
    expect(hands.nth(0)).to_have_attribute("data-cards", first or "")

    # The analysis was done already (the same server keeps it): its marks are on the line.
    expect(page.get_by_test_id("replay-analysis")).to_have_attribute("data-status", "done")
    marks = page.get_by_test_id("replay-mark")
    expect(marks.first).to_be_visible()
    mark = marks.first
    version = mark.get_attribute("data-version") or ""
    title = mark.get_attribute("title") or ""
    assert re.search("\u2212\\d", title), title  # the points lost: a minus sign, then digits
    mark.click()
    expect(replay).to_have_attribute("data-at", version)
    check_a11y(page, "a match's replay with its mistakes marked")
    page.screenshot(path=str(shots / "replay.png"), animations="disabled")

    with page.expect_response(lambda r: r.url.endswith(f"/api/matches/{table}/practice")) as made:
        page.get_by_test_id("replay-play").click()
    answer = made.value.json()
    assert made.value.status == 201, answer
    practice = answer["table"]
    assert answer["at"] == int(version) and practice["version"] == int(version), answer
    assert practice["rated"] is False
    expect(page).to_have_url(re.compile(rf"/table/{practice['id']}$"))
    expect(page.locator(".app")).to_have_attribute("data-status", "playing")
