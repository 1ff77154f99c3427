"""Every tool of `cardgm mcp`, and every error, through the SDK's in-process client. Each reply
the server returns is checked against a `Run` fed the same words: the server invents nothing."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from cardgm import games
from cardgm.card import load_card
from cardgm.mcp.server import build_server
from cardgm.run import MAX_MESSAGE, Run
from cardgm.save import BEGIN

from .conftest import Connected, ToolFailed, connected

TOOLS = {"list_cards", "start_run", "send_message", "legal_moves", "play_move", "save_run", "resume_run", "show_run"}
TAPED = [g for g in games.ids() if load_card(g).seed is not None]  # the cards that hide nothing
SEALED = next(g for g in games.ids() if games.hides_secret(g))


def local_run(store, run_id: str) -> Run:
    """A fresh Run of the game the stored run plays (its card, options and secret), opened."""
    stored = store.load(run_id)
    card = load_card(stored.game_id)
    kw: dict[str, Any] = dict(stored.options)
    if stored.secret is not None:
        kw["secret"] = stored.secret
    run = Run(games.make_game(card, **kw))
    run.start()
    return run


def moves_of(game_id: str):
    return games.part(games.entry(game_id), "moves")


# The cards with structured moves (legal_moves, play_move); a card plugged in without them (the
# fourth card, COINFLIP, when CARDGM_GAMES names it) is played by words only.
MOVED = [g for g in games.ids() if moves_of(g) is not None]


# -- what the server offers ----------------------------------------------------------------------


def test_the_tools_each_with_a_description(c: Connected) -> None:
    listed = {t.name: t for t in c.list_tools().tools}
    assert set(listed) == TOOLS
    for tool in listed.values():
        assert tool.description and len(tool.description) > 40, tool.name
        assert "\n" not in tool.description and "  " not in tool.description, tool.name  # prose, not the source's indentation
    card = listed["start_run"].input_schema["properties"]["card"]
    assert card["enum"] == list(games.ids())


def test_every_tool_declares_its_output_schema_and_keeps_to_it(c: Connected) -> None:
    """An outputSchema on every tool; each result holds its required fields (the SDK checks
    each result against it too), its text is that object as compact JSON, with no `prose`
    beside the `text` that holds it."""
    import jsonschema

    schemas = {t.name: t.output_schema for t in c.list_tools().tools}
    assert set(schemas) == TOOLS and all(s and s.get("type") == "object" for s in schemas.values())
    run_id = c.call("start_run", {"card": TAPED[0]})["run_id"]
    for tool, args in [
        ("list_cards", {}), ("show_run", {"run_id": run_id}), ("legal_moves", {"run_id": run_id}),
        ("send_message", {"run_id": run_id, "message": "status"}), ("save_run", {"run_id": run_id}),
    ]:
        got = c.raw(tool, args)
        jsonschema.validate(got.structured_content, schemas[tool])
        assert got.content[0].text == json.dumps(got.structured_content, ensure_ascii=False, separators=(",", ":"))
        assert "prose" not in got.structured_content
    reply = c.call("show_run", {"run_id": run_id})
    assert len(json.dumps(reply)) < 2 * len(reply["text"]) + 1_500  # the reply, its state, its names; once


def test_the_move_schema_is_each_cards_own(c: Connected) -> None:
    move = next(t for t in c.list_tools().tools if t.name == "play_move").input_schema["properties"]["move"]
    own = [moves_of(g).schema() for g in games.ids() if moves_of(g) is not None]
    assert move["anyOf"] == own
    text = repr(move)
    for word in ("FULL", "AWNING", "MEND", "TOLL", "ONE BOAT", "H8", "strike colours"):  # calls, orders, cells
        assert word in text


def test_list_cards_follows_the_registry(c: Connected) -> None:
    cards = c.call("list_cards")["cards"]
    assert [x["card"] for x in cards] == list(games.ids())
    for x in cards:
        assert x["title"] == games.entry(x["card"]).title
        assert x["sealed"] is games.hides_secret(x["card"])
        assert x["version"] == load_card(x["card"]).version
        assert x["resource"] == f"cardgm://cards/{x['card']}" and x["prompt"] == f"play-{x['card']}"


def test_each_cards_text_is_a_resource(c: Connected) -> None:
    listed = {str(r.uri): r for r in c.list_resources().resources}
    assert set(listed) == {f"cardgm://cards/{g}" for g in games.ids()}
    for g in games.ids():
        got = c.read_resource(f"cardgm://cards/{g}").contents[0]
        assert got.text == games.card_text(g)
        assert got.mime_type == "text/markdown"


def test_a_prompt_per_card_in_our_own_words(c: Connected) -> None:
    listed = {p.name: p for p in c.list_prompts().prompts}
    assert set(listed) == {f"play-{g}" for g in games.ids()}
    for g in games.ids():
        text = c.get_prompt(f"play-{g}", {}).messages[0].content.text
        title = games.entry(g).title
        assert title in text and f'start_run with card "{g}"' in text
        assert "LEDGER line, copied character for character" in text
        assert "Never state a number that cardgm did not give you" in text
        assert "in your own words around cardgm's reply" in text
        assert ("hidden setup" in text) is games.hides_secret(g)
        # Our words, not the card's: no run of eight words is lifted from the card.
        card_words = " ".join(re.findall(r"[a-z']+", games.card_text(g).lower()))
        words = re.findall(r"[a-z']+", text.lower())
        lifted = [" ".join(words[i : i + 8]) for i in range(len(words) - 7) if " ".join(words[i : i + 8]) in card_words]
        assert not lifted, lifted
        going_on = c.get_prompt(f"play-{g}", {"run_id": "RUN-ID-123"}).messages[0].content.text
        assert "run_id RUN-ID-123" in going_on and "show_run" in going_on and "start_run with" not in going_on


def test_a_sealed_cards_prompt_and_resource_say_its_printed_setup_is_not_the_runs(c: Connected) -> None:
    """The card's text prints a berth of its own (GM-only); a run here plays the one cardgm drew.
    A model told to read the card must not take the printed berth for the run's, nor send the
    player to resume_run, which cannot play a sealed run's block."""
    resources = {str(r.uri): r for r in c.list_resources().resources}
    for g in games.ids():
        text = c.get_prompt(f"play-{g}", {}).messages[0].content.text
        said = resources[f"cardgm://cards/{g}"].description or ""
        sealed = games.hides_secret(g)
        assert ("not this run's" in text) is sealed and ("not this run's" in said) is sealed
        assert ("resume_run starts a run from a SAVE block" in text) is not sealed


# -- playing -------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", list(games.ids()))
def test_start_run_gives_the_opening_the_run_gives(c: Connected, store, game_id: str) -> None:
    out = c.call("start_run", {"card": game_id, "name": "Ann"})
    assert out["card"] == game_id and out["turn"] == 1 and out["read_as"] == "opening" and not out["ended"]
    assert out["text"] == local_run(store, out["run_id"]).transcript[0][1].text
    assert out["text"].endswith(out["ledger"])
    stored = store.load(out["run_id"])
    assert stored.name == "Ann" and out["share_id"] == stored.share_id
    assert (stored.secret is not None) is games.hides_secret(game_id)
    assert "reveal" not in out


@pytest.mark.parametrize("game_id", TAPED)
def test_send_message_answers_as_the_run_does(c: Connected, store, game_id: str) -> None:
    run_id = c.call("start_run", {"card": game_id})["run_id"]
    mirror = local_run(store, run_id)
    messages = ["hello", "what can I do?", "FULL, SAIL, ROW", "EASY", "steady as she goes", "save", "status"]
    for m in messages:
        out = c.call("send_message", {"run_id": run_id, "message": m})
        want = mirror.reply(m)
        assert out["text"] == want.text and out["ledger"] == want.ledger and out["turn"] == want.turn
        assert out["run_id"] == run_id and out["message"] == m


@pytest.mark.parametrize("game_id", MOVED)
def test_legal_moves_are_the_cards_own(c: Connected, store, game_id: str) -> None:
    run_id = c.call("start_run", {"card": game_id})["run_id"]
    out = c.call("legal_moves", {"run_id": run_id})
    mirror = local_run(store, run_id)
    moves = moves_of(game_id)
    legal = moves.legal(mirror.game, mirror.state)
    assert out["moves"] == [{"move": moves.to_json(a), "words": moves.say(a)} for a in legal]
    assert out["turn"] == 1 and out["ended"] is False and out["ledger"] == mirror.transcript[0][1].ledger


@pytest.mark.parametrize("game_id", MOVED)
def test_random_moves_to_the_end_reply_as_the_run(c: Connected, store, game_id: str) -> None:
    """Masked random play through legal_moves and play_move, to the card's end: each move is
    played as its words (and a yes to its own confirm line), replying as a Run fed those words."""
    rng = random.Random(7)
    run_id = c.call("start_run", {"card": game_id})["run_id"]
    mirror = local_run(store, run_id)
    out: dict[str, Any] = {}
    for _ in range(400):
        legal = c.call("legal_moves", {"run_id": run_id})["moves"]
        if not legal:
            break
        # The stand-down (always listed last) only rarely, so that runs go the distance.
        pick = legal[-1] if len(legal) == 1 or rng.random() < 0.01 else rng.choice(legal[:-1])
        out = c.call("play_move", {"run_id": run_id, "move": pick["move"]})
        assert out["sent"][0] == pick["words"] and out["sent"][1:] in ([], ["yes"])
        for words in out["sent"]:
            want = mirror.reply(words)
        assert out["text"] == want.text
        assert moves_of(game_id).to_json(want.action) == pick["move"] or moves_of(game_id).say(want.action) == pick["words"]
    assert out["ended"] and out["result"] and out["result"] in out["text"] and out["score"] is not None
    assert c.call("legal_moves", {"run_id": run_id})["moves"] == []
    assert store.load(run_id).result == out["result"]


def test_a_move_the_card_asks_to_confirm_is_confirmed(c: Connected) -> None:
    for game_id in games.ids():
        run_id = c.call("start_run", {"card": game_id})["run_id"]
        stand_down = c.call("legal_moves", {"run_id": run_id})["moves"][-1]
        out = c.call("play_move", {"run_id": run_id, "move": stand_down["move"]})
        assert out["ended"], game_id
        if out["sent"] == [stand_down["words"], "yes"]:
            assert out["asked"][0].splitlines()[0].endswith("(yes/no)")
            break
    else:
        pytest.fail("no card confirms its stand-down: the confirm path is untested")


def test_a_move_completes_nothing_held_from_a_partial_order(c: Connected, store) -> None:
    game_id = TAPED[0]
    run_id = c.call("start_run", {"card": game_id})["run_id"]
    mirror = local_run(store, run_id)
    legal = c.call("legal_moves", {"run_id": run_id})["moves"]
    half = legal[0]["words"].rsplit(",", 1)[0]  # two of the three calls: the card asks for the rest
    assert c.call("send_message", {"run_id": run_id, "message": half})["read_as"] == "ask"
    mirror.reply(half)
    move = legal[1]
    out = c.call("play_move", {"run_id": run_id, "move": move["move"]})
    assert out["sent"] == [move["words"]] and out["text"] == mirror.reply(move["words"]).text


# -- saving, resuming, taking a run up again -----------------------------------------------------


@pytest.mark.parametrize("game_id", [g for g in TAPED if g in MOVED])
def test_save_then_resume_from_the_block(c: Connected, store, game_id: str) -> None:
    run_id = c.call("start_run", {"card": game_id})["run_id"]
    first = c.call("legal_moves", {"run_id": run_id})["moves"][0]
    c.call("play_move", {"run_id": run_id, "move": first["move"]})
    mirror = local_run(store, run_id)
    mirror.reply(first["words"])
    saved = c.call("save_run", {"run_id": run_id})
    want = mirror.reply("save")
    assert saved["save"] == want.save and saved["text"] == want.text and saved["command"] == "save"
    assert "run_id" in saved["note"] and "resume_run" in saved["note"]

    resumed = c.call("resume_run", {"save": saved["save"], "name": "Bo"})
    assert resumed["run_id"] != run_id and resumed["read_as"] == "command" and resumed["command"] == "resume"
    again = store.load(resumed["run_id"])
    assert again.name == "Bo" and again.messages[1].message == saved["save"]
    # The resumed run stands where the saved one stood: the same moves are legal.
    assert c.call("legal_moves", {"run_id": resumed["run_id"]})["moves"] == c.call("legal_moves", {"run_id": run_id})["moves"]


@pytest.mark.parametrize("game_id", [g for g in TAPED if g in MOVED])
def test_a_save_block_pasted_after_the_opening_marks_the_run_resumed(c: Connected, store, game_id: str) -> None:
    """The card's own way back ("paste this save" as the first message of a new run) through
    start_run then send_message: the run resumes, and is marked and listed apart as resume_run's
    is, not left on the main board as though played from the opening."""
    first = c.call("start_run", {"card": game_id})["run_id"]
    c.call("play_move", {"run_id": first, "move": c.call("legal_moves", {"run_id": first})["moves"][0]["move"]})
    block = c.call("save_run", {"run_id": first})["save"]
    run_id = c.call("start_run", {"card": game_id})["run_id"]
    out = c.call("send_message", {"run_id": run_id, "message": f"here's my save:\n{block}"})
    assert out["command"] == "resume"
    shown = c.call("show_run", {"run_id": run_id})
    assert shown["ranked"] is False and shown["resumed_from"] == out["ledger"]
    assert store.load(run_id).resumed_from == out["ledger"]
    assert c.call("show_run", {"run_id": first})["ranked"] is True  # the run the block came from is as it was


def test_resume_run_reads_the_block_out_of_a_long_paste(c: Connected, store) -> None:
    """The save argument is the SAVE block; a model that passes the player's whole message (a long
    one, the block inside) gets the run resumed, not "That message is 10,000 characters long"."""
    game_id = TAPED[0]
    run_id = c.call("start_run", {"card": game_id})["run_id"]
    block = c.call("save_run", {"run_id": run_id})["save"]
    resumed = c.call("resume_run", {"save": "from last night:\n" + "we drifted. " * 800 + "\n" + block + "\nthanks!"})
    assert resumed["command"] == "resume"
    assert store.load(resumed["run_id"]).messages[1].message == block


def test_a_sealed_run_is_saved_and_taken_up_by_its_run_id(c: Connected, store) -> None:
    run_id = c.call("start_run", {"card": SEALED})["run_id"]
    c.call("send_message", {"run_id": run_id, "message": "fire A1"})
    saved = c.call("save_run", {"run_id": run_id})
    assert saved["save"].startswith(BEGIN) and "stays with cardgm until the end" in saved["note"]
    # The way back is the run id, never a reveal file the player does not have: the card's own
    # note (written for a terminal player who sealed the file) gives way to the MCP note.
    assert saved["note"] in saved["text"] and run_id in saved["text"] and saved["save"] in saved["text"]
    assert "--sealed" not in saved["text"] and ".md" not in saved["text"] and "cannot be resumed" not in saved["text"]
    # Its own block, sent back into the same run, is known by its mark (ruling 23), not by the
    # berth: it is answered (a run already begun keeps its own LEDGER) and changes nothing.
    again = c.call("send_message", {"run_id": run_id, "message": saved["save"]})
    assert again["ledger"].split(" ", 2)[2] == saved["ledger"].split(" ", 2)[2] and "already begun" in again["text"]
    # A made-up block would test a grid against the sealed berth: refused unread, nothing written.
    shot = saved["save"].split("grid:", 1)[1][0]  # A1, a hit or a miss on this berth
    made_up = saved["save"].replace("grid:" + shot, "grid:" + ("o" if shot == "x" else "x"), 1)
    error = c.error("send_message", {"run_id": run_id, "message": made_up})
    assert "not read in a run whose hidden berth is kept here" in error
    shown = c.call("show_run", {"run_id": run_id})
    assert shown["status"] == "playing" and shown["messages"] == 3


@pytest.mark.parametrize("words", ["save", "brb"])
def test_a_sealed_run_saved_by_the_players_own_words_points_to_its_run_id(c: Connected, words: str) -> None:
    """The player's "save" (or a pause) through send_message prints the block as save_run does,
    with the same note: never the card's terminal note, which sends the player to a reveal file
    (`--sealed reveal-….md`) that a chat player never had, and says the duel cannot be resumed."""
    run_id = c.call("start_run", {"card": SEALED})["run_id"]
    c.call("send_message", {"run_id": run_id, "message": "fire A1"})
    saved = c.call("send_message", {"run_id": run_id, "message": words})
    assert saved["command"] == "save" and saved["save"].startswith(BEGIN) and saved["save"] in saved["text"]
    assert "stays with cardgm until the end" in saved["note"] and saved["note"] in saved["text"]
    for shown in (saved, c.call("show_run", {"run_id": run_id})):
        assert run_id in shown["text"] and "--sealed" not in shown["text"] and "cannot be resumed" not in shown["text"]


def test_a_second_client_and_a_new_server_go_on_with_the_same_run(store) -> None:
    with connected(build_server(store)) as first:
        run_id = first.call("start_run", {"card": SEALED})["run_id"]
        first.call("send_message", {"run_id": run_id, "message": "fire D4"})
        with connected(build_server(store)) as second:  # another chat, another AI client
            shown = second.call("show_run", {"run_id": run_id})
            assert shown["turn"] == 2 and "D4" in shown["message"]
            second.call("send_message", {"run_id": run_id, "message": "fire E4"})
        assert first.call("show_run", {"run_id": run_id})["turn"] == 3
    with connected(build_server(store)) as later:  # a reconnect
        out = later.call("send_message", {"run_id": run_id, "message": "fire F4"})
        assert out["turn"] == 4 and out["ledger"].startswith("[L] turn:4 shots:3 ")


def test_the_sealed_setup_is_given_once_the_run_ends(c: Connected, store) -> None:
    opened = c.call("start_run", {"card": SEALED})
    run_id = opened["run_id"]
    moves = c.call("legal_moves", {"run_id": run_id})["moves"]
    assert "reveal" not in c.call("play_move", {"run_id": run_id, "move": moves[0]["move"]})
    assert "reveal" not in c.call("show_run", {"run_id": run_id})
    block = c.call("save_run", {"run_id": run_id})["save"]  # marked as this duel's own (ruling 23)
    out = c.call("play_move", {"run_id": run_id, "move": moves[-1]["move"]})  # strike the colours
    assert out["ended"] and out["reveal"]["text"] == store.load(run_id).secret
    assert out["reveal"]["name"] in opened["text"]  # the file whose hash the opening read out
    assert c.call("show_run", {"run_id": run_id})["reveal"] == out["reveal"]

    # That berth is spent once revealed: a SAVE block the duel printed, with the reveal file,
    # brings back only this run (named by its share id), never a new run on a known berth.
    refused = c.error("resume_run", {"save": block, "reveal": out["reveal"]["text"]})
    assert "spent" in refused and store.load(run_id).share_id in refused


# -- errors: each a tool error with the reason, nothing written -----------------------------------


def _n(store, run_id: str) -> int:
    return len(store.load(run_id).messages)


def test_start_run_errors(c: Connected, store) -> None:
    assert "No card is called 'chess'" in c.error("start_run", {"card": "chess"})
    # A card is named, never a file on the server's machine.
    assert "No card is called '/etc/hostname'" in c.error("start_run", {"card": "/etc/hostname"})
    assert "names a file on this machine" in c.error("start_run", {"card": SEALED, "options": {"sealed_file": "/tmp/x"}})
    assert "draws its own" in c.error("start_run", {"card": SEALED, "options": {"secret": "x"}})
    assert "does not take those options (colour)" in c.error("start_run", {"card": TAPED[0], "options": {"colour": "red"}})
    assert "card" in c.error("start_run", {})  # the SDK's own check of the arguments
    assert store.list_runs() == []


@pytest.mark.parametrize(
    ("options", "why"),
    [
        ({"stop_day": "ten"}, "BECALMED's option stop_day is a whole number, not \"ten\": a stated limit"),
        ({"stop_day": 10.5}, "option stop_day is a whole number, not 10.5"),  # not day 10
        ({"stop_day": True}, "option stop_day is a whole number, not true"),  # not day 1
        ({"deaths": "fancy"}, "BECALMED's option deaths is 'plain', not \"fancy\""),
    ],
)
def test_an_option_of_the_wrong_kind_is_refused_by_its_name(c: Connected, store, options: dict, why: str) -> None:
    game_id = next(g for g in games.ids() if any(o.name == "stop_day" for o in games.entry(g).options))
    assert why in c.error("start_run", {"card": game_id, "options": options})
    assert store.list_runs() == []
    assert c.call("start_run", {"card": game_id, "options": {"stop_day": 10, "deaths": None}})["turn"] == 1
    # The tool says which options there are, so a model need not guess their names.
    start = next(t for t in c.list_tools().tools if t.name == "start_run")
    assert f"{game_id}: stop_day (" in start.input_schema["properties"]["options"]["description"]


def test_send_message_errors(c: Connected, store) -> None:
    lost = c.error("send_message", {"run_id": "nope", "message": "EASY"})
    assert "No run has that run_id" in lost
    assert "sqlite" not in lost and store.describe() not in lost  # the model never sees where runs are kept
    run_id = c.call("start_run", {"card": TAPED[0]})["run_id"]
    assert "That message is empty" in c.error("send_message", {"run_id": run_id, "message": "   "})
    long = c.error("send_message", {"run_id": run_id, "message": "x" * (MAX_MESSAGE + 1)})
    assert f"cardgm reads up to {MAX_MESSAGE:,}" in long
    assert _n(store, run_id) == 1


def test_play_move_errors_carry_the_cards_reason(c: Connected, store) -> None:
    game_id = next(g for g in TAPED if games.entry(g).title == "DROVER'S AUTUMN")
    run_id = c.call("start_run", {"card": game_id})["run_id"]
    mirror = local_run(store, run_id)
    moves = moves_of(game_id)

    # Business at a place with no store: the card's own reason, word for word.
    meal = {"move": "business", "meal": 3}
    why = mirror.game.refusal(mirror.state, moves.from_json(meal))
    assert why
    assert c.error("play_move", {"run_id": run_id, "move": meal}).endswith(f"does not allow that move here: {why}")
    # A move the schema does not describe: what is wrong with it.
    assert "'order' is one of EASY" in c.error("play_move", {"run_id": run_id, "move": {"move": "order", "order": "GALLOP"}})
    assert "That is not a DROVER'S AUTUMN move" in c.error("play_move", {"run_id": run_id, "move": {"move": "fire", "cell": "A1"}})
    assert "meal" in c.error("play_move", {"run_id": run_id, "move": {"move": "business", "meal": 99}})
    words = c.error("play_move", {"run_id": run_id, "move": "EASY"})
    assert words.endswith("A move is a JSON object, as legal_moves lists it under 'move'; not the text 'EASY'. To send the player's words, use send_message.")
    assert "No run has that run_id" in c.error("play_move", {"run_id": "nope", "move": {"move": "order", "order": "EASY"}})
    assert _n(store, run_id) == 1

    # Once the run has ended, no move is played.
    c.call("play_move", {"run_id": run_id, "move": {"move": "turn for home"}})
    n = _n(store, run_id)
    assert "This run has ended (RESULT: AIGC|" in c.error("play_move", {"run_id": run_id, "move": {"move": "order", "order": "EASY"}})
    assert "there is nothing to save" in c.error("save_run", {"run_id": run_id})
    assert _n(store, run_id) == n


def test_a_move_sent_as_its_json_text_is_played(c: Connected, store) -> None:
    """Chat clients often pass an object argument as its JSON text: the move is read from it
    (by the SDK, before the tool sees it; the text arm of the move's type must not stop that)."""
    game_id = TAPED[0]
    run_id = c.call("start_run", {"card": game_id})["run_id"]
    first = c.call("legal_moves", {"run_id": run_id})["moves"][0]
    out = c.call("play_move", {"run_id": run_id, "move": json.dumps(first["move"])})
    assert out["sent"] == [first["words"]] and out["read_as"] == "move"
    mirror = local_run(store, run_id)
    assert out["text"] == mirror.reply(first["words"]).text


def test_save_and_show_errors(c: Connected) -> None:
    assert "No run has that run_id" in c.error("save_run", {"run_id": "nope"})
    assert "No run has that run_id" in c.error("show_run", {"run_id": "nope"})
    assert "No run has that run_id" in c.error("legal_moves", {"run_id": "nope"})


def test_resume_run_errors(c: Connected, store) -> None:
    assert "not a SAVE block" in c.error("resume_run", {"save": "day 3, westing 12"})
    assert "no game: line" in c.error("resume_run", {"save": f"{BEGIN}\nturn:3\n-----END AIGC SAVE-----"})
    assert "No card is called 'chess'" in c.error("resume_run", {"save": f"{BEGIN}\ngame:chess\n-----END AIGC SAVE-----"})
    broken = c.error("resume_run", {"save": f"{BEGIN}\ngame:{TAPED[0]}\nturn:x\n-----END AIGC SAVE-----"})
    assert "That SAVE block cannot be resumed" in broken
    plain = f"{BEGIN}\ngame:{TAPED[0]}\n-----END AIGC SAVE-----"
    assert "hides nothing" in c.error("resume_run", {"save": plain, "reveal": "# a reveal file"})
    sealed = f"{BEGIN}\ngame:{SEALED}\nturn:2\n-----END AIGC SAVE-----"
    assert "That reveal file cannot be played" in c.error("resume_run", {"save": sealed, "reveal": "not a reveal file"})
    assert store.list_runs() == []


def test_errors_name_no_tool_internals(c: Connected) -> None:
    """A refused call reads as one plain reason: no traceback, no exception class."""
    texts = [
        c.error("start_run", {"card": "chess"}),
        c.error("send_message", {"run_id": "nope", "message": "x"}),
        c.error("resume_run", {"save": "nothing"}),
    ]
    for text in texts:
        assert "Traceback" not in text and "ToolRefusal" not in text and len(text.splitlines()) == 1


@pytest.mark.parametrize(
    ("tool", "args", "why"),
    [
        ("start_run", {}, "card is missing. start_run takes card (and optionally name, options)."),
        ("start_run", {"card": 3}, "card must be a string, not a number."),
        ("start_run", {"card": TAPED[0], "options": "stop at day 10"}, "options must be a JSON object, not a string."),
        ("send_message", {"message": "short, sail, row"}, "run_id is missing. send_message takes run_id, message."),
        ("send_message", {"run_id": "nope", "message": None}, "message must be a string, not null."),
        ("send_message", {"run_id": "nope", "message": ["FULL"]}, "message must be a string, not a list."),
        ("play_move", {"run_id": "nope", "move": 7}, "move must be a JSON object, not a number."),
        ("resume_run", {"save": 5}, "save must be a string, not a number."),
    ],
)
def test_arguments_that_do_not_fit_the_schema_are_one_line(c: Connected, tool: str, args: dict, why: str) -> None:
    """Missing arguments, or arguments of the wrong kind, are refused in one line that names
    them and what the tool takes: not pydantic's report of several lines and a link."""
    text = c.error(tool, args)
    assert len(text.splitlines()) == 1 and "pydantic" not in text and "validation error" not in text
    assert text == f"Error executing tool {tool}: {text.split(': ', 1)[1]}" and why in text
    assert text.endswith("Nothing was read or changed.")


# Each tool's arguments, with one misspelt or made up as a chat AI might send it: the misspelling,
# and what the tool takes (the argument it stands for, when one is near enough to name).
MISSPELT: dict[str, tuple[str, str | None, str]] = {
    "list_cards": ("card_name", None, "list_cards takes no arguments."),
    "start_run": ("cards", "card", "start_run takes card (and optionally name, options)."),
    "send_message": ("mesage", "message", "send_message takes run_id, message."),
    "legal_moves": ("run", None, "legal_moves takes run_id."),
    "play_move": ("moves", "move", "play_move takes run_id, move."),
    "save_run": ("runid", "run_id", "save_run takes run_id."),
    "resume_run": ("reveal_file", "reveal", "resume_run takes save (and optionally reveal, name)."),
    "show_run": ("card_name", None, "show_run takes run_id."),
}


@pytest.mark.parametrize("tool", sorted(TOOLS))
def test_an_argument_the_tool_does_not_take_is_refused_by_name(c: Connected, store, tool: str) -> None:
    """An argument a tool does not take is refused in one line that names it, the argument it may
    stand for, and what the tool takes; the SDK dropped it silently, and what the AI meant with it
    (a misspelt message: the player's words unsent) was lost. Nothing is played or kept."""
    assert set(MISSPELT) == TOOLS  # a new tool is added here too
    run_id = c.call("start_run", {"card": TAPED[0]})["run_id"]
    block = c.call("save_run", {"run_id": run_id})["save"]
    legal = c.call("legal_moves", {"run_id": run_id})["moves"]
    given: dict[str, dict[str, Any]] = {
        "list_cards": {}, "start_run": {"card": TAPED[0]}, "send_message": {"run_id": run_id, "message": legal[0]["words"]},
        "legal_moves": {"run_id": run_id}, "play_move": {"run_id": run_id, "move": legal[0]["move"]},
        "save_run": {"run_id": run_id}, "resume_run": {"save": block}, "show_run": {"run_id": run_id},
    }
    extra, meant, takes = MISSPELT[tool]
    runs, turn = len(store.list_runs()), store.load(run_id).turn
    # Beside every argument the tool takes: the misspelling is refused, the others not read.
    text = c.error(tool, {**given[tool], extra: "x"})
    hint = f" (did you mean {meant}?)" if meant is not None and meant not in given[tool] else ""  # an optional one left out
    assert text == f"Error executing tool {tool}: {extra} is not an argument of {tool}{hint}. {takes} Nothing was read or changed."
    # In place of the one it stands for: named, with what it may have meant, and that one missing.
    if meant is not None:
        text = c.error(tool, {**{k: v for k, v in given[tool].items() if k != meant}, extra: given[tool].get(meant, "x")})
        missing = f"; {meant} is missing" if meant in ("card", "message", "move", "run_id", "save") else ""
        assert text == (
            f"Error executing tool {tool}: {extra} is not an argument of {tool} (did you mean {meant}?){missing}. {takes} Nothing was read or changed."
        )
    assert len(text.splitlines()) == 1
    assert (len(store.list_runs()), store.load(run_id).turn) == (runs, turn)
    c.call(tool, given[tool])  # and the same call without it is played


def test_tool_failed_is_raised_for_an_error(c: Connected) -> None:
    with pytest.raises(ToolFailed, match="No card is called"):
        c.call("start_run", {"card": "chess"})


@pytest.mark.parametrize("game_id", MOVED)
def test_a_move_stands_alone_whatever_the_last_reply_asked(c: Connected, store, game_id: str) -> None:
    """Loose words before each move leave questions open (a partial call held, a confirm line
    unanswered, a question asked back); every legal move is still played as itself after them,
    as the Run fed the same words would reply."""
    rng = random.Random(11)

    def fresh() -> tuple[str, Run]:
        run_id = c.call("start_run", {"card": game_id})["run_id"]
        return run_id, local_run(store, run_id)

    run_id, mirror = fresh()
    asked = 0
    for _ in range(300):
        if asked >= 10:
            break
        legal = c.call("legal_moves", {"run_id": run_id})["moves"]
        other = rng.choice(legal[:-1] or legal)["words"]
        loose = rng.choice([other.rsplit(",", 1)[0], other.split()[0], "no", "what now?"])
        said = c.call("send_message", {"run_id": run_id, "message": loose})
        assert said["text"] == mirror.reply(loose).text
        if said["ended"]:
            run_id, mirror = fresh()
            continue
        asked += said["read_as"] in ("ask", "confirm")
        legal = c.call("legal_moves", {"run_id": run_id})["moves"]
        pick = rng.choice(legal[:-1] or legal)
        out = c.call("play_move", {"run_id": run_id, "move": pick["move"]})
        for words in out["sent"]:
            want = mirror.reply(words)
        assert out["text"] == want.text and moves_of(game_id).to_json(want.action) == pick["move"]
        if out["ended"]:
            run_id, mirror = fresh()
    assert asked >= 10, "the loose words left too few questions open to test anything"


def test_words_that_would_read_otherwise_are_refused_and_nothing_kept(store) -> None:
    """The guard of `play.send_move`: a move whose words the card would read as something else at
    this moment is refused, and nothing is written (here, moves that say the wrong words)."""
    from cardgm.store import play

    game_id = TAPED[0]
    real = moves_of(game_id)

    class Misspoken:
        def __getattr__(self, name: str) -> Any:
            return getattr(real, name)

        def say(self, action: Any) -> str:
            return "what is the weather like?"

    new, _ = play.start(store, load_card(game_id))
    mirror = local_run(store, new.token)
    action = real.legal(mirror.game, mirror.state)[0]
    with pytest.raises(play.Refused, match="reads 'what is the weather like\\?' otherwise than as that move"):
        play.send_move(store, new.token, Misspoken(), action)
    assert len(store.load(new.token).messages) == 1
    run, replies = play.send_move(store, new.token, real, action)
    assert [m.message for m in store.load(new.token).messages[1:]] == [real.say(action)] and replies[0].action is not None
    assert [m.message for m in run.messages] == [real.say(action)]  # the returned run: what this move added


def test_a_fourth_card_plugs_in_through_the_registry(store, monkeypatch) -> None:
    """A card written outside cardgm (tests/fourth/coinflip, which has no structured moves) is
    offered like the others once registered: listed, started, played by words, its text and its
    prompt served; the tools that need structured moves say it has none."""
    from pathlib import Path

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "fourth"))
    monkeypatch.setattr(games, "_REGISTERED", {})
    import coinflip

    games.register(coinflip.ENTRY)
    with connected(build_server(store)) as c:
        listed = {x["card"]: x for x in c.call("list_cards")["cards"]}
        assert listed["coinflip"]["moves"] is False and listed["coinflip"]["title"] == "COINFLIP"
        run_id = c.call("start_run", {"card": "coinflip"})["run_id"]
        out = c.call("send_message", {"run_id": run_id, "message": "heads"})
        assert out["text"] == local_run(store, run_id).reply("heads").text
        for tool, args in (("legal_moves", {}), ("play_move", {"move": {"move": "call", "side": "heads"}})):
            assert "COINFLIP has no structured moves; send the player's words" in c.error(tool, {"run_id": run_id, **args})
        assert c.read_resource("cardgm://cards/coinflip").contents[0].text == games.card_text("coinflip")
        assert "COINFLIP" in c.get_prompt("play-coinflip", {}).messages[0].content.text


def test_resume_run_takes_a_reveal_file_that_lost_its_last_newline(c: Connected) -> None:
    # A chat AI passes the reveal file as the player pasted it, often without its final newline.
    import random

    from cardgm.card import load_card
    from cardgm.games import make_game
    from cardgm.games.deadreckoning import seal
    from cardgm.run import Run

    reveal = seal.write_reveal(seal.draw_berth(random.Random(9)), "9" * 32)
    played = Run(make_game(load_card("deadreckoning"), secret=reveal))
    played.start()
    played.reply("A1")
    out = c.call("resume_run", {"save": played.game.save(played.state), "reveal": reveal.rstrip("\n")})
    assert out["run_id"] and out["ledger"] == played.transcript[-1][1].ledger  # the SAVE's own LEDGER, resumed
