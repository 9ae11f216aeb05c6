"""Bad settings are refused when the server starts, each in one line naming the setting
(``bolola serve: bad setting: FIELD: …``), never found later nor as a traceback."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from bolola.bots import LEVELS
from bolola.server.logs import JsonFormatter
from bolola.server.settings import Settings


@pytest.fixture(autouse=True)
def _no_bolola_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    # Only what a test sets reaches the settings.
    for name in list(os.environ):
        if name.upper().startswith("BOLOLA_"):
            monkeypatch.delenv(name)


def refusal(**given: Any) -> tuple[str, str]:
    """The one error of ``Settings(**given)``: where (``trusted_proxies``) and what."""
    with pytest.raises(ValidationError) as caught:
        Settings(**given)
    errors = caught.value.errors()
    assert len(errors) == 1, errors
    return ".".join(map(str, errors[0]["loc"])), errors[0]["msg"]


def test_an_unknown_stand_in_level_is_refused_with_the_known_ones() -> None:
    where, why = refusal(stand_in_level="Expert")
    assert where == "stand_in_level"
    assert "'Expert'" in why and all(level in why for level in LEVELS)
    assert [Settings(stand_in_level=level).stand_in_level for level in LEVELS] == list(LEVELS)


def test_an_unknown_stand_in_level_in_the_environment_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("BOLOLA_STAND_IN_LEVEL", "grandmaster")
    assert refusal()[0] == "stand_in_level"


@pytest.mark.parametrize(
    ("given", "proxies"),
    [
        ('["127.0.0.1"]', ["127.0.0.1"]),
        ("[127.0.0.1]", ["127.0.0.1"]),  # what a shell's `source` of the JSON leaves
        ("127.0.0.1", ["127.0.0.1"]),
        ("10.0.0.2, 10.0.1.0/24,::1", ["10.0.0.2", "10.0.1.0/24", "::1"]),
        ('["10.0.0.2", "fd00::/8"]', ["10.0.0.2", "fd00::/8"]),
        ("", []),
        ("[]", []),
    ],
)
def test_trusted_proxies_from_the_environment_as_json_or_commas(
    monkeypatch: pytest.MonkeyPatch, given: str, proxies: list[str]
) -> None:
    monkeypatch.setenv("BOLOLA_TRUSTED_PROXIES", given)
    assert Settings().trusted_proxies == proxies


@pytest.mark.parametrize(
    ("given", "named"),
    [
        ("notjson", "notjson"),
        ("localhost", "localhost"),
        ('["10.0.0.2", "not-an-ip"]', "not-an-ip"),
        ("10.0.0.2,proxy.internal", "proxy.internal"),
        ("10.0.0.0/33", "10.0.0.0/33"),
    ],
)
def test_a_trusted_proxy_that_is_no_address_or_network_is_refused(
    monkeypatch: pytest.MonkeyPatch, given: str, named: str
) -> None:
    monkeypatch.setenv("BOLOLA_TRUSTED_PROXIES", given)
    where, why = refusal()
    assert where == "trusted_proxies"
    assert why == f"{named!r} is not an IP address or network"


def test_trusted_proxies_given_directly_are_checked_too() -> None:
    assert Settings(trusted_proxies=["10.0.0.2"]).trusted_proxies == ["10.0.0.2"]
    assert refusal(trusted_proxies=["localhost"])[0] == "trusted_proxies"


def test_malformed_oidc_json_is_refused_as_a_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOLOLA_OIDC", "{bad")
    where, why = refusal()
    assert where == "oidc" and "not JSON" in why


def test_oidc_json_and_per_field_variables_still_combine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOLOLA_OIDC", json.dumps({"gitlab": {"issuer": "https://gitlab.com"}}))
    monkeypatch.setenv("BOLOLA_OIDC__GITLAB__CLIENT_ID", "bolola")
    provider = Settings().oidc["gitlab"]
    assert (provider.issuer, provider.client_id) == ("https://gitlab.com", "bolola")


def test_an_unknown_log_level_is_refused_and_a_known_one_in_any_case_kept() -> None:
    where, why = refusal(log_level="bogus")
    assert where == "log_level" and "'bogus'" in why and "warning" in why
    assert Settings(log_level="WARNING").log_level == "warning"


@pytest.mark.parametrize(
    "url",
    [
        "sqlite://",
        "sqlite:///:memory:",
        "sqlite+aiosqlite:///:memory:",
        "sqlite:///file::memory:?cache=shared",
        "sqlite:///file:bolola?mode=memory&uri=true",
    ],
)
def test_an_in_memory_database_is_refused(url: str) -> None:
    where, why = refusal(database_url=url)
    assert where == "database_url" and "in-memory" in why and "sqlite:///" in why


def test_database_files_and_postgresql_are_accepted(tmp_path: Path) -> None:
    for url in (f"sqlite:///{tmp_path / 'b.db'}", "sqlite:///bolola.db", "postgresql://u@h/db"):
        assert Settings(database_url=url).database_url == url


@pytest.mark.parametrize("url", ["nonsense", "http://redis.internal:6379/0", "localhost:6379"])
def test_a_redis_url_of_another_scheme_is_refused(url: str) -> None:
    where, why = refusal(redis_url=url)
    assert where == "redis_url" and "redis://" in why


def test_a_refused_redis_url_does_not_show_its_password() -> None:
    assert "SECRET" not in refusal(redis_url="http://:SECRET@redis.internal:6379/0")[1]


@pytest.mark.parametrize(
    "url", ["", "redis://:pw@redis.internal:6379/0", "rediss://r.example.org", "unix:///run/r.sock"]
)
def test_redis_urls_are_accepted(url: str) -> None:
    assert Settings(redis_url=url).redis_url == url


def test_uvicorns_color_message_is_left_out_of_the_json_logs() -> None:
    record = logging.makeLogRecord(
        {
            "name": "uvicorn.error",
            "levelname": "INFO",
            "msg": "Started server process [%d]",
            "args": (7,),
            "color_message": "Started server process [\x1b[36m%d\x1b[0m]",
            "table": 3,
        }
    )
    line = JsonFormatter().format(record)
    assert "\x1b" not in line and "\\u001b" not in line
    out = json.loads(line)
    assert "color_message" not in out
    assert out["msg"] == "Started server process [7]" and out["table"] == 3


@pytest.mark.slow
def test_serve_refuses_a_bad_setting_in_one_line(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.upper().startswith("BOLOLA_")}
    env["BOLOLA_STAND_IN_LEVEL"] = "Expert"
    database = tmp_path / "never.db"
    command = ["serve", "--port", "0", "--database-url", f"sqlite:///{database}"]
    done = subprocess.run(
        [sys.executable, "-m", "bolola.cli", *command],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        "bolola serve: bad setting: stand_in_level: "
        "unknown bot level 'Expert' (known: beginner, club, expert)"
    ]
    assert not database.exists()  # refused before anything was opened or migrated
