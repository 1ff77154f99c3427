"""Issue 14, items 4 and 5: every malformed or oversized input to `cardgm audit` and `cardgm
verify run` is one line and exit 2, through a real subprocess."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cardgm.verify import inputs
from cardgm.verify.replay import MAX_LINES

from .support import Case, Outcome, assert_refused, run_all

HEADER = {"cardgm_log": 1, "game": "becalmed", "version": "1.0.0", "card": "becalmed", "options": {}}
REPLY = {"turn": 2, "message": "FULL, SAIL, ROW", "text": "x"}


def text(name: str, body: str | bytes) -> callable:
    def make(where: Path) -> None:
        data = body.encode("utf-8") if isinstance(body, str) else body
        (where / name).write_bytes(data)

    return make


def log(*objects: object) -> str:
    return "".join(json.dumps(o) + "\n" for o in objects)


def sparse(name: str, size: int) -> callable:
    """A file of `size` bytes that takes no room on disk: the limit is read before the file."""

    def make(where: Path) -> None:
        with open(where / name, "wb") as f:
            f.truncate(size)

    return make


def sealed_then_moved(where: Path) -> None:
    """A sealed duel played with its log beside the reveal file, then the log alone moved."""
    import random

    from cardgm.card import load_card
    from cardgm.games import make_game
    from cardgm.games.deadreckoning.seal import draw_berth, write_reveal
    from cardgm.run import Run

    played = where / "played"
    played.mkdir()
    (played / "rev.md").write_text(write_reveal(draw_berth(random.Random(5)), "0123456789abcdef0123"), encoding="utf-8")
    run = Run(make_game(load_card("deadreckoning"), sealed_file=str(played / "rev.md")))
    replies = [run.start(), run.reply("A1")]
    head = {**HEADER, "game": "deadreckoning", "card": "deadreckoning", "options": {"sealed_file": "rev.md"}}
    (where / "run.log").write_text(log(head, *(r.as_json() for r in replies)), encoding="utf-8")


DEEP = "[" * 1000 + "]" * 1000
BIG_INT = '{"messages": [' + "7" * 5000 + "]}"
CHATGPT = {"title": "t", "current_node": "b", "mapping": {"a": {"message": None, "parent": None, "children": ["b"]}}}

CASES: dict[str, Case] = {
    # -- audit --
    "audit-deep-json": Case(text("t.json", DEEP), ("audit", "t.json"), ("100 levels",)),
    "audit-deep-object": Case(text("t.json", '{"a":' * 1000 + "1" + "}" * 1000), ("audit", "t.json"), ("100 levels",)),
    "audit-big-integer": Case(text("t.json", BIG_INT), ("audit", "t.json"), ("5,000 digits", "100")),
    "audit-chatgpt-node-not-object": Case(
        text("t.json", json.dumps([{**CHATGPT, "mapping": {"a": 5, "b": {"message": 3, "parent": "a"}}}])),
        ("audit", "t.json"),
        ("not an object",),
    ),
    "audit-chatgpt-message-not-object": Case(
        text("t.json", json.dumps([{**CHATGPT, "mapping": {"b": {"message": [1], "parent": None}}}])),
        ("audit", "t.json"),
        ("not an object",),
    ),
    "audit-chatgpt-parent-a-list": Case(
        text("t.json", json.dumps([{**CHATGPT, "mapping": {"b": {"message": {"author": "x", "content": 7}, "parent": ["a"]}}}])),
        ("audit", "t.json"),
    ),
    "audit-chatgpt-children-not-list": Case(
        text("t.json", json.dumps([{"title": 3, "current_node": None, "mapping": {"a": {"parent": None, "children": 9}}}])),
        ("audit", "t.json"),
    ),
    "audit-not-utf8": Case(text("t.txt", b"User: hi\n\xff\xfe\xfa Assistant: [L]\n"), ("audit", "t.txt"), ("UTF-8",)),
    "audit-binary": Case(text("t.txt", b"User:\x00\x00\x01 x\nAssistant: y\n"), ("audit", "t.txt"), ("binary",)),
    "audit-too-big": Case(sparse("t.txt", inputs.MAX_TRANSCRIPT_BYTES + 1), ("audit", "t.txt"), ("8 MB",)),
    "audit-export-too-big": Case(sparse("t.json", inputs.MAX_EXPORT_BYTES + 1), ("audit", "t.json"), ("1 GB", "8 MB")),
    "audit-too-many-lines": Case(text("t.txt", "[L] x\nhi\n\n" * 70_000), ("audit", "t.txt"), ("200,000 lines",)),
    "audit-too-many-messages": Case(text("t.txt", "User: hi\nAssistant: [L] x\n" * 2001), ("audit", "t.txt"), ("2,001", "2,000")),
    "audit-a-folder-named-as-a-file": Case(lambda w: (w / "d").mkdir(), ("audit", "d")),
    # -- verify run --
    "run-deep-json": Case(text("r.log", DEEP), ("verify", "run", "r.log"), ("100 levels",)),
    "run-deep-json-lines": Case(text("r.log", log(HEADER) + '{"a":' * 1000 + "1" + "}" * 1000 + "\n"), ("verify", "run", "r.log"), ("line 2", "100 levels")),
    "run-big-integer": Case(
        text("r.log", log(HEADER) + '{"message": "x", "text": "y", "turn": ' + "9" * 4400 + "}\n"), ("verify", "run", "r.log"), ("4,400 digits",)
    ),
    "run-message-not-text": Case(text("r.log", log(HEADER, {**REPLY, "message": 5})), ("verify", "run", "r.log"), ("message is not text",)),
    "run-text-not-text": Case(text("r.log", log(HEADER, {**REPLY, "text": ["x"]})), ("verify", "run", "r.log"), ("text is not text",)),
    "run-game-not-text": Case(text("r.log", log({**HEADER, "game": 5}, REPLY)), ("verify", "run", "r.log"), ("game",)),
    "run-unknown-option": Case(text("r.log", log({**HEADER, "options": {"foo": 1}}, REPLY)), ("verify", "run", "r.log"), ("foo",)),
    "run-options-a-list": Case(text("r.log", log({**HEADER, "options": [1, 2]}, REPLY)), ("verify", "run", "r.log"), ("options",)),
    "run-option-value-wrong": Case(text("r.log", log({**HEADER, "options": {"stop_day": 99}}, REPLY)), ("verify", "run", "r.log"), ("stop_day",)),
    "run-sealed-file-not-text": Case(
        text("r.log", log({**HEADER, "game": "deadreckoning", "options": {"sealed_file": 7}}, REPLY)),
        ("verify", "run", "r.log"),
        ("sealed_file",),
    ),
    "run-sealed-file-a-device": Case(
        text("r.log", log({**HEADER, "game": "deadreckoning", "options": {"sealed_file": os.devnull}}, REPLY)),
        ("verify", "run", "r.log"),
        ("regular file",),
    ),
    "run-sealed-log-moved": Case(sealed_then_moved, ("verify", "run", "run.log"), ("rev.md", "--sealed")),
    "run-card-on-a-json-array": Case(text("r.log", "[1, 2]\n"), ("verify", "run", "--card", "becalmed", "r.log"), ("JSON array",)),
    "run-card-on-null": Case(text("r.log", "null\n"), ("verify", "run", "--card", "becalmed", "r.log"), ("JSON null",)),
    "run-card-on-an-object": Case(text("r.log", '{"a": 1}\n'), ("verify", "run", "--card", "becalmed", "r.log"), ("lacks",)),
    "run-not-utf8": Case(text("r.log", b"FULL\n\xff\xfe\n"), ("verify", "run", "--card", "becalmed", "r.log"), ("UTF-8",)),
    "run-binary": Case(text("r.log", b"FULL\x00\n"), ("verify", "run", "--card", "becalmed", "r.log"), ("binary",)),
    "run-too-big": Case(sparse("r.log", inputs.MAX_LOG_BYTES + 1), ("verify", "run", "r.log"), ("16 MB",)),
    "run-too-many-lines": Case(text("r.log", "x\n" * (MAX_LINES + 1)), ("verify", "run", "--card", "becalmed", "r.log"), ("2,000 messages",)),
    "run-too-many-messages": Case(text("r.log", "what now\n" * 2001), ("verify", "run", "--card", "becalmed", "r.log"), ("2,001", "2,000")),
    "run-line-too-long": Case(
        text("r.log", log(HEADER, {**REPLY, "message": "FULL " * 60_000})),
        ("verify", "run", "r.log"),
        ("262,144",),
    ),
    # -- cardgm play (issue 14, item 4) --
    "play-stdin-not-utf8-with-log": Case(lambda w: None, ("play", "becalmed", "--log", "run.jsonl"), ("stdin", "UTF-8"), stdin=b"FULL, SAIL, ROW\n\xff\xfe\n"),
    "play-script-not-utf8": Case(text("orders.txt", b"FULL, SAIL, ROW\n\xff\xfe\n"), ("play", "becalmed", "--script", "orders.txt"), ("orders.txt",)),
    "play-resume-not-utf8": Case(text("save.txt", b"\xff\xfe\x00 save"), ("play", "becalmed", "--resume", "save.txt"), ("save.txt",)),
    "play-log-into-a-missing-folder": Case(lambda w: None, ("play", "becalmed", "--log", "nowhere/run.jsonl"), ("nowhere",), stdin=b"FULL, SAIL, ROW\n"),
}


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Outcome]:
    return run_all(CASES, tmp_path_factory.mktemp("hostile"))


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_input_is_one_line_and_exit_2(outcomes: dict[str, Outcome], name: str) -> None:
    assert_refused(outcomes[name], CASES[name].said)


def test_an_over_long_line_is_not_echoed_whole_into_json_or_the_log(tmp_path: Path) -> None:
    """Issue 14, item 5: a line far over the limit is answered as too long, and kept only as far
    as shows it (4,001 characters), so --json and the log stay small, and the log still replays."""
    from cardgm.run import MAX_MESSAGE

    from .support import cardgm

    line = b"x" * 2_000_000 + b"\n"
    done = cardgm("play", "becalmed", "--json", "--log", "run.jsonl", cwd=tmp_path, stdin=line)
    assert done.code == 0 and len(done.stdout) < 20_000
    reply = json.loads(done.stdout.splitlines()[-1])
    assert len(reply["message"]) == MAX_MESSAGE + 1 and "over 4,000 characters" in reply["text"]
    assert (tmp_path / "run.jsonl").stat().st_size < 20_000
    replayed = cardgm("verify", "run", "run.jsonl", cwd=tmp_path)
    assert replayed.code == 0 and "differs" not in replayed.stdout


# -- inputs with no end, or far past their limits: refused unread (issue 14, item 5) ----------------


def _capped(*args: str, cwd: Path, stdin: bytes = b"") -> Outcome:
    """`cardgm` with its memory capped at 1.5 GB, so that a file read whole (/dev/zero never ends)
    fails here instead of filling the machine."""
    import resource
    import subprocess
    import sys

    from .support import ROOT, Outcome

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1536 * 1024 * 1024, 1536 * 1024 * 1024))

    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))  # and a plugged-in card's
    env = {**os.environ, "PYTHONPATH": path, "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-m", "cardgm.cli", *args], cwd=cwd, input=stdin, capture_output=True,
                          timeout=60, env=env, preexec_fn=cap)
    return Outcome(tuple(args), done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace"))


@pytest.mark.parametrize(
    "args, said",
    [
        (("play", "becalmed", "--resume", os.devnull.replace("null", "zero")), ("/dev/zero", "not a regular file")),
        (("play", "becalmed", "--script", "/dev/zero"), ("/dev/zero", "NUL")),
        (("play", "deadreckoning", "--sealed", "/dev/zero"), ("/dev/zero", "not a regular file", "reveal file")),
        (("verify", "seal", "/dev/zero", "abcdef0123456789"), ("/dev/zero", "not a regular file")),
        (("review", "/dev/zero"), ("/dev/zero", "not a regular file")),
    ],
    ids=["resume", "script", "sealed", "verify-seal", "review"],
)
def test_a_device_with_no_end_is_refused_unread(tmp_path: Path, args: tuple[str, ...], said: tuple[str, ...]) -> None:
    assert_refused(_capped(*args, cwd=tmp_path), said)


def test_files_past_their_size_limits_are_refused_unread(tmp_path: Path) -> None:
    sparse("save.txt", 9 * 1024 * 1024)(tmp_path)
    sparse("card.md", 2 * 1024 * 1024)(tmp_path)
    sparse("run.jsonl", 17 * 1024 * 1024)(tmp_path)
    said = ("save.txt", "it is 9 MB", "up to 8 MB")
    assert_refused(_capped("play", "becalmed", "--resume", "save.txt", cwd=tmp_path), said)
    assert_refused(_capped("play", "card.md", cwd=tmp_path), ("card.md", "up to 1 MB"))
    assert_refused(_capped("solve", "becalmed", "--card", "card.md", cwd=tmp_path), ("card.md", "up to 1 MB"))
    assert_refused(_capped("review", "run.jsonl", cwd=tmp_path), ("run.jsonl", "up to 16 MB"))  # verify run's limit


def test_a_line_with_no_end_in_a_script_is_answered_as_too_long_in_little_memory(tmp_path: Path) -> None:
    """30 MB with no newline: read past 64 KiB at a time, answered as a message over 4,000
    characters, and the next line is played."""
    with open(tmp_path / "orders.txt", "wb") as f:
        f.write("é".encode() * (15 * 1024 * 1024) + b"\nFULL, SAIL, ROW\n")  # a 2-byte character across the 64 KiB mark
    done = _capped("play", "becalmed", "--script", "orders.txt", "--json", cwd=tmp_path)
    assert done.code == 0, done.stderr
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert "over 4,000 characters" in replies[1]["text"] and len(replies[1]["message"]) == 4001
    assert replies[2]["state"]["day"] == 2
