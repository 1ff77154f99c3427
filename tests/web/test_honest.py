"""The leaderboard holds honest runs only (docs/web.md, "The epilogue's rules"): a resumed run is
marked and listed apart, on every way in (the JSON API, the /resume form, the MCP tools); a
sealed berth revealed at its duel's end is spent; a run whose replay differs comes off the board;
and a move is answered from the run's snapshot, which a replay gives back exactly."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
import sqlalchemy as sa

from cardgm import games
from cardgm.card import load_card
from cardgm.games.deadreckoning import seal
from cardgm.mcp.tools import ToolRefusal, Tools
from cardgm.store import ENDED, Store, play, schema

DUEL = "deadreckoning"


def hull_cells(secret: str) -> list[str]:
    return sorted(seal.parse_reveal(secret).hull_cells)


def played_out(store: Store, rng_seed: int = 3, misses: int = 0) -> tuple[str, str, str]:
    """A sealed duel drawn by the store, saved after one miss, then cleared: (token, early SAVE
    block, reveal file) — what a player holds at its end."""
    new, _ = play.start(store, load_card(DUEL), rng=random.Random(rng_seed))
    secret = new.run.secret
    assert secret is not None
    hulls = hull_cells(secret)
    water = [f"{c}{r}" for c in "ABCDEFGH" for r in range(1, 9) if f"{c}{r}" not in hulls]
    play.send(store, new.token, water[0])
    _, saved = play.send_save(store, new.token)
    assert saved.save is not None
    for cell in water[1 : 1 + misses] + hulls:
        play.send(store, new.token, cell)
    run = store.load(new.token)
    assert run is not None and run.ended and run.ranked
    return new.token, saved.save, secret


def n_runs(store: Store) -> int:
    with store.engine.connect() as conn:
        return conn.execute(sa.select(sa.func.count()).select_from(schema.runs)).scalar_one()


# -- a revealed berth is spent -----------------------------------------------------------------


def test_a_revealed_berth_brings_back_only_its_own_run_by_the_store(store: Store) -> None:
    token, early, reveal = played_out(store)
    before = n_runs(store)
    with pytest.raises(play.Spent) as caught:
        play.start(store, load_card(DUEL), first_message=early, secret=reveal, draw=False)
    assert caught.value.run.share_id == store.load(token).share_id
    assert n_runs(store) == before


def test_a_revealed_berth_is_spent_by_the_resume_form(client) -> None:
    store = client.app.state.store
    token, early, reveal = played_out(store)
    before = n_runs(store)
    r = client.post("/resume", data={"save": early, "reveal": reveal.replace("\n", "\r\n"), "name": "cheat"})
    share_id = store.load(token).share_id
    assert r.status_code == 303 and r.headers["location"] == f"/s/{share_id}?spent=1"
    assert n_runs(store) == before
    page = client.get(r.headers["location"]).text
    assert "its berth is spent once revealed" in page
    board = client.get("/epilogue").text.split('id="ep-deadreckoning"', 1)[1]
    assert "cheat" not in board


def test_a_revealed_berth_is_spent_by_the_mcp_tools(store: Store) -> None:
    token, early, reveal = played_out(store)
    before = n_runs(store)
    with pytest.raises(ToolRefusal, match=re.escape(store.load(token).share_id)):
        Tools(store).resume_run(early, reveal=reveal)
    assert n_runs(store) == before


def test_the_api_resumes_a_sealed_save_only_on_the_cards_berth_and_off_the_board(client) -> None:
    """The API takes no reveal file: a sealed duel's SAVE plays the berth the card prints (as a chat
    plays it), which every reader of the card knows, so the run is listed apart."""
    store = client.app.state.store
    _, early, _ = played_out(store)
    r = client.post("/api/runs", json={"card": DUEL, "save": early})
    # A block marked by the site's sealed duel resumes on no other berth: refused in one line.
    assert r.status_code == 422 and "\n" not in r.json()["detail"]
    card_save = early.split(" sha:")[0] + " sha:none\n-----END AIGC SAVE-----"
    r = client.post("/api/runs", json={"card": DUEL, "save": card_save})
    if r.status_code == 201:  # the early miss may be a hull of the card's printed berth
        run = client.get(f"/api/runs/{r.json()['token']}").json()
        assert run["ranked"] is False and run["resumed_from"] == run["replies"][1]["ledger"]


# -- a resumed run is marked and listed apart ----------------------------------------------------


def own_duel_save(seed: int) -> tuple[str, str]:
    """A reveal file the player drew and a SAVE its duel printed at the start."""
    mine = games.draw_secret(DUEL, random.Random(seed))
    game = games.make_game(load_card(DUEL), secret=mine)
    return mine, game.save(game.new())


def finish(store: Store, token: str, secret: str) -> None:
    for cell in hull_cells(secret):
        play.send(store, token, cell)


def test_a_run_resumed_by_the_api_is_marked_and_kept_off_the_board(client) -> None:
    first = client.post("/api/runs", json={"card": "becalmed"}).json()
    save = client.post(f"/api/runs/{first['token']}/messages", json={"message": "save"}).json()["save"]
    r = client.post("/api/runs", json={"card": "becalmed", "save": save, "name": "Resumer"})
    assert r.status_code == 201
    run = client.get(f"/api/runs/{r.json()['token']}").json()
    assert run["ranked"] is False and run["resumed_from"] == run["replies"][1]["ledger"]
    assert client.get(f"/api/runs/{first['token']}").json()["ranked"] is True
    share = client.get(f"/s/{run['share_id']}").text
    assert "Resumed from a SAVE block at" in share and run["resumed_from"] in share


def test_a_run_resumed_by_the_form_is_listed_apart_with_where_it_resumed(client) -> None:
    store = client.app.state.store
    mine, save = own_duel_save(21)
    r = client.post("/resume", data={"save": save, "reveal": mine, "name": "Resumer"})
    assert r.status_code == 303
    token = r.headers["location"].rsplit("/", 1)[1]
    finish(store, token, mine)
    honest_token, _, _ = played_out(store, rng_seed=4)
    store.load(honest_token)
    resumed = store.load(token)
    assert resumed.ended and not resumed.ranked and resumed.resumed_from
    assert [r.id for r in store.leaderboard(DUEL)] == [store.load(honest_token).id]
    assert [r.id for r in store.resumed_runs(DUEL)] == [resumed.id]
    page = client.get("/epilogue").text.split('id="ep-deadreckoning"', 1)[1]
    board, apart = page.split("Resumed runs (1)", 1)
    assert "Resumer" not in board and "Resumer" in apart and resumed.resumed_from in apart


def test_a_run_resumed_by_the_mcp_tools_is_marked(store: Store) -> None:
    mine, save = own_duel_save(22)
    out = Tools(store).resume_run(save, reveal=mine)
    shown = Tools(store).show_run(out["run_id"])
    assert shown["ranked"] is False and shown["resumed_from"] == out["ledger"]
    started = Tools(store, rng=random.Random(1)).start_run("becalmed")
    assert Tools(store).show_run(started["run_id"])["ranked"] is True


# -- replayable from its log -------------------------------------------------------------------


def test_a_run_whose_replay_differs_at_its_end_comes_off_the_board(store: Store) -> None:
    new, _ = play.start(store, load_card(DUEL), rng=random.Random(6))
    hulls = hull_cells(new.run.secret)
    play.send(store, new.token, hulls[0])
    with store.engine.begin() as conn:  # a stored reply that the card's rules would not give
        conn.execute(
            sa.update(schema.messages)
            .where(schema.messages.c.run_id == new.run.id, schema.messages.c.seq == 1)
            .values(reply=sa.func.replace(schema.messages.c.reply, "HIT", "MISS"))
        )
    for cell in hulls[1:]:
        play.send(store, new.token, cell)
    run = store.load(new.token)
    assert run.status == ENDED and run.score == 100 and not run.ranked
    assert store.leaderboard(DUEL) == [] and [r.id for r in store.resumed_runs(DUEL)] == [run.id]


# -- the snapshot ------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", games.ids())
def test_the_snapshot_stands_where_a_replay_stands(store: Store, game_id: str) -> None:
    """Random legal play: after every move the snapshot the row keeps restores the very state and
    waiting question a replay of every message reaches, and the next reply from each is the same."""
    moves = games.part(games.entry(game_id), "moves")
    rng = random.Random(game_id)
    new, _ = play.start(store, load_card(game_id), rng=random.Random(2))
    for _ in range(12):
        run = store.load(new.token)
        if run.ended:
            break
        assert play._from_snapshot(run) is not None  # unpickled, not replayed
        restored, replayed = play.restore(run), play.rebuild(run)
        assert restored.state == replayed.state and restored.pending == replayed.pending
        assert restored.moved == replayed.moved
        legal = list(moves.legal(restored.game, restored.state))
        play.send_move(store, new.token, moves, rng.choice(legal))
    run = store.load(new.token)
    assert run.snapshot_seq == run.last_seq == len(run.messages) - 1
    assert play.replay_check(run).ok


def test_a_run_with_no_snapshot_is_replayed_once_and_gets_one(store: Store) -> None:
    """A run kept before snapshots (or by another version of cardgm) is replayed, checked, and
    from then on moves from its snapshot."""
    new, _ = play.start(store, load_card("becalmed"))
    play.send(store, new.token, "FULL, SAIL, ROW")
    with store.engine.begin() as conn:
        conn.execute(sa.update(schema.runs).values(snapshot=None, snapshot_seq=None))
    assert store.load(new.token).snapshot is None
    play.send(store, new.token, "what is my water?")
    run = store.load(new.token)
    assert run.snapshot is not None and run.snapshot_seq == 2 and play.replay_check(run).ok


def test_a_snapshot_naming_anything_but_cardgm_is_not_unpickled(store: Store) -> None:
    import io
    import os
    import pickle

    from cardgm.game import ReadAs

    new, _ = play.start(store, load_card("becalmed"))

    from cardgm.games.deadreckoning import game as a_cardgm_module_that_imports_os

    assert a_cardgm_module_that_imports_os.os is os
    for name in ("os", "os.system", "hashlib"):  # a module it imports, and a name reached through one
        with pytest.raises(pickle.UnpicklingError):
            play._Unpickler(io.BytesIO(_global_pickle("cardgm.games.deadreckoning.game", name))).load()
    with pytest.raises(pickle.UnpicklingError):  # a function of cardgm's, not a class
        play._Unpickler(io.BytesIO(_global_pickle("cardgm.store.play", "snapshot"))).load()
    with pytest.raises(pickle.UnpicklingError):  # a class of cardgm's that is not state
        play._Unpickler(io.BytesIO(_global_pickle("cardgm.store", "Store"))).load()
    assert play._Unpickler(io.BytesIO(_global_pickle("cardgm.game", "ReadAs"))).load() is ReadAs  # a class is
    hostile = pickle.dumps((play.SNAPSHOT, play._VERSION, print, None, False))
    with store.engine.begin() as conn:
        conn.execute(sa.update(schema.runs).values(snapshot=hostile))
    run = store.load(new.token)
    assert play._from_snapshot(run) is None  # refused, so the run is replayed instead
    assert play.restore(run).state == play.rebuild(run).state


def _global_pickle(module: str, name: str) -> bytes:
    """A protocol-4 pickle that asks for one global by module and (maybe dotted) name."""
    import pickle

    def short(text: str) -> bytes:
        data = text.encode()
        return bytes([pickle.SHORT_BINUNICODE[0], len(data)]) + data

    return b"\x80\x04" + short(module) + short(name) + pickle.STACK_GLOBAL + pickle.STOP


def test_runs_kept_before_the_upgrade_are_ranked_by_how_they_began(tmp_path) -> None:
    """Migration 0002 ranks the runs already kept: those begun at their opening on no secret the
    player gave; a run whose first message resumed a SAVE block, or that played a given secret,
    is listed apart."""
    from alembic import command
    from alembic.config import Config

    from cardgm.store import _engine, database_url, open_store

    url = database_url(str(tmp_path / "old.sqlite3"))
    engine = _engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(schema.__file__).parent / "migrations"))
    with engine.connect().execution_options(cardgm_write=True) as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
        conn.commit()
        now = "2026-12-01 12:00:00"
        for i, (secret, hidden, first_command) in enumerate(
            [(None, False, "move"), (None, False, "resume"), ("reveal", True, "move"), ("reveal", False, "resume")]
        ):
            conn.exec_driver_sql(
                "INSERT INTO cardgm_runs (id, token_sha, share_id, game_id, card_title, card_version, card_source, "
                "card_text, options, secret, secret_hidden, name, status, turn, ledger, n_messages, created_at, updated_at) "
                "VALUES (?, ?, ?, 'deadreckoning', 'T', '1', 'x', 'card', '{}', ?, ?, NULL, 'ended', 2, 'l', 1, ?, ?)",
                (i + 1, f"t{i}", f"s{i}", secret, hidden, now, now),
            )
            conn.exec_driver_sql(
                "INSERT INTO cardgm_messages (run_id, seq, message, reply, created_at) VALUES (?, 1, 'm', ?, ?)",
                (i + 1, json.dumps({"command": first_command, "turn": 2}), now),
            )
        conn.commit()
    engine.dispose()
    store = open_store(url)
    with store.engine.connect() as conn:
        ranked = dict(conn.execute(sa.select(schema.runs.c.id, schema.runs.c.ranked)).all())
    assert ranked == {1: True, 2: False, 3: True, 4: False}
    with store.engine.connect() as conn:  # the upgrade keeps every message (no table copied and dropped)
        assert conn.execute(sa.select(sa.func.count()).select_from(schema.messages)).scalar_one() == 4
    store.dispose()


def test_a_move_reads_no_earlier_message(store: Store, monkeypatch) -> None:
    """Answering a message reads the run's row and snapshot, never its history (a replay only at
    the end): with every read of the messages made to fail, a long run still moves."""
    new, _ = play.start(store, load_card(DUEL), rng=random.Random(12))
    for i in range(30):
        play.send(store, new.token, "how many ships are left?" if i % 2 else "what does the grid look like?")

    moves = games.part(games.entry(DUEL), "moves")
    here = play.restore(store.load(new.token))
    shot = next(a for a in moves.legal(here.game, here.state) if moves.say(a) != "fire A1")

    def no_history(*_: object) -> None:
        raise AssertionError("a move read the run's earlier messages")

    monkeypatch.setattr(Store, "_messages", no_history)
    run, reply = play.send(store, new.token, "fire A1")
    assert reply.read_as.value == "move" and run.n_messages == 31
    run, _ = play.send_move(store, new.token, moves, shot)
    run, saved = play.send_save(store, new.token)
    assert saved.save is not None and run.n_messages == 33
