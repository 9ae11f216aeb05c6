"""Two people for the browser tests of friends and challenges: the page's guest, a friend
made over REST, a challenge from the page's guest; and where boxes on the page sit."""

from __future__ import annotations

from pathlib import Path

from e2eserver import Server
from matchplay import new_guest, rest
from playwright.sync_api import FloatRect, Locator, Page
from tablepage import sign_in_as_guest, token_of


def befriended(page: Page, server: Server) -> tuple[str, str, str, str]:
    """The page signed in as a new guest (Ana) and a second guest (Bo), friends: Ana's
    name and token, Bo's name and token."""
    ana = sign_in_as_guest(page)
    token = token_of(page)
    bo, bo_token = new_guest(server)
    with rest(server, bo_token) as http:
        http.post("/api/friends/ask", json={"player": ana}).raise_for_status()
    with rest(server, token) as http:
        http.post("/api/friends/accept", json={"player": bo}).raise_for_status()
    return ana, token, bo, bo_token


def challenge(server: Server, token: str, friend: str) -> int:
    """A Hearts Are Trumps challenge to ``friend`` (over REST, as the page would): its table."""
    with rest(server, token) as http:
        answer = http.post(
            "/api/challenges", json={"players": [friend], "table": {"game": "hearts-trumps"}}
        )
        assert answer.status_code in (200, 201), answer.text
        table: int = answer.json()["challenge"]["table"]["id"]
        return table


def shoot(page: Page, shots: Path, name: str) -> None:
    page.screenshot(path=str(shots / name), animations="disabled")


def box_of(locator: Locator) -> FloatRect:
    box = locator.bounding_box()
    assert box is not None, locator
    return box


def overlaps(a: FloatRect, b: FloatRect) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )
