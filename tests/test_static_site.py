"""The client's single-page fallback: client routes get the page, missing assets a 404."""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.testclient import TestClient

from bolola.server.static_site import mount_static


def client_for(tmp_path: Path) -> TestClient:
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html><title>page</title>")
    (tmp_path / "assets" / "app.js").write_text("console.log(1)")
    app = Starlette()
    mount_static(app, tmp_path)
    return TestClient(app)


def test_client_routes_get_the_page_even_with_a_dot_in_a_player_name(tmp_path: Path) -> None:
    http = client_for(tmp_path)
    for path in ("/", "/table/7", "/leaderboard", "/player/ana", "/player/ana.b"):
        answer = http.get(path)
        assert answer.status_code == 200, path
        assert "<title>page</title>" in answer.text, path


def test_missing_assets_and_server_paths_are_real_404s(tmp_path: Path) -> None:
    http = client_for(tmp_path)
    assert http.get("/assets/app.js").status_code == 200
    for path in ("/assets/gone.js", "/favicon.ico", "/style.css", "/api/nothing", "/healthzz"):
        assert http.get(path).status_code == 404, path
