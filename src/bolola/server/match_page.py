"""A finished match's public page (issue 17): ``/match/<id>`` for people (the client's
page, with Open Graph tags so a shared link shows a summary card) and
``/api/matches/<id>`` for the page: the players, their places and scores, the score sheet
deal by deal, and the achievements the match unlocked.
"""

from __future__ import annotations

import html
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import BaseRoute, Route

from bolola import registry
from bolola.engine import RecordError, replay
from bolola.progression.achievements import progress, unlocked_between
from bolola.server.milestones import book
from bolola.server.protocol import ProtocolError
from bolola.server.seat import Holder
from bolola.server.static_site import NOT_BUILT, STATIC_DIR
from bolola.store.store import PlayerInfo, Store

if TYPE_CHECKING:
    from bolola.server.service import Server

MAX_ID = 2**31 - 1


async def summary(store: Store, table_id: int, viewer: int | None = None) -> dict[str, Any] | None:
    """The match page's content; None for no finished match at that table. A private
    table's match is refused (``not_invited``) to all but its host, invited and seated."""
    setup = await store.table_setup(table_id)
    if setup is None or setup.status != "over":
        return None
    if not setup.may_see(viewer):
        raise ProtocolError(
            "not_invited", "this match was private: only its players and invited may see it"
        )
    record = await store.engine_record(table_id)
    if record is None:
        return None
    try:
        game = registry.find(record.game)
        state = replay(game, record)
    except (RecordError, ValueError):
        return None
    outcome = game.outcome(state)
    if outcome is None:
        return None
    seats = []
    unlocked: dict[str, list[str]] = {}
    left = await store.left_seats(table_id)
    for s in setup.seats:
        player = None if s.player_id is None else await store.player(s.player_id)
        # Each seat by the name its table showed and its record keeps (a bot's names its
        # level and seat: two bots of one level stay apart); the level for the page to
        # say in the reader's language.
        holder = Holder.of(s, {} if player is None else {player.id: player}, game.name)
        seats.append(
            {
                "seat": s.seat,
                "name": holder.name or f"seat{s.seat}",
                "kind": holder.kind,
                "level": holder.level,
                "score": outcome.scores[s.seat],
                "rank": outcome.ranks[s.seat],
                # The player had left: whatever the bot made of the seat, a loss for them
                # (their profile says so too).
                "left": s.seat in left,
            }
        )
        if player is not None:
            matches, claims = await store.milestones(player.id)
            before = progress(book(), [m for m in matches if m.table_id != table_id], claims)
            new = unlocked_between(before, progress(book(), matches, claims))
            unlocked[player.name] = [a.key for a in new]
    return {
        "id": table_id,
        "game": game.name,
        "options": record.options,
        "finished_at": None if setup.finished_at is None else setup.finished_at.isoformat(),
        "rated": setup.rated,
        "seats": seats,
        # Partners (Baloot): the page ranks and scores them together; None: each alone.
        "teams": None if game.teams is None else [list(team) for team in game.teams],
        # Each deal as fully as its game writes it: the page's reader wants Baloot's trump,
        # doubling and buyer, not only the short label the arena groups deals by.
        "sheet": [
            {"label": d.detail or d.label, "points": list(d.points)}
            for d in game.deal_scores(state)
        ],
        "achievements": unlocked,
        "record": f"/api/tables/{table_id}/record",
    }


def card(found: dict[str, Any]) -> tuple[str, str]:
    """The summary card's title and description (in English: crawlers read one)."""
    ranked = sorted(found["seats"], key=lambda s: (s["rank"], s["seat"]))
    winners = [s["name"] for s in ranked if s["rank"] == ranked[0]["rank"]]
    if found.get("teams") and len(winners) > 1:
        title = f"{' and '.join(winners)} win at {found['game']} on Bolola"
    else:
        title = f"{ranked[0]['name']} wins at {found['game']} on Bolola"
    scores = ", ".join(f"{s['name']} {s['score']}" for s in ranked)
    return title, f"Match {found['id']}: {scores}."


def page(found: dict[str, Any] | None, url: str, index: Path) -> HTMLResponse:
    """The client's page with the match's summary card in its head."""
    title, description = card(found) if found else ("Bolola", "A card room.")
    tags = "".join(
        f'<meta property="{k}" content="{html.escape(v, quote=True)}" />'
        for k, v in (
            ("og:type", "website"),
            ("og:site_name", "Bolola"),
            ("og:title", title),
            ("og:description", description),
            ("og:url", url),
        )
    )
    tags += '<meta name="twitter:card" content="summary" />'
    body = index.read_text(encoding="utf-8") if index.is_file() else NOT_BUILT
    body = body.replace("<title>Bolola</title>", f"<title>{html.escape(title)}</title>", 1)
    head_end = body.find("</head>")
    body = body[:head_end] + tags + body[head_end:] if head_end >= 0 else tags + body
    return HTMLResponse(body, status_code=200 if found else 404)


def routes(
    server: Server,
    endpoint: Callable[..., Any],
    viewer: Callable[[Request], Awaitable[PlayerInfo | None]],
) -> list[BaseRoute]:
    async def api(request: Request) -> Any:
        store, _, _ = server.ready
        me = await viewer(request)
        found = await summary(store, _id(request), None if me is None else me.id)
        if found is None:
            raise ProtocolError("no_record", "no finished match at this table")
        return {"match": found}

    async def html_page(request: Request) -> HTMLResponse:
        # The page's summary card is for link previews: a private match's stays blank.
        store, _, _ = server.ready
        table_id: int = request.path_params["id"]
        try:
            found = None if table_id > MAX_ID else await summary(store, table_id)
        except ProtocolError:
            found = None
        return page(found, str(request.url), STATIC_DIR / "index.html")

    return [
        Route("/api/matches/{id:int}", endpoint(api)),
        Route("/match/{id:int}", html_page),
    ]


def _id(request: Request) -> int:
    table_id: int = request.path_params["id"]
    if table_id > MAX_ID:
        raise ProtocolError("no_record", f"no match {table_id}")
    return table_id
