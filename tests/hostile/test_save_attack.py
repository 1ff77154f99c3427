"""A pasted SAVE block attacked family by family, on every card, through the Run (a pasted first
message) and the game's load: a block that means a reached state resumes whatever its layout, and
every other is refused in one line that says why, never with a traceback.

The base blocks are real: each card's SAVE of mornings random legal play reaches. Each family
changes them the way a chat, an editor or a person does: line breaks and quoting, characters that
look like the card's but are not, numbers past any field's size, two blocks at once, a block whose
BEGIN line is lost.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cardgm.card import load_card
from cardgm.game import Game, SaveError
from cardgm.games import card_text, make_game
from cardgm.run import Run
from cardgm.save import BEGIN, END, MAX_FIELD

from .support import Case, Outcome, assert_refused, run_all

CARDS = ("becalmed", "cattle-trail", "deadreckoning")


@cache
def game(card: str) -> Game:
    return make_game(load_card(card))


def _legal(card: str, g: Game, s: Any) -> list[Any]:
    if card == "cattle-trail":
        from cardgm.games.cattle_trail import moves

        return [a for a in moves.legal(g, s) if type(a).__name__ != "TurnForHome"]
    if card == "becalmed":
        from cardgm.games.becalmed import rules as brules

        return [a for a in brules.legal_actions(s) if type(a).__name__ != "LetHerDrive"]
    from cardgm.games.deadreckoning import rules as drules

    return [a for a in drules.legal_actions(s) if type(a).__name__ != "StrikeColours"]


@cache
def mornings(card: str, count: int = 4, seed: int = 19) -> tuple[Any, ...]:
    """States random legal play stands on between moves (DROVER'S AUTUMN within day 8, whose
    mornings are held whole, so that each check is a look-up)."""
    g, rng, out = game(card), random.Random(seed), []
    while len(out) < count:
        s, keep = g.new(), g.new()
        for _ in range(rng.randint(2, 12)):
            after, _ = g.apply(replace(s, turn=s.turn + 1), rng.choice(_legal(card, g, s)))
            if g.ending(after) is not None or getattr(after, "day", 0) > 8:
                break
            s = after
            if getattr(s, "phase", "calls") == "calls":
                keep = s
        out.append(keep)
    return tuple(out)


def blocks(card: str) -> list[str]:
    return [game(card).save(s) for s in mornings(card)]


def tokens(block: str) -> list[str]:
    return block.split(BEGIN, 1)[1].split(END, 1)[0].split()


def block_of(words: list[str], sep: str = " ") -> str:
    return f"{BEGIN}\n{sep.join(words)}\n{END}"


def pasted(card: str, message: str) -> tuple[Run, Any]:
    run = Run(game(card))
    run.start()
    return run, run.reply(message)


# -- layouts that mean the same block: each resumes to the very state --------------------------------

SAME: dict[str, Callable[[str], str]] = {
    "crlf": lambda b: b.replace("\n", "\r\n"),
    "cr": lambda b: b.replace("\n", "\r"),
    "line-separator": lambda b: b.replace("\n", "\u2028"),
    "tabs": lambda b: block_of(tokens(b), "\t"),
    "no-break-spaces": lambda b: block_of(tokens(b), "\u00a0"),
    "a-field-a-line": lambda b: block_of(tokens(b), "\n"),
    "one-line": lambda b: " ".join(b.split()),
    "fields-reversed": lambda b: block_of(tokens(b)[::-1]),
    "fields-shuffled": lambda b: block_of(random.Random(len(b)).sample(tokens(b), len(tokens(b)))),
    "indented": lambda b: "\n".join("    " + line for line in b.splitlines()),
    "blank-lines": lambda b: b.replace("\n", "\n\n"),
    "trailing-spaces": lambda b: "\n".join(line + " \t" for line in b.splitlines()),
    "quoted": lambda b: "\n".join("> " + line for line in b.splitlines()),
    "quoted-twice-crlf": lambda b: "\r\n".join("> > " + line for line in b.splitlines()),
    "quoted-no-space": lambda b: "\n".join(">" + line for line in b.splitlines()),
    "code-fence": lambda b: f"```\n{b}\n```",
    "in-prose": lambda b: f"here is my save, please resume:\n\n{b}\n\nthanks",
    "same-block-twice": lambda b: f"{b}\n\n{b}",
    "the-same-block-quoted-and-not": lambda b: b + "\n" + "\n".join("> " + line for line in b.splitlines()),
}


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("family", sorted(SAME))
def test_a_block_laid_out_another_way_resumes_the_same_state(card: str, family: str) -> None:
    for block in blocks(card):
        want = game(card).load(block)
        run, reply = pasted(card, SAME[family](block))
        assert reply.command == "resume", (family, reply.prose[:300])
        assert replace(run.state, turn=0) == replace(want, turn=0)


def test_a_card_pasted_above_its_save_resumes_the_save_not_the_cards_template() -> None:
    """The card says: paste the full card, then the save. The card's SAVE section holds a template
    block ({fields} in braces), which is no save to read."""
    for card in CARDS:
        template = f"{BEGIN} game:{game(card).card.game_id} turn:{{n}} day:{{n}} {END}"
        for block in blocks(card)[:2]:
            for above in (card_text(card), template):
                run = Run(game(card))
                run.start()
                assert run.resume(block, f"{above}\n\n{block}").command == "resume"


# -- characters a SAVE never holds: named, never read as a digit or a letter ---------------------------

LOOK_ALIKES = {
    "cyrillic-o": "\u043e",
    "cyrillic-a": "\u0430",
    "full-width-1": "\uff11",
    "arabic-indic-2": "\u0662",
    "superscript-2": "\u00b2",  # str.isdigit takes it; int() does not
    "zero-width-space": "\u200b",
    "zero-width-joiner": "\u200d",
    "soft-hyphen": "\u00ad",
    "nul": "\x00",
    "escape": "\x1b",
    "replacement": "\ufffd",
}


def _marked(block: str) -> Iterator[tuple[str, str, str]]:
    """(field, character's name, block) with the character put into each field's value: in place
    of its first digit or letter, and after its last."""
    words = tokens(block)
    for i, word in enumerate(words):
        key, _, value = word.partition(":")
        for name, ch in LOOK_ALIKES.items():
            swapped = re.sub(r"[0-9A-Za-z]", ch, value, count=1) if value else ch
            for new in (f"{key}:{swapped}", f"{key}:{value}{ch}"):
                yield key, name, block_of(words[:i] + [new] + words[i + 1 :])


@pytest.mark.parametrize("card", CARDS)
def test_a_look_alike_character_in_any_field_is_refused_naming_it(card: str) -> None:
    g = game(card)
    for block in blocks(card)[:2]:
        for key, name, bad in _marked(block):
            with pytest.raises(SaveError) as refused:
                g.load(bad)
            why = str(refused.value)
            ch = LOOK_ALIKES[name]
            assert f"U+{ord(ch):04X}" in why and "ASCII" in why, (key, name, why)
            assert "\n" not in why and ch not in why, (key, name, why)  # shown by its code point only


@pytest.mark.parametrize("card", CARDS)
def test_a_zero_width_space_between_fields_is_named_not_taken_for_another_card(card: str) -> None:
    for block in blocks(card)[:2]:
        _, reply = pasted(card, block_of(tokens(block), "\u200b"))
        assert "U+200B" in reply.prose and "\u200b" not in reply.prose and "not of" not in reply.prose


# -- sizes: past any field, past what int() reads ------------------------------------------------------

NUMBER = re.compile(r"^(?P<key>[a-z]+):(?P<n>\d+)(?P<rest>/\d+)?$")


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("digits", [101, 4_301, 5_000, 100_000])
def test_a_number_of_any_length_is_refused_in_one_short_line(card: str, digits: int) -> None:
    """5,000 digits was a traceback (int() reads at most 4,300); 10**100 a plain refusal."""
    g = game(card)
    block = blocks(card)[0]
    words = tokens(block)
    numbered = [i for i, w in enumerate(words) if NUMBER.match(w)]
    assert len(numbered) >= 3
    for i in numbered:
        m = NUMBER.match(words[i])
        assert m is not None
        for big in ("9" * digits, "1" + "0" * (digits - 1), "-" + "9" * digits, "0" * digits + m["n"]):
            bad = block_of(words[:i] + [f"{m['key']}:{big}{m['rest'] or ''}"] + words[i + 1 :])
            try:
                state = g.load(bad)
            except SaveError as refused:
                assert len(str(refused)) < 400 and "\n" not in str(refused)
                continue
            # Resumed only where it means a reached state: the same number with leading zeros, or
            # a turn (any count of replies may come before a save; the card sets no end to them).
            assert m["key"] == "turn" or int(big) == int(m["n"]), (m["key"], big[:20])
            if m["key"] != "turn":
                assert state == g.load(block)


@pytest.mark.parametrize("card", CARDS)
def test_a_megabyte_word_is_refused_by_its_length(card: str) -> None:
    g = game(card)
    words = tokens(blocks(card)[0])
    for long in ("x:" + "a" * 1_000_000, words[0] + "a" * 1_000_000, "[" * 1_000_000, "note:" + "x:" * 400_000):
        with pytest.raises(SaveError, match=f"over {MAX_FIELD}"):
            g.load(block_of(words + [long]))


def test_many_unknown_fields_are_named_in_part() -> None:
    """DROVER'S AUTUMN names every extra field; 100,000 of them are named five and counted."""
    words = tokens(blocks("cattle-trail")[0])
    with pytest.raises(SaveError) as refused:
        game("cattle-trail").load(block_of(words + [f"k{i}:1" for i in range(100_000)]))
    assert "and 99,995 more" in str(refused.value) and len(str(refused.value)) < 200


# -- two blocks, half a block, a block whose markers were changed --------------------------------------


@pytest.mark.parametrize("card", CARDS)
def test_two_different_blocks_in_one_message_are_refused(card: str) -> None:
    """The first of two different blocks used to resume silently."""
    one, other = blocks(card)[0], blocks(card)[1]
    assert tokens(one) != tokens(other)
    for message in (f"{one}\n{other}", f"{other}\n\n{one}", f"{one}\n" + "\n".join("> " + x for x in other.splitlines())):
        run, reply = pasted(card, message)
        assert reply.command != "resume" and "2 different SAVE blocks" in reply.prose
        assert run.state == replace(game(card).new(), turn=2)


MANGLED: dict[str, Callable[[str], str]] = {
    "markers-lower-case": lambda b: b.replace(BEGIN, BEGIN.lower()).replace(END, END.lower()),
    "markers-spaced": lambda b: b.replace(BEGIN, "----- BEGIN AIGC SAVE -----"),
    "four-dashes": lambda b: b.replace("-----", "----"),
    "end-half": lambda b: block_of(tokens(b)[len(tokens(b)) // 2 :]).split("\n", 1)[1],
    "fields-only": lambda b: " ".join(tokens(b)),
    "fields-only-a-line-each": lambda b: "\n".join(tokens(b)),
}


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("family", sorted(MANGLED))
def test_a_block_without_its_begin_line_is_answered_as_a_save_never_read_as_orders(card: str, family: str) -> None:
    """BECALMED held `canvas:down` as a call, and DROVER'S AUTUMN and DEADRECKONING printed a SAVE
    for the word in the END line; now the message is a block that cannot be resumed, before and
    after the run has moved, and nothing is held."""
    for block in blocks(card)[:2]:
        message = MANGLED[family](block)
        for moved in (False, True):
            run = Run(game(card))
            run.start()
            if moved:
                run.reply("save")
            before = run.state
            reply = run.reply(message)
            assert "cannot be resumed" in reply.prose and "Nothing has changed" in reply.prose, (family, reply.prose[:200])
            assert run.pending is None and replace(run.state, turn=0) == replace(before, turn=0)


# -- states one reply off: BECALMED's dusk, DEADRECKONING's sha ------------------------------------------


def test_a_becalmed_block_saved_after_a_dusk_needs_a_reply_for_that_dusk() -> None:
    """A block at day n's dusk (tape 2n) resumes at day n+1's dawn; it was taken with turn:n, a
    morning of day n+1 at turn n, fewer replies than the days (ruling 31)."""
    g = game("becalmed")
    for s in mornings("becalmed", 8):
        if s.day < 2:
            continue
        dusk = replace(s, day=s.day - 1, tape=s.tape - 1)
        with pytest.raises(SaveError, match=f"day {s.day - 1}'s dusk"):
            g.load(g.save(replace(dusk, turn=s.day - 1)))
        assert g.load(g.save(replace(dusk, turn=s.day))).day == s.day


@pytest.mark.parametrize("sha", ["", "none:none", "None", "NONE", "sealed", "-"])
def test_a_deadreckoning_sha_that_is_no_seal_is_told_to_be_none(sha: str) -> None:
    block = blocks("deadreckoning")[0].replace("sha:none", f"sha:{sha}")
    with pytest.raises(SaveError, match="carry sha:none"):
        game("deadreckoning").load(block)


# -- the doors: --resume FILE, stdin, audit ---------------------------------------------------------


def _file(name: str, text: str) -> Callable[[Path], None]:
    def make(where: Path) -> None:
        (where / name).write_bytes(text.encode("utf-8"))

    return make


def _cli_cases() -> dict[str, Case]:
    cases: dict[str, Case] = {}
    for card in CARDS:
        block = blocks(card)[0]
        words = tokens(block)
        resume = ("play", card, "--resume", "s.txt")
        cases[f"{card}-resume-huge-number"] = Case(_file("s.txt", block.replace("turn:", "turn:" + "9" * 5000, 1)), resume, ("5,0",))
        cases[f"{card}-resume-superscript"] = Case(_file("s.txt", block.replace("turn:", "turn:\u00b2", 1)), resume, ("U+00B2",))
        cases[f"{card}-resume-two-blocks"] = Case(_file("s.txt", f"{block}\n{blocks(card)[1]}"), resume, ("2 different",))
        cases[f"{card}-resume-long-word"] = Case(_file("s.txt", block_of(words + ["x" * 3_000_000])), resume, ("3,000,000 characters",))
    return cases


CLI = _cli_cases()


@pytest.fixture(scope="module")
def doors(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Outcome]:
    ok: dict[str, Case] = {}
    for card in CARDS:
        block = blocks(card)[0]
        quoted = "\r\n".join("> " + line for line in block.splitlines())
        ok[f"{card}-resume-card-then-save"] = Case(_file("s.txt", f"{card_text(card)}\n\n{block}\n"), ("play", card, "--resume", "s.txt"))
        ok[f"{card}-resume-quoted-crlf"] = Case(_file("s.txt", quoted), ("play", card, "--resume", "s.txt"))
        ok[f"{card}-stdin-quoted"] = Case(lambda w: None, ("play", card), stdin=(quoted.replace("\r\n", "\n") + "\n").encode())
        sup = block.replace("turn:", "turn:\u00b2", 1).replace("\n", " ")
        ok[f"{card}-audit-superscript-turn"] = Case(
            _file("chat.txt", f"User: {sup}\n\nAssistant: resumed.\n\n{game(card).ledger(mornings(card)[0])}\n\nUser: save\n\nAssistant: {sup}\n"),
            ("audit", "chat.txt", "--card", card),
        )
    return run_all({**CLI, **ok}, tmp_path_factory.mktemp("doors"))


@pytest.mark.parametrize("name", sorted(CLI))
def test_a_hostile_resume_file_is_one_line_and_exit_2(doors: dict[str, Outcome], name: str) -> None:
    assert_refused(doors[name], CLI[name].said)


@pytest.mark.parametrize("card", CARDS)
def test_the_doors_take_a_quoted_block_and_a_card_above_it(doors: dict[str, Outcome], card: str) -> None:
    for how in ("resume-card-then-save", "resume-quoted-crlf", "stdin-quoted"):
        done = doors[f"{card}-{how}"]
        assert done.code == 0 and "Traceback" not in done.stderr, (how, done.stderr[-1500:])
        assert "cannot be resumed" not in done.stdout and game(card).ledger(mornings(card)[0]) in done.stdout, (how, done.stdout[:500])
    audit = doors[f"{card}-audit-superscript-turn"]
    assert "Traceback" not in audit.stdout + audit.stderr and audit.code in (0, 1), audit.stderr[-1500:]


def test_the_mcp_resume_tool_refuses_in_words_and_takes_a_quoted_block(tmp_path: Path) -> None:
    from cardgm.mcp.tools import ToolRefusal, Tools
    from cardgm.store import open_store

    tools = Tools(open_store(f"sqlite:///{tmp_path}/runs.db"), rng=random.Random(3))
    for card in CARDS:
        block, other = blocks(card)[0], blocks(card)[1]
        assert tools.resume_run("\n".join("> " + line for line in block.splitlines()))["card"] == card
        huge = block.replace("turn:", "turn:" + "9" * 3000, 1)  # a message is at most 4,000 characters
        for bad, said in ((huge, "over 200"), (block.replace("turn:", "turn:\u00b2", 1), r"U\+00B2"), (f"{block}\n{other}", "2 different")):
            with pytest.raises(ToolRefusal, match=said):
                tools.resume_run(bad)
