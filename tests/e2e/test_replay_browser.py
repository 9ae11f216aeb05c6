"""The replay viewer in the browser (issue 18): a guest's finished match stepped through
from its page, every seat's cards shown, the analysis's mistakes marked on the timeline,
and "Play from here" opening a practice table at that position; a Hearts Are Trumps
replay shows each hand's battles at the move that fought them."""

from __future__ import annotations

import re
import time
from pathlib import Path

from a11y import check_a11y
from e2eserver import Server
from matchplay import play_out, rest, short_match
from playwright.sync_api import BrowserContext, Page, expect
from tablepage import sign_in_as_guest, token_of

from bolola.cards import Card
from bolola.games.hearts_trumps import Place, battles, parse_action

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
    player_name = sign_in_as_guest(page)
    token = token_of(page)
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
    # A player sees their own mistakes first; everyone's are a choice away.
    whose = page.get_by_test_id("replay-whose")
    names = [hands.nth(s).inner_text() for s in (0, 1)]
    mine = next(str(s) for s, text in enumerate(names) if player_name in text)
    expect(whose).to_have_value(mine)
    whose.select_option("-1")
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


def worth(card: Card) -> int:
    """What a loot card scores (HT-13): a joker 25, a heart its rank with the ace 1."""
    text = str(card)
    if text == "JK":
        return 25
    return "A23456789TJQK".index(text[0]) + 1 if text.endswith("H") else 0


def deck_ints(p: Place) -> tuple[int, int, int]:
    loot, attacker, defender = (c.index for c in p.cards)
    return loot, attacker, defender


def shown_at(page: Page, version: int) -> None:
    """Steps to ``version`` with the buttons and waits until its position is drawn."""
    replay = page.get_by_test_id("replay")
    at = int(replay.get_attribute("data-at") or "0")
    while at < version:
        page.get_by_test_id("replay-next").click()
        at += 1
        expect(replay).to_have_attribute("data-at", str(at))
    expect(replay).to_have_attribute("data-shown", str(version))


def test_a_hearts_trumps_replay_shows_each_battle_as_it_is_fought(
    sized: BrowserContext, server: Server, shots: Path, size: str
) -> None:
    page = sized.new_page()
    sign_in_as_guest(page)
    token = token_of(page)
    table = short_match(server, token, rated=False)
    play_out(server, token, table)
    with rest(server, token) as http:
        moves: list[str] = http.get(f"/api/matches/{table}/replay").json()["replay"]["record"][
            "moves"
        ]
        versions = len(moves)
        end = http.get(f"/api/matches/{table}/replay?at={versions}").json()["position"]
    # The first hand's two placements, whichever seat placed first (HT-6), and its battles
    # as the rules decide them (HT-7 … HT-12).
    placed = {int(m.split(":")[0]): parse_action(m.split(":", 1)[1]) for m in moves[:2]}
    assert set(placed) == {0, 1}, moves[:2]
    fought = battles(deck_ints(placed[0]), deck_ints(placed[1]))

    page.goto(f"/match/{table}")
    page.get_by_test_id("match-replay").click()
    shown = page.get_by_test_id("replay-battles")
    shown_at(page, 0)
    expect(shown).to_have_count(0)
    shown_at(page, 1)
    expect(shown).to_have_count(0)  # one seat has placed: nothing is fought yet

    # The second placement fights both battles: which cards met, who won, why, the loot.
    shown_at(page, 2)
    expect(shown).to_have_attribute("data-hand", "1-1")
    expect(shown).to_have_attribute("data-fresh", "true")
    for b in fought:
        battle = shown.get_by_test_id(f"battle-{b.name}")
        expect(battle).to_have_attribute("data-winner", str(b.winner))
        expect(battle).to_have_attribute("data-why", b.why.value)
        loot = placed[b.loot_seat].loot
        faces = battle.locator("[data-face]")
        expect(faces).to_have_count(3)
        assert [faces.nth(k).get_attribute("data-face") for k in range(3)] == [
            str(b.attacker),
            str(b.defender),
            str(loot),
        ]
        expect(battle.get_by_test_id("battle-points")).to_have_attribute(
            "data-points", str(worth(loot))
        )
    # The battles come in one after the other (CSS): axe judges the colours drawn now, so
    # it looks at them as a player who asked for no motion sees them, whole.
    page.emulate_media(reduced_motion="reduce")
    check_a11y(page, f"a Hearts Are Trumps replay at a hand's battles ({size})")
    page.get_by_test_id("replay").screenshot(
        path=str(shots / f"replay-ht-battles-{size}.png"), animations="disabled"
    )

    # The next hand's first placement: the battles shown are the hand before's, said so.
    shown_at(page, 3)
    expect(shown).to_have_attribute("data-hand", "1-1")
    expect(shown).to_have_attribute("data-fresh", "false")
    expect(page.get_by_test_id("replay-battles-before")).to_be_visible()

    # The last move fought the last hand of the deal: its battles and the deal's score.
    page.get_by_test_id("replay-end").click()
    expect(page.get_by_test_id("replay")).to_have_attribute("data-shown", str(versions))
    last = end["views"][0]["history"][-1]
    expect(shown).to_have_attribute("data-hand", f"{last['deal']}-9")
    expect(shown).to_have_attribute("data-fresh", "true")
    expect(shown.get_by_test_id("deal-points")).to_have_text([str(p) for p in last["points"]])
    expect(shown.get_by_test_id("deal-score-close")).to_have_count(0)  # nothing waits on it
    page.screenshot(
        path=str(shots / f"replay-ht-deal-{size}.png"), full_page=True, animations="disabled"
    )
