"""The player at the table (issue 22), through `cardgm play` as a player meets it.

Words that refer back run the last move; questions that name a move never run one; every card
reads an answered question as `answer`; the best line of each card tells no narration sentence on
two replies running; prose fits the terminal (60 and 80 columns) and never wraps on a pipe or in
--json; Ctrl-C at the interactive prompt exits 130.
"""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
import sys
import time
from functools import cache

import pytest

from cardgm import games
from cardgm.card import load_card
from cardgm.run import Run
from cardgm.terminal import wrap_prose

GAMES = ("becalmed", "deadreckoning", "cattle-trail")
# The card's printed berth, fired in order: DEADRECKONING's best line (ten salvos, score 100).
DUEL_BEST = ("B2", "C2", "F2", "F3", "F4", "B5", "C5", "D5", "H6", "H7")


def play_json(card: str, messages: list[str], *args: str) -> list[dict]:
    """`cardgm play CARD --json` with the messages on stdin: one object per reply, opening first."""
    out = subprocess.run(
        [sys.executable, "-m", "cardgm.cli", "play", card, "--json", *args],
        input="\n".join(messages) + "\n", capture_output=True, text=True, encoding="utf-8", timeout=120, check=True,
    ).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


# -- words that refer back, and questions that move nothing, through play --json ----------------------


def test_words_that_refer_back_run_the_last_calls_through_play_json() -> None:
    replies = play_json("becalmed", ["same as yesterday", "full sail row", "same again please", "same calls as yesterday but short ration"])
    first, ran, again, changed = replies[1:]
    assert first["read_as"] == "ask" and first["state"] == replies[0]["state"] | {"turn": 2}
    assert ran["read_as"] == again["read_as"] == changed["read_as"] == "move"
    assert "Yesterday's calls: FULL, SAIL, ROW." in again["prose"]
    assert changed["prose"].split("\n\n")[1].startswith("SHORT: 2 measures go round")


def test_cells_in_words_and_beside_the_last_hit_through_play_json() -> None:
    replies = play_json("deadreckoning", ["e six", "b2", "the one below my last hit", "next to it"])
    assert [r["read_as"] for r in replies[1:]] == ["move", "move", "move", "ask"]
    assert replies[1]["state"]["grid"][cell("E6")] == "o" and replies[3]["state"]["grid"][cell("B3")] != "."
    assert "Beside B3: B4, A3 or C3: which one?" in replies[4]["prose"]  # "it" is the last salvo, B3


def cell(name: str) -> int:
    return (int(name[1:]) - 1) * 8 + ord(name[0]) - 65


def test_same_as_yesterday_is_the_last_order_through_play_json() -> None:
    replies = play_json("cattle-trail", ["steady", "two boats", "easy", "same as yesterday"])
    again = replies[4]
    assert again["read_as"] == "move" and "Yesterday's order: EASY." in again["prose"]
    assert again["state"]["mile"] == replies[3]["state"]["mile"] + 8  # EASY's 8 miles again


@pytest.mark.parametrize(
    "card,before,question",
    [
        ("cattle-trail", ["steady"], "tell me the odds for one boat vs two boats"),
        ("cattle-trail", ["steady"], "should I give up?"),
        ("cattle-trail", [], "wait what does bail do again"),
        ("cattle-trail", [], "how much do we get for selling a beast"),
        ("becalmed", [], "wait what does bail do again"),
        ("becalmed", [], "should I give up?"),
        ("becalmed", [], "can we fish with the awning up?"),
        ("deadreckoning", ["b2"], "should I give up?"),
        ("deadreckoning", ["b2"], "score if my next shot sinks it?"),
    ],
)
def test_a_question_about_a_move_never_runs_one(card: str, before: list[str], question: str) -> None:
    replies = play_json(card, [*before, question])
    asked = replies[-1]
    assert asked["read_as"] == "answer", asked["prose"]
    assert asked["state"] == replies[-2]["state"] | {"turn": replies[-2]["turn"] + 1}  # nothing moved


@pytest.mark.parametrize("card,question", [("becalmed", "how much water do we have?"), ("deadreckoning", "how many shots?"),
                                           ("cattle-trail", "how much silver do we have?")])  # fmt: skip
def test_an_answered_question_reads_as_answer_on_every_card(card: str, question: str) -> None:
    assert play_json(card, [question])[1]["read_as"] == "answer"


def test_the_duels_answers_name_the_turn_the_ledger_shows() -> None:
    replies = play_json("deadreckoning", ["b2", "a1", "what turn is it?"])
    last = replies[-1]
    assert f"turn {last['turn']}," in last["prose"] and f"turn:{last['turn']} " in last["ledger"]


def test_the_one_or_two_options_a_message_names_are_all_asked_about() -> None:
    kyle = play_json("cattle-trail", ["steady", "one boat or two?"])[-1]
    assert kyle["read_as"] == "ask" and "ONE BOAT or TWO BOATS?" in kyle["prose"]
    paces = play_json("cattle-trail", ["Steady? Or easy?"])[-1]
    assert paces["read_as"] == "ask" and "STEADY or EASY?" in paces["prose"]


def test_drovers_save_note_says_how_to_resume_here() -> None:
    saved = play_json("cattle-trail", ["save"])[-1]
    assert "cardgm play cattle-trail --resume FILE" in saved["prose"]


def test_no_raw_end_token_in_the_drovers_narration() -> None:
    ended = play_json("cattle-trail", ["turn for home", "yes"])[-1]
    assert ended["ended"] and "end:" not in ended["prose"] and "end:turned-home" in ended["result"]


# -- prose worth reading: the best line of each card -----------------------------------------------------


@cache
def best_line(card: str) -> tuple[str, ...]:
    if card == "deadreckoning":
        return DUEL_BEST
    entry = games.entry(card)
    solver = games.part(entry, "solver")
    return tuple(solver.message(a) for a in solver.solve(load_card(card).tape).line)


def narration(prose: str) -> list[str]:
    """The sentences a reply tells: not its grid, its LEDGER, its questions or its bare records
    (a sentence under five words, or one that carries a number, is a record, not narration)."""
    out = []
    for para in prose.split("\n\n"):
        if para[:1].isspace() or para.startswith(("[L]", "-----")):
            continue
        for s in re.split(r"(?<=[.!?])\s+", para.replace("\n", " ")):
            s = s.strip()
            if len(s.split()) >= 5 and not re.search(r"\d", s) and not s.endswith("?") and not s.startswith("Your call"):
                out.append(s)
    return out


@pytest.mark.parametrize("card", GAMES)
def test_the_best_line_tells_no_sentence_on_two_replies_running(card: str) -> None:
    run = Run(games.make_game(load_card(card)))
    before = narration(run.start().prose)
    again: list[str] = []
    for message in best_line(card):
        reply = run.reply(message)
        told = narration(reply.prose)
        again += [f"turn {reply.turn}: {s}" for s in told if s in before]
        # "HEAVY DEW. Heavy dew.": a name said twice in a row
        again += [f"turn {reply.turn}: {m.group(0)}" for m in re.finditer(r"\b([A-Z][A-Z' -]{3,})\. (?i:\1)\b", reply.prose)]
        before = told
    assert run.ended
    assert not again, "\n".join(again)


@pytest.mark.parametrize("card", GAMES)
def test_the_same_run_prints_the_same_words(card: str) -> None:
    def prose() -> list[str]:
        run = Run(games.make_game(load_card(card)))
        return [run.start().text] + [run.reply(m).text for m in best_line(card)[:6]]

    assert prose() == prose()


# -- the terminal ------------------------------------------------------------------------------------


@pytest.mark.parametrize("width", [60, 80])
def test_prose_is_wrapped_at_word_boundaries_and_what_is_copied_stays_whole(width: int) -> None:
    run = Run(games.make_game(load_card("becalmed")))
    run.start()
    reply = run.reply("save")
    text = run.transcript[0][1].text + "\n\n" + reply.text
    wrapped = wrap_prose(text, width)
    for line in wrapped.split("\n"):
        kept = line.startswith(("[L] ", "game:becalmed", "-----")) or line[:1].isspace()
        assert kept or len(line) <= width or " " not in line, line
    assert wrapped.split() == text.split()  # only line breaks moved: no word split or lost
    assert reply.ledger in wrapped.split("\n") and reply.save is not None and reply.save in wrapped


def test_piped_and_json_output_is_never_wrapped() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "cardgm.cli", "play", "becalmed"], input="full sail row\n", capture_output=True,
        text=True, encoding="utf-8", timeout=120, env=dict(os.environ, COLUMNS="40"), check=True,
    ).stdout
    assert max(len(line) for line in out.splitlines() if not line.startswith("[L]")) > 40
    run = Run(games.make_game(load_card("becalmed")))
    run.start()
    assert play_json("becalmed", ["full sail row"])[1]["prose"] == run.reply("full sail row").prose


pty = pytest.importorskip("pty")


def _pty_play(width: int, messages: list[str]) -> tuple[int, str]:
    """`cardgm play becalmed` at a pseudo-terminal `width` columns wide: the messages typed at the
    prompt, then Ctrl-C. (exit status, everything it printed)."""
    import fcntl
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, width, 0, 0))
    env = dict(os.environ, TERM="dumb", NO_COLOR="1", COLUMNS=str(width))
    def own_terminal() -> None:  # a session of its own, with the pty as its controlling terminal
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    proc = subprocess.Popen([sys.executable, "-m", "cardgm.cli", "play", "becalmed"], stdin=slave, stdout=slave,
                            stderr=slave, env=env, preexec_fn=own_terminal)  # fmt: skip
    os.close(slave)
    seen = b""

    def until(done, seconds: float = 90) -> None:
        """Read what it prints until done(seen) holds, it exits, or the time runs out."""
        nonlocal seen
        end = time.monotonic() + seconds
        while not done(seen) and time.monotonic() < end:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    return
                if not chunk:
                    return
                seen += chunk
            elif proc.poll() is not None:
                return

    try:
        until(lambda out: out.rstrip().endswith(b">"))  # the first prompt
        for message in messages:
            replies = seen.count(b"[L] ")
            os.write(master, message.encode() + b"\r")
            until(lambda out, replies=replies: out.count(b"[L] ") > replies and out.rstrip().endswith(b">"))
        os.write(master, b"\x03")
        until(lambda out: b"-----END AIGC SAVE-----" in out and out.endswith(b"\n") and proc.poll() is not None, 90)
        code = proc.wait(timeout=90)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    return code, seen.decode("utf-8", "replace").replace("\r\n", "\n")


@pytest.mark.parametrize("width", [60, 80])
def test_at_a_terminal_prose_fits_and_ctrl_c_at_the_prompt_exits_130(width: int) -> None:
    code, out = _pty_play(width, ["full sail row"])
    assert code == 130, out[-500:]
    assert "-----BEGIN AIGC SAVE-----" in out  # the SAVE block to resume from
    lines = [line.removeprefix("> ") for line in out.split("\n")]
    long = [x for x in lines if len(x) > width and not x.startswith(("[L] ", "game:becalmed")) and " " in x]
    assert not long, long[:3]
    assert "Westing 5/30." in out  # the day ran and was printed
