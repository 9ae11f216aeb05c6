"""Every refusal a player can meet reads in the player's language: each error code the
server sends has a sentence in the client's errors dictionary of every language (else
the browser shows the server's English message)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bolola.server.protocol import ERRORS

ROOT = Path(__file__).resolve().parents[2]

# What only a faulty client, not a player, can cause: the browser shows the code itself
# as a fault, and these never reach a player of ours.
CLIENT_FAULTS = {
    "bad_json",
    "unknown_type",
    "hello_first",
    "protocol",
    "csrf",
    "not_found",
    "method_not_allowed",
    "bad_request",  # has a sentence, with the server's field message after it
}


def sent_codes() -> set[str]:
    """ERRORS, and every code the server raises or refuses with."""
    codes = set(ERRORS)
    pattern = re.compile(r"""(?:ProtocolError|fail|_refuse\(send, \d+)\(?\s*["']([a-z_]+)["']""")
    for path in (ROOT / "src" / "bolola").rglob("*.py"):
        codes |= set(pattern.findall(path.read_text(encoding="utf-8")))
    return codes


def translated(lang: str) -> set[str]:
    text = (ROOT / "client" / "src" / "lib" / "lang" / f"{lang}.ts").read_text(encoding="utf-8")
    start = text.index("\n  errors: {")
    block = text[start : text.index("\n  },", start)]
    return set(re.findall(r"^    ([a-z_]+):", block, re.M))


def test_the_scan_finds_codes_raised_outside_the_table():
    codes = sent_codes()
    assert {"too_many_tables", "not_friends", "no_challenge", "too_large"} <= codes


@pytest.mark.parametrize("lang", ["en", "es", "ar"])
def test_every_code_a_player_can_meet_has_a_sentence(lang: str):
    missing = sent_codes() - CLIENT_FAULTS - translated(lang)
    assert not missing, f"client/src/lib/lang/{lang}.ts errors lacks {sorted(missing)}"
