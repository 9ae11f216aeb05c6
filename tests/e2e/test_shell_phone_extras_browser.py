"""Three small things of the shell, on a phone (390 x 844) above all: the day's reward at a
table covers no seat, card or choice (on a phone it is a strip over the room's top bar,
beside the board on a desktop); a chat line keeps its emoji at its own end, in a Spanish
page and an Arabic one alike; a guest's avatar is a plain figure, not a digit of the hex
part of their generated name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from e2eserver import Server
from layout import assert_apart, assert_in_reach, assert_nothing_over
from matchplay import new_guest, rest
from playwright.sync_api import Browser, Page, expect
from screens import open_context
from tablepage import keep_frames, quick_play, set_pace, sign_in_as_guest, table, watch_errors

BOT = {"kind": "bot", "level": "beginner"}
WAVE = "\U0001f44b"


def speak(page: Page, lang: str) -> None:
    """The page's language from its first script on (every navigation)."""
    page.add_init_script(f"localStorage.setItem('bolola.lang', {lang!r})")


# An element inside the viewport that a tap at its centre reaches.
HIT = """(el) => {
  const r = el.getBoundingClientRect();
  const inside = r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0
    && r.right <= innerWidth && r.bottom <= innerHeight;
  const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return inside && hit !== null && (hit === el || el.contains(hit));
}"""


@pytest.mark.parametrize(("size", "lang"), [("phone", "es"), ("phone", "ar"), ("desktop", "es")])
def test_the_days_reward_at_a_table_covers_no_seat_card_or_choice(
    browser: Browser, server: Server, shots: Path, size: str, lang: str
) -> None:
    # A guest made over REST, seated at a King Bolola table with three bots, who opens the
    # table's address: the page's first claim of the day is granted at the table.
    _, token = new_guest(server)
    with rest(server, token) as http:
        answer = http.post(
            "/api/tables", json={"game": "king-bolola", "seats": [{"kind": "human"}, BOT, BOT, BOT]}
        )
        assert answer.status_code == 201, answer.text
        table_id = answer.json()["table"]["id"]

    ctx = open_context(browser, server, size)
    try:
        page = ctx.new_page()
        errors = watch_errors(page)
        set_pace(page, "off")
        speak(page, lang)
        keep_frames(page)
        page.add_init_script(f"localStorage.setItem('bolola.token', {token!r})")
        page.goto(f"/table/{table_id}")
        expect(table(page)).to_have_attribute("data-phase", re.compile("declare|play"))
        reward = page.get_by_test_id("daily-reward")
        expect(reward).to_be_visible()
        page.screenshot(
            path=str(shots / f"daily-reward-table-{size}-{lang}.png"), animations="disabled"
        )

        seats = page.get_by_test_id("seat")
        expect(seats).to_have_count(4)
        hand = page.locator(".hand").first
        expect(hand).to_be_visible()
        where = f"{size} {lang}"
        # Nothing of the table under it: not the seats' row, the hand or the choice on the
        # felt, nor the table's bar with what the player owes.
        assert_nothing_over(page, seats, hand, where=where)
        assert_apart(reward, page.locator("main.felt"), where=f"{where}: the felt")
        assert_apart(reward, table(page).locator("header.bar"), where=f"{where}: the table's bar")
        # And it reads whole, its way out in reach.
        text = reward.get_by_test_id("daily-text")
        assert text.evaluate("e => e.scrollWidth <= e.clientWidth"), (
            where,
            "the reward's text is cut",
        )
        close = reward.get_by_role("button")
        if size == "desktop":
            assert_in_reach(close, where=f"{where}: the reward's close")
        else:
            # layout's reach takes the table screen's hidden overflow for a clip; a fixed box
            # is not clipped by it: on screen, and what a tap at its centre hits.
            assert close.evaluate(HIT), (where, "the reward's close is out of reach")
        close.click()
        expect(reward).to_have_count(0)
        assert errors == [], errors
    finally:
        ctx.close()


# Where a line's word and its emoji land on screen, from the glyphs' boxes (a Range over
# each): a line reads right when the emoji follows the word in the line's own direction.
GLYPHS = """(el) => {
  const node = el.firstChild;
  const text = node.textContent;
  const at = text.indexOf(WAVE);
  const box = (from, to) => {
    const r = document.createRange();
    r.setStart(node, from);
    r.setEnd(node, to);
    return r.getBoundingClientRect().toJSON();
  };
  return {word: box(0, at), emoji: box(at, at + WAVE.length)};
}""".replace("WAVE", repr(WAVE))


@pytest.mark.parametrize("lang", ["es", "ar"])
def test_a_chat_line_keeps_its_emoji_at_its_end_and_a_guest_wears_a_figure(
    browser: Browser, server: Server, shots: Path, lang: str
) -> None:
    ctx = open_context(browser, server, "phone")
    try:
        page = ctx.new_page()
        errors = watch_errors(page)
        speak(page, lang)
        name = sign_in_as_guest(page)
        assert re.fullmatch(r"guest-[0-9a-f]+", name), name
        # The lobby's avatar of a guest: the figure, no letter or digit of the name.
        mine = page.locator(".who-am-i svg.avatar")
        expect(mine).to_have_attribute("data-look", "guest")
        expect(mine).to_have_text("")

        quick_play(page)
        expect(page.locator(".seat.bottom svg.avatar")).to_have_attribute("data-look", "guest")
        page.get_by_test_id("side-toggle").click()
        page.get_by_test_id("chat-tab").click()
        said = {"ltr": f"hola {WAVE}", "rtl": f"مرحبا بالجميع {WAVE}"}
        for line in said.values():
            page.get_by_test_id("chat-input").fill(line)
            page.get_by_test_id("chat-input").press("Enter")
        texts = page.get_by_test_id("chat-text")
        expect(texts).to_have_text(list(said.values()))
        page.get_by_test_id("chat-lines").screenshot(path=str(shots / f"chat-emoji-{lang}.png"))

        for k, (way, line) in enumerate(said.items()):
            boxes = texts.nth(k).evaluate(GLYPHS)
            word, emoji = boxes["word"], boxes["emoji"]
            # Same line of text, and the emoji after the words in their own direction.
            assert abs(word["top"] - emoji["top"]) < word["height"], (lang, line, boxes)
            if way == "ltr":
                assert emoji["left"] >= word["right"] - 0.5, (
                    lang,
                    line,
                    "emoji before the word",
                    boxes,
                )
            else:
                assert emoji["right"] <= word["left"] + 0.5, (
                    lang,
                    line,
                    "emoji before the word",
                    boxes,
                )
        assert errors == [], errors
    finally:
        ctx.close()
