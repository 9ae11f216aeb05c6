"""Refusals around accounts, friends and invitations each carry a code of their own, which
the page says in the player's language (the codes' sentences: test_error_texts.py), never
a ``bad_request`` with the server's English after it: an unknown name invited at a table,
a friend request or a block to oneself, an invitation to oneself, a chat line too soon, a
wrong current password. Names are written in any alphabet, one at a time, and a
name refused says which rule."""

from __future__ import annotations

import asyncio

import pytest
from roomclient import Player, Rest, ServerProcess, open_table, run

from bolola.server.accounts import (
    FieldError,
    check_current_password,
    check_name,
    hash_password,
)
from bolola.server.protocol import ProtocolError
from bolola.store.values import PlayerInfo


async def person(server: ServerProcess) -> tuple[Player, Rest]:
    p = await Player.connect(server)
    return p, Rest(server, p.token)


def test_inviting_an_unknown_name_at_a_table_is_no_player(server: ServerProcess) -> None:
    async def scenario() -> None:
        table, (host,) = await open_table(server, 1, access="invited")
        await host.send({"type": "invite", "table": table, "player": "nadie_zz"})
        refused = await host.expect("error")
        assert (refused["code"], refused["table"]) == ("no_player", table), refused
        await host.close()

    run(scenario)


def test_inviting_oneself_to_ones_table_is_refused(server: ServerProcess) -> None:
    async def scenario() -> None:
        table, (host,) = await open_table(server, 1, access="invited")
        await host.send({"type": "invite", "table": table, "player": host.name})
        refused = await host.expect(lambda f: f["type"] in ("error", "invited"))
        assert (refused["type"], refused.get("code")) == ("error", "self_invite"), refused
        # Over REST too (the same table command), and nothing was stored as an invitation.
        rest = Rest(server, host.token)
        r = await rest.post(f"/api/tables/{table}/invite", {"player": host.name.upper()})
        assert (r.status_code, r.json()["code"]) == (400, "self_invite"), r.text
        # Another player is invited as before.
        other = await Player.connect(server)
        await host.send({"type": "invite", "table": table, "player": other.name})
        assert (await host.expect("invited"))["player"] == other.name
        await rest.close()
        for p in (host, other):
            await p.close()

    run(scenario)


def test_a_friend_request_or_a_block_to_oneself_has_its_own_code(server: ServerProcess) -> None:
    async def scenario() -> None:
        me, rest = await person(server)
        for path, code in (
            ("/api/friends/ask", "self_friend"),
            ("/api/blocks/add", "self_block"),
            ("/api/blocks/remove", "self_block"),
        ):
            r = await rest.post(path, {"player": me.name})
            assert (r.status_code, r.json()["code"]) == (400, code), (path, r.text)
        # An unknown name is still no_player, as the friends box says it.
        r = await rest.post("/api/friends/ask", {"player": "nadie_zz"})
        assert r.json()["code"] == "no_player", r.text
        await rest.close()
        await me.close()

    run(scenario)


def test_a_chat_line_too_soon_is_chat_too_fast_with_its_id(server: ServerProcess) -> None:
    """The usual test settings allow 3 lines at once and then about none: the fourth is
    refused with a code of its own, naming the table and the line's id (the page keeps the
    line in its box, to send again)."""

    async def scenario() -> None:
        table, (a,) = await open_table(server, 1)
        for n in range(4):
            await a.send({"type": "chat", "table": table, "text": f"line {n}", "id": f"c{n}"})
        answers = [await a.expect(lambda f: f["type"] in ("chat", "error")) for _ in range(4)]
        assert [f["type"] for f in answers] == ["chat", "chat", "chat", "error"], answers
        refused = answers[-1]
        assert (refused["code"], refused["table"], refused["id"]) == ("chat_too_fast", table, "c3")
        await a.close()

    run(scenario)


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ("AnaLópez", "AnaLópez"),
        ("Ñandú", "Ñandú"),
        ("Γιώργος", "Γιώργος"),
        ("أحمد_علي", "أحمد_علي"),
        ("Jose\u0301", "José"),  # an accent typed apart is composed: one name, not two
        ("\uff46\uff55\uff4c\uff4c", "full"),  # full-width letters are the usual ones
    ],
)
def test_a_name_is_written_in_the_players_own_alphabet(given: str, kept: str) -> None:
    assert check_name(given) == kept


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("Ana López", "bad_name"),  # a space
        ("ab", "bad_name"),
        ("x" * 25, "bad_name"),
        ("ana@home", "bad_name"),
        ("ana\u200dk", "bad_name"),  # an invisible joiner
        ("P\u0430ul", "mixed_script"),  # a Cyrillic a (U+0430) among Latin letters reads as Paul
        ("Guest-ana", "reserved_name"),
    ],
)
def test_a_name_refused_says_which_rule(name: str, code: str) -> None:
    with pytest.raises(FieldError) as refused:
        check_name(name)
    assert refused.value.code == code


def test_names_differing_in_case_or_composition_are_one_player(server: ServerProcess) -> None:
    """ÓSCAR and óscar, José typed composed or not: one name, signed in by either, and
    found by either (a friend request); the database's lower() would fold ASCII alone."""

    async def scenario() -> None:
        rest = Rest(server)
        await rest.guest()
        r = await rest.post("/api/claim", {"name": "Óscar_Γ", "password": "long enough pw"})
        assert r.status_code == 400 and r.json()["code"] == "mixed_script", r.text
        r = await rest.post("/api/claim", {"name": "Óscar", "password": "long enough pw"})
        assert r.status_code == 200, r.text
        other = Rest(server)
        await other.guest()
        r = await other.post("/api/claim", {"name": "ÓSCAR", "password": "long enough pw"})
        assert (r.status_code, r.json()["code"]) == (409, "name_taken"), r.text
        r = await other.post("/api/signin", {"name": "o\u0301scar", "password": "long enough pw"})
        assert r.status_code == 200 and r.json()["player"]["name"] == "Óscar", r.text
        await other.close()
        friend = Rest(server)
        await friend.guest()
        r = await friend.post("/api/friends/ask", {"player": "óSCAR"})
        assert r.status_code == 200, r.text
        await friend.close()
        await rest.close()

    run(scenario)


def test_a_wrong_current_password_is_wrong_password_not_bad_credentials() -> None:
    someone = PlayerInfo(7, "ana_k", False, 0, 0, password_hash=hash_password("correct horse"))

    async def check() -> None:
        await check_current_password(someone, "correct horse")  # right: nothing said
        for wrong in ("not it at all", None, 7):
            with pytest.raises(ProtocolError) as refused:
                await check_current_password(someone, wrong)
            assert refused.value.code == "wrong_password"
        # An account made at an outside provider has none yet: it sets its first.
        outside = PlayerInfo(8, "bo_k", False, 0, 0)
        await check_current_password(outside, None)

    asyncio.run(check())
