"""The runs store, on SQLite and on PostgreSQL: kept, replayed, locked, hidden."""

from __future__ import annotations

import random
import threading

import pytest
import sqlalchemy as sa

from cardgm import games
from cardgm.card import load_card
from cardgm.games.deadreckoning import seal
from cardgm.run import MAX_MESSAGE
from cardgm.store import ENDED, PLAYING, RunNotFound, Store, database_url, play, schema, token_sha

SAVE_HEAD = "-----BEGIN AIGC SAVE-----"


def hull_cells(secret: str) -> list[str]:
    return sorted(seal.parse_reveal(secret).hull_cells)


def test_a_run_is_kept_with_its_opening_and_found_by_token_and_share_id(store: Store) -> None:
    new, replies = play.start(store, load_card("becalmed"), name="Ishmael")
    run = store.load(new.token)
    assert run is not None and run.id == new.run.id
    assert run.status == PLAYING and run.turn == 1 and run.name == "Ishmael"
    assert [m.seq for m in run.messages] == [0] and run.messages[0].message is None
    assert run.messages[0].reply["text"] == replies[0].text
    assert run.card_text == load_card("becalmed").text and run.game_id == "becalmed"
    assert store.load_shared(run.share_id).id == run.id
    assert store.load("not-a-token") is None and store.load_shared("nope") is None


def test_the_play_token_is_kept_only_as_its_hash(store: Store) -> None:
    new, _ = play.start(store, load_card("becalmed"))
    with store.engine.connect() as conn:
        rows = conn.execute(sa.select(schema.runs)).mappings().all()
    assert [r["token_sha"] for r in rows] == [token_sha(new.token)]
    assert all(new.token not in str(v) for r in rows for v in r.values())


def test_each_message_and_its_reply_are_appended_in_order(store: Store) -> None:
    new, _ = play.start(store, load_card("becalmed"))
    for words in ("FULL, SAIL, ROW", "what is my water?", "short ration, awning up, watch tonight"):
        play.send(store, new.token, words)
    run = store.load(new.token)
    assert [m.message for m in run.messages] == [None, "FULL, SAIL, ROW", "what is my water?", "short ration, awning up, watch tonight"]
    assert [m.reply["turn"] for m in run.messages] == [1, 2, 3, 4]
    assert run.turn == 4 and run.n_messages == 3 and run.ledger == run.messages[-1].reply["ledger"]
    rebuilt = play.rebuild(run)
    assert [r.text for _, r in rebuilt.transcript] == [m.reply["text"] for m in run.messages]


def test_a_finished_run_keeps_its_end_score_and_result(store: Store) -> None:
    card = load_card("deadreckoning")
    new, _ = play.start(store, card, rng=random.Random(3))
    secret = new.run.secret
    assert secret is not None and new.run.secret_hidden
    for cell in hull_cells(secret):
        run, reply = play.send(store, new.token, cell)
    assert reply.ended and reply.score == 100
    run = store.load(new.token)
    assert run.status == ENDED and run.score == 100 and run.end == "cleared"
    assert run.result == reply.result and run.result.startswith("RESULT: AIGC|deadreckoning|duel|")
    assert [r.id for r in store.leaderboard("deadreckoning")] == [run.id]


def test_two_requests_on_one_run_are_serialised_never_interleaved(store: Store) -> None:
    new, _ = play.start(store, load_card("deadreckoning"), rng=random.Random(5))
    cells = [f"{c}{r}" for c in "ABCDEFGH" for r in range(1, 9)][:24]
    errors: list[BaseException] = []

    def fire(mine: list[str]) -> None:
        try:
            for cell in mine:
                play.send(store, new.token, cell)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=fire, args=(cells[i::4],)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    run = store.load(new.token)
    assert [m.seq for m in run.messages] == list(range(25))
    assert [m.reply["turn"] for m in run.messages] == list(range(1, 26))
    shots = [m.reply["state"]["shots"] for m in run.messages]
    assert shots == sorted(shots) and shots[-1] == 24 - 0  # every cell new: one shot each
    assert play.replay_check(run).ok


def test_a_block_that_fails_writes_nothing(store: Store) -> None:
    new, _ = play.start(store, load_card("becalmed"))
    with pytest.raises(ZeroDivisionError):
        with store.playing(new.token) as live:
            live.append("FULL, SAIL, ROW", {"turn": 2, "ledger": "x", "ended": False})
            raise ZeroDivisionError
    assert store.load(new.token).n_messages == 0 and len(store.load(new.token).messages) == 1


def test_an_unknown_token_is_not_found(store: Store) -> None:
    with pytest.raises(RunNotFound):
        play.send(store, "no-such-run", "FULL, SAIL, ROW")


def test_messages_over_the_limit_or_empty_are_refused_and_not_kept(store: Store) -> None:
    new, _ = play.start(store, load_card("becalmed"))
    with pytest.raises(play.Refused, match="4,000"):
        play.send(store, new.token, "x" * (MAX_MESSAGE + 1))
    with pytest.raises(play.Refused, match="empty"):
        play.send(store, new.token, "  \n ")
    assert store.load(new.token).n_messages == 0
    play.send(store, new.token, "y" * MAX_MESSAGE)  # at the limit it is read (and asked about)
    assert store.load(new.token).n_messages == 1


def test_a_save_block_is_refused_where_the_berth_is_hidden_but_read_where_it_was_given(store: Store) -> None:
    card = load_card("deadreckoning")
    new, _ = play.start(store, card, rng=random.Random(8))
    own = play.rebuild(store.load(new.token))
    block = own.game.save(own.state)
    # Blocks the run did not print (the card's own sha:none, another sealed duel's, one edited) are
    # refused unread: each could say whether a made-up grid is true of the hidden berth.
    other = games.make_game(card, secret=games.draw_secret(card.game_id, random.Random(7)))
    for made_up in (
        games.make_game(card).save(own.state),
        other.save(other.new()),
        block.replace("shots:0", "shots:1"),
    ):
        with pytest.raises(play.Refused, match="hidden berth"):
            play.send(store, new.token, made_up)
    assert store.load(new.token).n_messages == 0
    # One it printed itself carries its mark, checked without the berth (ruling 23): it is read.
    _, reply = play.send(store, new.token, block)
    assert reply.command == "resume" and store.load(new.token).n_messages == 1
    # A berth the player gave (their own reveal file) hides nothing from them: a save that duel
    # printed resumes (a sealed duel resumes only its own marked saves: ruling 23).
    mine = games.draw_secret(card.game_id, random.Random(9))
    own = games.make_game(card, secret=mine)
    given, replies = play.start(store, card, secret=mine, first_message=own.save(own.new()))
    assert not given.run.secret_hidden and replies[-1].command == "resume"


def test_a_stored_run_that_no_longer_replays_is_not_moved_on(store: Store) -> None:
    """A run with no snapshot this cardgm wrote (kept by another version) is replayed before it
    moves; where the replay differs from what was kept, it does not move."""
    new, _ = play.start(store, load_card("becalmed"))
    play.send(store, new.token, "FULL, SAIL, ROW")
    with store.engine.begin() as conn:
        reply = conn.execute(sa.select(schema.messages.c.reply).where(schema.messages.c.seq == 1)).scalar_one()
        conn.execute(sa.update(schema.messages).where(schema.messages.c.seq == 1).values(reply=reply.replace("water", "wine")))
        conn.execute(sa.update(schema.runs).values(snapshot=None))
    with pytest.raises(play.ReplayMismatch):
        play.send(store, new.token, "FULL, SAIL, ROW")
    assert store.load(new.token).n_messages == 1
    assert not play.replay_check(store.load(new.token)).ok


def test_lists_of_runs_by_status_game_and_tokens(store: Store) -> None:
    a, _ = play.start(store, load_card("becalmed"))
    b, _ = play.start(store, load_card("cattle-trail"))
    c, _ = play.start(store, load_card("deadreckoning"), rng=random.Random(1))
    play.send(store, c.token, "I strike my colours")
    play.send(store, c.token, "yes")
    assert {r.id for r in store.list_runs(status=PLAYING)} == {a.run.id, b.run.id}
    assert [r.id for r in store.list_runs(status=ENDED)] == [c.run.id]
    assert [r.id for r in store.list_runs(game_id="cattle-trail")] == [b.run.id]
    assert {r.id for r in store.list_runs(tokens=[a.token, c.token])} == {a.run.id, c.run.id}
    assert store.list_runs()[0].messages == ()  # summaries: no messages
    assert store.counts()[("deadreckoning", ENDED)] == 1


def test_the_leaderboard_is_by_score_best_first(store: Store) -> None:
    card = load_card("deadreckoning")
    scores = []
    for seed, misses in ((1, 0), (2, 5), (3, 2)):
        new, _ = play.start(store, card, rng=random.Random(seed))
        hulls = hull_cells(new.run.secret)
        water = [f"{c}{r}" for c in "ABCDEFGH" for r in range(1, 9) if f"{c}{r}" not in hulls][:misses]
        for cell in water + hulls:
            play.send(store, new.token, cell)
        scores.append(store.load(new.token).score)
    assert sorted(scores, reverse=True) == [r.score for r in store.leaderboard("deadreckoning")] == [100, 98, 95]


def test_the_secret_never_shows_in_a_repr() -> None:
    card = load_card("deadreckoning")
    secret = games.draw_secret(card.game_id, random.Random(4))
    from cardgm.store import StoredRun

    run = StoredRun(1, "s", "deadreckoning", "T", "1.0.0", "x", card_text="card", secret=secret)
    assert "salt" not in repr(run) and secret not in repr(run)
    assert games.hides_secret(card.game_id) and not games.hides_secret("becalmed")


def test_the_migrations_make_exactly_the_tables_the_store_uses(store: Store) -> None:
    inspector = sa.inspect(store.engine)
    for table in schema.metadata.sorted_tables:
        got = {c["name"] for c in inspector.get_columns(table.name)}
        assert got == {c.name for c in table.columns}, table.name
    # opening again finds the schema at its head and changes nothing
    from cardgm.store import open_store

    open_store(store.engine.url.render_as_string(hide_password=False)).dispose()


def test_database_urls(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("CARDGM_DATABASE_URL", raising=False)
    assert database_url(str(tmp_path / "r.db")) == f"sqlite:///{tmp_path / 'r.db'}"
    assert database_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    monkeypatch.setenv("CARDGM_DATABASE_URL", "postgresql://env@h/db")
    assert database_url() == "postgresql+psycopg://env@h/db"
    monkeypatch.delenv("CARDGM_DATABASE_URL")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert database_url().startswith("sqlite:///") and database_url().endswith("runs.sqlite3")


def test_words_that_refer_back_read_the_same_from_a_snapshot(store: Store) -> None:
    """A move never replays the run, so the snapshot carries the moves it ran: "same as
    yesterday" on the site means what it means in `cardgm play` (the same replies, word for word)."""
    from cardgm.run import Run

    messages = ["SHORT, SAIL, ROW", "same as yesterday", "same again please"]
    new, _ = play.start(store, load_card("becalmed"))
    local = Run(games.make_game(load_card("becalmed")))
    local.start()
    for message in messages:
        _, reply = play.send(store, new.token, message)
        assert reply.text == local.reply(message).text
    assert store.load(new.token).turn == 4
