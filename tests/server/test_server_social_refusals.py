"""Refusals around accounts, friends and invitations each carry a code of their own, which
the page says in the player's language (the codes' sentences: test_error_texts.py), never
a ``bad_request`` with the server's English after it: an unknown name invited at a table,
a friend request or a block to oneself, an invitation to oneself, a chat line too soon, a
wrong current password; and a name with accents is refused by a rule that says so."""

from __future__ import annotations

import asyncio

import pytest
from roomclient import Player, Rest, ServerProcess, open_table, run

from bolola.server.accounts import (
    NAME_RULE,
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


@pytest.mark.parametrize("name", ["AnaLópez", "Ñandú", "ÓSCAR", "أحمد_علي", "Ana López"])
def test_a_name_with_accents_or_other_scripts_is_refused_by_a_rule_that_says_so(
    name: str,
) -> None:
    with pytest.raises(FieldError) as refused:
        check_name(name)
    assert refused.value.code == "bad_name"
    assert str(refused.value) == NAME_RULE
    assert "a-z" in NAME_RULE and "without accents" in NAME_RULE
    assert check_name("AnaLopez") == "AnaLopez"


def test_signing_up_with_an_accented_name_says_the_rule(server: ServerProcess) -> None:
    async def scenario() -> None:
        rest = Rest(server)
        await rest.guest()
        r = await rest.post("/api/claim", {"name": "AnaLópez", "password": "long enough pw"})
        assert (r.status_code, r.json()["code"], r.json()["message"]) == (
            400,
            "bad_name",
            NAME_RULE,
        ), r.text
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
