"""The fourth card (tests/fourth/coinflip) through the site and the MCP server, as through the
terminal in tests/test_fourth_game.py: registered by its package alone, it is played, saved,
resumed, verified by replay and audited, and every reply is the one a bare `Run` gives for the
same words. Nothing in either front end knows the card."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cardgm import games
from cardgm.card import load_card
from cardgm.run import Run
from cardgm.store import Store, open_store

FOURTH = Path(__file__).resolve().parent / "fourth"
CALLS = ["heads", "tails", "HEADS please", "tails", "h"]  # the tape reads TAILS TAILS HEADS TAILS HEADS
RESULT = "RESULT: AIGC|coinflip|toss|v1.0.0|end:tossed|ch:1|turns:6|score:80|tape:5|sha:none"


@pytest.fixture
def coinflip(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(FOURTH))
    monkeypatch.setattr(games, "_REGISTERED", {})
    import coinflip as package

    games.register(package.ENTRY)
    return package


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = open_store(str(tmp_path / "runs.sqlite3"))
    yield s
    s.dispose()


def _bare(messages: list[str]) -> list[str]:
    """The replies a bare Run gives: what every front end must say."""
    run = Run(games.make_game(load_card("coinflip")))
    return [run.start().text] + [run.reply(m).text for m in messages]


def _chat(texts: list[str], messages: list[str]) -> str:
    return f"Assistant: {texts[0]}" + "".join(f"\n\nUser: {m}\n\nAssistant: {t}" for m, t in zip(messages, texts[1:]))


def test_the_site_plays_saves_resumes_verifies_and_audits_it(coinflip: ModuleType, store: Store) -> None:
    from fastapi.testclient import TestClient

    from cardgm.web.app import create_app

    with TestClient(create_app(store), follow_redirects=False) as client:
        assert "coinflip" in [c["card"] for c in client.get("/api/cards").json()]
        assert "COINFLIP" in client.get("/").text  # offered on the home page like the shipped cards

        new = client.post("/api/runs", json={"card": "coinflip"}).json()
        replies = [new["reply"]] + [client.post(f"/api/runs/{new['token']}/messages", json={"message": m}).json() for m in CALLS]
        assert [r["text"] for r in replies] == _bare(CALLS)
        assert replies[-1]["ended"] and replies[-1]["result"] == RESULT

        check = client.post(f"/api/shared/{new['share_id']}/check").json()  # replayed from the stored run
        assert check["ok"] is True and "RESULT matches exactly." in check["report"]

        half = client.post("/api/runs", json={"card": "coinflip"}).json()
        client.post(f"/api/runs/{half['token']}/messages", json={"message": "tails"})
        saved = client.post(f"/api/runs/{half['token']}/messages", json={"message": "save"}).json()["save"]
        again = client.post("/api/runs", json={"card": "coinflip", "save": saved}).json()
        assert again["reply"]["command"] == "resume" and again["reply"]["ledger"] == "[L] turn:3 toss:1/5 right:1 tape:1 | v1.0.0"
        on = client.post(f"/api/runs/{again['token']}/messages", json={"message": "tails"}).json()
        assert on["ledger"] == "[L] turn:4 toss:2/5 right:2 tape:2 | v1.0.0"

        log = client.get(f"/s/{new['share_id']}/log.jsonl")  # the run's log as the terminal writes it
        assert log.status_code == 200
        page = client.post("/verify/run", data={"log": log.text, "result": RESULT})
        assert page.status_code == 200 and "RESULT matches exactly." in page.text

        texts = [r["text"] for r in replies]
        page = client.post("/verify/audit", data={"transcript": _chat(texts, CALLS), "card": "coinflip"})
        assert page.status_code == 200 and "Audit of a COINFLIP v1.0.0 game" in page.text and "No problems found" in page.text
        wrong = _chat(texts, CALLS).replace("right:2 tape:3", "right:3 tape:3")  # the AI counts a call twice
        page = client.post("/verify/audit", data={"transcript": wrong, "card": "coinflip"})
        assert "The LEDGER says right 3; the rules give 2." in page.text


def test_the_mcp_server_plays_saves_resumes_and_shows_it(coinflip: ModuleType, store: Store) -> None:
    pytest.importorskip("mcp", reason="the MCP SDK is an optional extra: pip install -e '.[test]'")
    from anyio.from_thread import start_blocking_portal
    from mcp import Client

    from cardgm.mcp.server import build_server

    with start_blocking_portal() as portal, portal.wrap_async_context_manager(Client(build_server(store))) as client:

        def call(tool: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
            result = portal.call(client.call_tool, tool, args or {})
            text = result.content[0].text
            assert not result.is_error, text
            out: dict[str, Any] = json.loads(text)
            return out

        assert "coinflip" in [c["card"] for c in call("list_cards")["cards"]]
        started = call("start_run", {"card": "coinflip"})
        run_id = started["run_id"]
        texts = [started["text"]] + [call("send_message", {"run_id": run_id, "message": m})["text"] for m in CALLS]
        assert texts == _bare(CALLS)
        shown = call("show_run", {"run_id": run_id})
        assert shown["status"] == "ended" and RESULT in json.dumps(shown)

        half = call("start_run", {"card": "coinflip"})["run_id"]
        call("send_message", {"run_id": half, "message": "tails"})
        saved = call("save_run", {"run_id": half})
        resumed = call("resume_run", {"save": saved["save"]})
        assert resumed["command"] == "resume" and resumed["run_id"] != half
        on = call("send_message", {"run_id": resumed["run_id"], "message": "tails"})
        assert on["ledger"] == "[L] turn:4 toss:2/5 right:2 tape:2 | v1.0.0"

    # What the server kept verifies by replay, as the terminal's `cardgm verify run` does.
    from cardgm.web import checks
    from cardgm.web.app import log_lines

    kept = store.load(run_id)
    assert kept is not None
    report = checks.run_report(log_lines(kept), RESULT)
    assert report.ok is True, report.text
