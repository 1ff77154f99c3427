"""Doors the site's QA pass found open, each held shut on SQLite and on PostgreSQL: every bad
request is a page (or, for the API, a JSON object) with one line, never a 500 or a bare JSON
error; nothing names a file on this machine; a run is never made that cannot be played."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from cardgm.web.guard import MAX_VERIFY_BODY

SAVE_BECALMED = (
    "-----BEGIN AIGC SAVE-----\n"
    "game:becalmed m:open-boat rules:1 turn:4 day:3/14 westing:10/30 water:18 thirst:1/7 canvas:sail "
    "flares:2 crew:P.C.O.N.Y. tape:5 flags:none sha:none\n"
    "-----END AIGC SAVE-----"
)
LOG_HEAD = {"cardgm_log": 1, "game": "becalmed"}


def _one_line_page(r) -> str:
    assert r.headers["content-type"].startswith("text/html"), r.text[:200]
    assert "Traceback" not in r.text
    return r.text


def test_a_reveal_file_for_a_card_that_hides_nothing_is_one_line(client: TestClient) -> None:
    # It was a 500: the game was made with a secret it takes no keyword for.
    r = client.post("/resume", data={"save": SAVE_BECALMED, "reveal": "my berth", "name": "Ann"})
    assert r.status_code == 422
    assert "BECALMED hides nothing" in _one_line_page(r)
    assert "my berth</textarea>" in r.text and 'value="Ann"' in r.text  # what was pasted stays
    r = client.post("/api/runs", json={"card": "becalmed", "save": SAVE_BECALMED})
    assert r.status_code == 201  # the block alone resumes


@pytest.mark.parametrize(
    ("options", "why"),
    [
        ({"rulings": {}}, "does not take those options (rulings)"),
        ({"rulings": 0}, "does not take those options (rulings)"),
        ({"stop_day": True}, "stop_day is a whole number, not true"),
        ({"stop_day": 10.5}, "stop_day is a whole number, not 10.5"),
    ],
)
def test_an_option_the_game_cannot_take_makes_no_run(client: TestClient, options: dict, why: str) -> None:
    # DROVER'S `rulings` from JSON made a run whose every move was a 500.
    card = "cattle-trail" if "rulings" in options else "becalmed"
    r = client.post("/api/runs", json={"card": card, "options": options})
    assert r.status_code == 422 and why in r.json()["detail"]
    assert "1 in progress" not in client.get("/").text  # no run was made


def test_a_share_id_no_run_can_have_is_a_404_page(client: TestClient) -> None:
    # A NUL in the id was a 500 on PostgreSQL (its driver refuses the text).
    for url in ("/s/%00", "/s/a%00b/log.jsonl", "/api/shared/%00", "/s/%00/check"):
        r = client.get(url) if not url.endswith("check") else client.post(url)
        assert r.status_code == 404, url


@pytest.mark.parametrize("where", ["card", "header", "result"])
def test_verify_names_cards_never_files(client: TestClient, tmp_path, where: str) -> None:
    # Any path on the server was read as a card: a file's existence (and a card file's text) showed.
    secret = tmp_path / "private.md"
    secret.write_text("# PRIVATE\n\nRESULT: AIGC|private|x|v1.0.0|\n\n## A\n## B\n## C\n", encoding="utf-8")
    head = dict(LOG_HEAD, game=str(secret)) if where == "header" else LOG_HEAD
    form = {"log": json.dumps(head) + "\n"}
    if where == "card":
        form["card"] = str(secret)
    if where == "result":
        form["result"] = f"RESULT: AIGC|{secret}|x|v1.0.0|end:x"
    r = client.post("/verify/run", data=form)
    page = _one_line_page(r)
    assert "not a card this site plays" in page and "PRIVATE" not in page and "messages replayed" not in page
    missing = client.post("/verify/run", data={**form, **{k: v.replace("private", "absent") for k, v in form.items()}})
    assert "not a card this site plays" in missing.text  # the same answer whether or not it exists


def test_the_audit_names_cards_never_files(client: TestClient) -> None:
    r = client.post("/verify/audit", data={"transcript": "You: hi", "card": "/etc/hostname"})
    assert "not a card this site plays" in _one_line_page(r)
    ok = client.post("/verify/audit", data={"transcript": "You: hi", "card": "BECALMED"})
    assert "not a card this site plays" not in ok.text


def test_verify_takes_a_pasted_log_up_to_its_cap(client: TestClient) -> None:
    # Over 1 MB in one field was Starlette's bare {"detail": "Field exceeded maximum size…"}.
    big = "x" * (MAX_VERIFY_BODY // 2)
    r = client.post("/verify/audit", data={"transcript": big})
    assert r.status_code == 200 and "the transcript" in _one_line_page(r)
    r = client.post("/verify/run", data={"log": big})
    assert r.status_code == 200 and "the run log" in _one_line_page(r)


def test_a_page_address_with_nothing_there_is_a_page(client: TestClient) -> None:
    for url in ("/nope", "/static/nope.js", "/play/abcdefghijklmnopqrstuvwxyz/extra"):
        r = client.get(url)
        assert r.status_code == 404 and "There is no page at this address" in _one_line_page(r), url
    assert client.get("/api/nope").json() == {"detail": "Not Found"}  # the API stays JSON
    r = client.put("/verify")
    assert r.status_code == 405 and "answers a form" in _one_line_page(r)


def test_a_form_address_opened_again_goes_to_its_form(client: TestClient) -> None:
    share = client.get(f"/api/runs/{client.post('/api/runs', json={'card': 'becalmed'}).json()['token']}").json()["share_id"]
    for url, to in (("/verify/run", "/verify"), ("/verify/seal", "/verify"), ("/runs", "/"), (f"/s/{share}/check", f"/s/{share}")):
        r = client.get(url)
        assert (r.status_code, r.headers.get("location")) == (303, to), url


def test_a_run_resumes_by_its_address_as_the_address_bar_shows_it(client: TestClient) -> None:
    # After a move the page's address ends "#r1" (the redirect names the reply); pasted with
    # it, the address was "No run has that address here".
    token = client.post("/runs", data={"card": "becalmed"}).headers["location"].rsplit("/", 1)[1]
    shown = client.post(f"/play/{token}", data={"message": "short, sail, row"}).headers["location"]
    assert shown == f"/play/{token}#r1"
    for pasted in (f"http://testserver{shown}", f"testserver/play/{token}?x=1 ", token):
        r = client.post("/resume", data={"address": pasted})
        assert (r.status_code, r.headers.get("location")) == (303, f"/play/{token}"), pasted
    share = client.get(f"/api/runs/{token}").json()["share_id"]
    r = client.post("/resume", data={"address": f"http://testserver/s/{share}"})
    assert r.status_code == 422 and "share link" in _one_line_page(r)


def test_the_spent_note_stands_only_on_a_revealed_duel(client: TestClient) -> None:
    # "?spent=1" on any share link showed the note that a SAVE block of a revealed duel came back
    # there, on a BECALMED run or a duel still sealed.
    for card in ("becalmed", "deadreckoning"):
        share = client.post("/api/runs", json={"card": card}).json()["share_id"]
        assert "its berth is spent once revealed" not in client.get(f"/s/{share}?spent=1").text, card


def test_a_seal_check_leaves_the_run_check_without_a_reveal_file(client: TestClient) -> None:
    # The seal form's reveal file came back in the run form's folded reveal box too, and was sent
    # with the next run log checked there ("this card hides nothing…" for a BECALMED log).
    page = client.post("/verify/seal", data={"reveal": "MY-REVEAL-TEXT", "commitment": "0" * 64}).text
    assert page.count("MY-REVEAL-TEXT") == 1 and '<textarea id="v-reveal" name="reveal" rows="4"></textarea>' in page
    page = client.post("/verify/run", data={"log": "x", "reveal": "MY-REVEAL-TEXT"}).text
    assert page.count("MY-REVEAL-TEXT") == 1 and "<details open>" in page  # the run form keeps its own, shown


def test_a_run_off_the_board_for_its_replay_says_so(store) -> None:
    # A run unranked because its replay differed was labelled "played on a secret the player
    # supplied" on its share page and the epilogue: it was neither resumed nor given a secret.
    from cardgm.card import load_card
    from cardgm.store import play
    from cardgm.web.app import create_app

    new, _ = play.start(store, load_card("becalmed"), name="Unreplayed")
    play.send(store, new.token, "let her drive")
    with store.playing(new.token) as live:
        assert live.run.ended
        live.unrank()
    with TestClient(create_app(store)) as c:
        share = c.get(f"/s/{new.run.share_id}").text
        epilogue = c.get("/epilogue").text
    assert "secret the player supplied" not in share and "did not give back every reply" in share
    assert "Unreplayed" in epilogue and "secret the player supplied" not in epilogue


def test_a_run_on_a_supplied_reveal_file_keeps_its_own_line(store) -> None:
    from cardgm import games
    from cardgm.card import load_card
    from cardgm.store import play
    from cardgm.web.app import create_app

    new, _ = play.start(store, load_card("deadreckoning"), secret=games.draw_secret("deadreckoning"), name="Brought")
    play.send(store, new.token, "strike colours")
    with TestClient(create_app(store)) as c:
        share = c.get(f"/s/{new.run.share_id}").text
        epilogue = c.get("/epilogue").text
    assert "Played on a secret the player supplied" in share and "did not give back" not in share
    assert "Brought" in epilogue and "a secret the player supplied" in epilogue


def test_a_reveal_file_pasted_without_its_last_newline_still_resumes_and_checks(client: TestClient) -> None:
    # A text box drops a file's final newline, and the SHA-256 of the file keys the SAVE's mark
    # and is the commitment: both doors try the file as cardgm wrote it (ending in one).
    import random

    from cardgm.card import load_card
    from cardgm.games import make_game
    from cardgm.games.deadreckoning import seal
    from cardgm.run import Run

    for seed, crlf in ((5, False), (7, True)):
        reveal = seal.write_reveal(seal.draw_berth(random.Random(seed)), f"{seed:x}" * 32)
        assert reveal.endswith("\n")
        pasted = reveal.rstrip("\n")
        pasted = pasted.replace("\n", "\r\n") if crlf else pasted
        played = Run(make_game(load_card("deadreckoning"), secret=reveal))
        played.start()
        played.reply("A1")
        r = client.post("/resume", data={"save": played.game.save(played.state), "reveal": pasted})
        assert r.status_code == 303 and r.headers["location"].startswith("/play/"), r.text
        token = r.headers["location"].rsplit("/", 1)[1]
        assert client.get(f"/api/runs/{token}/reply").json()["command"] == "resume"
        checked = client.post("/verify/seal", data={"reveal": pasted, "commitment": seal.commitment(reveal)})
        assert "MATCH: the berth in this file is the one that was sealed" in checked.text
        # a file that is not the sealed one still does not match, whatever its ends
        other = seal.write_reveal(seal.draw_berth(random.Random(seed + 100)), "e" * 32).rstrip("\n")
        assert "MISMATCH" in client.post("/verify/seal", data={"reveal": other, "commitment": seal.commitment(reveal)}).text


def test_a_replay_check_asked_again_at_the_same_point_is_not_replayed(client: TestClient, monkeypatch) -> None:
    # A check replays the whole run (up to seconds): a reload, or anyone with the link asking
    # again, must not cost another replay while the run stands where it stood.
    from cardgm.web import checks

    calls = []
    real = checks.run_report
    monkeypatch.setattr(checks, "run_report", lambda *a, **k: calls.append(1) or real(*a, **k))
    new = client.post("/api/runs", json={"card": "becalmed"}).json()
    client.post(f"/api/runs/{new['token']}/messages", json={"message": "FULL, SAIL, ROW"})
    first = client.post(f"/s/{new['share_id']}/check").text
    assert client.post(f"/s/{new['share_id']}/check").text == first
    assert client.post(f"/api/shared/{new['share_id']}/check").json()["ok"] is True and len(calls) == 1
    client.post(f"/api/runs/{new['token']}/messages", json={"message": "FULL, SAIL, ROW"})
    assert client.post(f"/api/shared/{new['share_id']}/check").json()["ok"] is True and len(calls) == 2  # moved on: replayed
