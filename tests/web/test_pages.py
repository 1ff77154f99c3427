"""The pages, without a browser: play by form posts, resume, share, verify, the epilogue."""

from __future__ import annotations

import re

from cardgm.run import MAX_MESSAGE


def start(client, card: str = "becalmed", name: str = "") -> str:
    r = client.post("/runs", data={"card": card, "name": name})
    assert r.status_code == 303
    return r.headers["location"].rsplit("/", 1)[1]


def test_playing_by_plain_form_posts(client) -> None:
    token = start(client)
    page = client.get(f"/play/{token}")
    assert page.status_code == 200 and 'role="log"' in page.text and 'aria-live="polite"' in page.text
    assert '<code id="ledger">[L] day 1/14' in page.text
    r = client.post(f"/play/{token}", data={"message": "FULL, SAIL, ROW"})
    assert r.status_code == 303 and r.headers["location"] == f"/play/{token}#r1"
    page = client.get(f"/play/{token}")
    assert "<p class=\"said\">FULL, SAIL, ROW</p>" in page.text and '<code id="ledger">[L] day 2/14' in page.text


def test_a_fetch_gets_the_new_reply_as_fragments(client) -> None:
    token = start(client, "deadreckoning")
    r = client.post(f"/play/{token}", data={"message": "fire D4"}, headers={"x-cardgm-fetch": "1"})
    data = r.json()
    assert r.status_code == 200 and data["ended"] is False
    assert data["ledger"].startswith("[L] turn:2 shots:1")
    assert 'id="r1"' in data["entries"] and "<p class=\"said\">fire D4</p>" in data["entries"] and "  A B C D E F G H" not in data["entries"]
    assert 'value="fire A1"' in data["board"] and 'value="fire D4"' not in data["board"]


def test_everything_typed_is_escaped(client) -> None:
    token = start(client, name="<b>Bligh</b>")
    evil = "<script>alert(1)</script> & \"quotes\""
    client.post(f"/play/{token}", data={"message": evil})
    page = client.get(f"/play/{token}").text
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;quotes&#34;" in page
    assert "<b>Bligh</b>" not in page and "&lt;b&gt;Bligh&lt;/b&gt;" in page
    home = client.get("/").text
    assert "<b>Bligh</b>" not in home


def test_a_message_over_the_limit_is_refused_with_the_words_kept(client) -> None:
    token = start(client)
    r = client.post(f"/play/{token}", data={"message": "y" * (MAX_MESSAGE + 1)})
    assert r.status_code == 422 and "cardgm reads up to 4,000" in r.text
    assert client.get(f"/api/runs/{token}").json()["turn"] == 1


def test_the_home_page_lists_this_browsers_runs(client) -> None:
    token = start(client, name="Ahab")
    home = client.get("/").text
    assert f'href="/play/{token}"' in home and "Ahab" in home
    client.cookies.clear()
    assert f'href="/play/{token}"' not in client.get("/").text


def test_resume_by_address_and_by_a_pasted_save(client) -> None:
    token = start(client)
    r = client.post("/resume", data={"address": f"http://example.test/play/{token}"})
    assert r.status_code == 303 and r.headers["location"] == f"/play/{token}"
    assert client.post("/resume", data={"address": "http://x/play/nothing-at-all-here-0000"}).status_code == 422
    for m in ("FULL, SAIL, ROW", "save"):
        client.post(f"/play/{token}", data={"message": m})
    save = client.get(f"/api/runs/{token}/reply").json()["save"]
    r = client.post("/resume", data={"save": save.replace("\n", "\r\n")})
    assert r.status_code == 303
    again = r.headers["location"].rsplit("/", 1)[1]
    reply = client.get(f"/api/runs/{again}/reply").json()
    assert reply["command"] == "resume" and reply["ledger"].startswith("[L] day 2/14")
    bad = client.post("/resume", data={"save": "-----BEGIN AIGC SAVE-----\ngame:chess\n-----END AIGC SAVE-----"})
    assert bad.status_code == 422 and "game:chess" in bad.text


def duel_save(hits: list[str], misses: list[str]) -> str:
    from cardgm.games.deadreckoning.state import cell_index

    grid = ["."] * 64
    for c in hits:
        grid[cell_index(c)] = "x"
    for c in misses:
        grid[cell_index(c)] = "o"
    return (
        "-----BEGIN AIGC SAVE-----\ngame:deadreckoning m:duel rules:1 turn:3 "
        f"shots:{len(hits) + len(misses)} hits:{len(hits)} sunk:none grid:{''.join(grid)} sha:none\n-----END AIGC SAVE-----"
    )


def test_a_duels_save_resumes_on_the_cards_berth_or_a_pasted_reveal(client) -> None:
    import random

    from cardgm.games.deadreckoning import seal

    r = client.post("/resume", data={"save": duel_save(["B2"], ["A1"])})  # B2: a hull of the card's berth
    assert r.status_code == 303
    token = r.headers["location"].rsplit("/", 1)[1]
    assert "printed in the card" in client.get(f"/api/runs/{token}/reply").json()["text"]
    berth = seal.draw_berth(random.Random(11))
    reveal = seal.write_reveal(berth, "f" * 32)
    cell = berth.ships[0].cells[0]
    # A sealed duel resumes only the saves it printed itself (ruling 23): one from this reveal's duel.
    from cardgm.card import load_card
    from cardgm.games import make_game
    from cardgm.run import Run

    played = Run(make_game(load_card("deadreckoning"), secret=reveal))
    played.start()
    played.reply(cell)
    save = played.game.save(played.state)
    r = client.post("/resume", data={"save": save, "reveal": reveal.replace("\n", "\r\n")})
    assert r.status_code == 303
    token = r.headers["location"].rsplit("/", 1)[1]
    assert client.get(f"/api/runs/{token}/reply").json()["command"] == "resume"
    if cell not in {"B2", "C2", "F2", "F3", "F4", "B5", "C5", "D5", "H6", "H7"}:
        refused = client.post("/resume", data={"save": save})
        assert refused.status_code == 422 and "cannot be resumed" in refused.text


def test_the_share_page_reads_the_run_and_offers_no_way_to_play(client) -> None:
    token = start(client, "deadreckoning")
    client.post(f"/play/{token}", data={"message": "fire D4"})
    share = client.get(f"/api/runs/{token}").json()["share_id"]
    page = client.get(f"/s/{share}").text
    assert "fire D4" in page and token not in page and 'id="msg"' not in page and "read-only" in page
    checked = client.post(f"/s/{share}/check").text
    assert "opens at the end" in checked
    client.post(f"/play/{token}", data={"message": "I strike my colours"})
    client.post(f"/play/{token}", data={"message": "yes"})
    page = client.get(f"/s/{share}").text
    assert "RESULT: AIGC|deadreckoning|duel|v1.0.0|end:struck-colours" in page
    checked = client.post(f"/s/{share}/check").text
    assert "everything matches" in checked and "RESULT matches exactly." in checked
    reveal = re.search(r'href="/s/[^/]+/(reveal-[0-9a-f]{12}\.md)"', page).group(1)
    assert client.get(f"/s/{share}/{reveal}").text.startswith("# DEADRECKONING — sealed berth")


def test_verify_page_runs_each_check(client) -> None:
    assert client.get("/verify").status_code == 200
    r = client.post("/verify/tape", data={"seed": "becalmed:1.0.0"})
    assert "4 of 40 positions differ" in r.text or "positions differ" in r.text
    r = client.post("/verify/seal", data={"reveal": "nothing", "commitment": "0" * 16})
    assert "MISMATCH" in r.text
    r = client.post("/verify/run", data={"log": "FULL, SAIL, ROW\n", "card": "becalmed", "result": ""})
    assert "messages replayed  1" in r.text
    r = client.post("/verify/audit", data={"transcript": "hello", "card": ""})
    assert r.status_code == 200 and "the transcript:" in r.text


def test_the_epilogue_ranks_finished_runs_beside_the_best_line(client) -> None:
    for name in ("first", "second"):
        token = start(client, "deadreckoning", name=name)
        client.post(f"/play/{token}", data={"message": "I strike my colours"})
        client.post(f"/play/{token}", data={"message": "yes"})
    page = client.get("/epilogue").text
    assert "The best line this tape allows: <strong>100</strong> (end: landfall)" in page
    assert "The best line this tape allows: <strong>96</strong> (end: sold)" in page
    assert page.count("shared run</a>") == 2 and "first" in page and "second" in page


def test_the_epilogue_sets_a_duel_beside_the_best_its_card_allows(client) -> None:
    """No tape to search, but a best all the same: a clearance in ten salvos, 100 (the game's
    moves module says so); each finished duel shows how far short of it it fell."""
    token = start(client, "deadreckoning", name="Hornblower")
    client.post(f"/play/{token}", data={"message": "I strike my colours"})
    client.post(f"/play/{token}", data={"message": "yes"})
    page = client.get("/epilogue").text
    duel = page.split('id="ep-deadreckoning"', 1)[1]
    assert "the best score it allows is <strong>100</strong>" in duel
    row = re.search(r"<tr><td>1</td><td>Hornblower</td><td>(\d+)</td><td>(\d+)</td><td>struck-colours</td>", duel)
    assert row is not None and int(row.group(1)) + int(row.group(2)) == 100


def test_a_sealed_duels_save_says_its_address_resumes_it(client) -> None:
    """The card's SAVE reply sends the player to a reveal file the site keeps until the end; the
    page says what does bring the run back here, on the page and in the fetched fragment."""
    token = start(client, "deadreckoning")
    client.post(f"/play/{token}", data={"message": "fire D4"})
    note = "this page's address is how you come back to this run"
    fetched = client.post(f"/play/{token}", data={"message": "save"}, headers={"x-cardgm-fetch": "1"}).json()
    assert note in fetched["entries"]
    assert client.get(f"/play/{token}").text.count(note) == 1
    share_id = re.search(r'href="/s/([A-Za-z0-9_-]+)"', client.get(f"/play/{token}").text).group(1)
    assert note not in client.get(f"/s/{share_id}").text  # a share link is no way back in
    plain = start(client)
    client.post(f"/play/{plain}", data={"message": "save"})
    assert note not in client.get(f"/play/{plain}").text  # nothing hidden: its SAVE resumes anywhere
    # Pasted at /resume, the sealed block cannot play (the berth stays here); the page says how back.
    block = re.search(r"-----BEGIN AIGC SAVE-----.*?-----END AIGC SAVE-----", fetched["entries"], re.S).group(0)
    refused = client.post("/resume", data={"save": block})
    assert refused.status_code == 422 and "A run played on this site comes back by its address (above)." in refused.text


def test_unknown_addresses_are_a_plain_404(client) -> None:
    r = client.get("/play/nothing-here-at-all-00000")
    assert r.status_code == 404 and "No run has that address" in r.text
    assert client.get("/s/nothing").status_code == 404


def test_a_run_that_no_longer_replays_is_shown_but_not_moved(client) -> None:
    import sqlalchemy as sa

    from cardgm.store import schema

    token = start(client)
    client.post(f"/play/{token}", data={"message": "FULL, SAIL, ROW"})
    store = client.app.state.store
    with store.engine.begin() as conn:
        conn.execute(sa.update(schema.messages).where(schema.messages.c.seq == 1).values(reply=sa.func.replace(schema.messages.c.reply, "water", "wine")))
        conn.execute(sa.update(schema.runs).values(snapshot=None))  # kept by another version: replayed
    page = client.get(f"/play/{token}")
    assert page.status_code == 200 and "does not replay the same" in page.text and 'id="msg"' not in page.text
    r = client.post(f"/play/{token}", data={"message": "FULL, SAIL, ROW"})
    assert r.status_code == 409 and "does not replay the same" in r.text
