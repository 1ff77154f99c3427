"""cardgm's DEADRECKONING against an engine written from the card alone (deadreckoning_ref.py).

Random duels on the card's berth and on random legal berths (sealed, as `cardgm seal` would),
driven through cardgm's public surface (`Run`, `make_game(card, secret=TEXT)`, `cardgm play
--json`): random cells with repeats, in the card's printed forms and lower case, saves, resumes
from the printed block, and striking the colours at random moments. After every reply: the LEDGER
byte for byte, the SAVE block, the shot grid printed, the card's own words ("already fired on",
"SUNK — …", HIT/MISS), whether the duel ended, the RESULT line and the score. Nothing about the
berth may show before the end: each sealed duel is played twice in lockstep, on its berth and on
a twin berth that has answered every shot alike so far (one hull moved, or two hulls of one length
named the other way round), and the two must print the same bytes (seal hashes aside), in the
reply, its --json fields and the site's board and panel, until their answers part (twins of
other shapes too, found by search, with the --coach hint asked between salvos).

Beside the duels: the legality of a berth both ways against `Berth.is_legal`, the number of legal
berths counted from the card's fleet, and `cardgm audit` on chat transcripts the reference plays.

By hand: CARDGM_DR_DUELS=5000 (default 300) and CARDGM_DR_HINT_DUELS=10 (default 2) run more.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardgm import games
from cardgm.card import Card, load_card
from cardgm.cli import main
from cardgm.games.deadreckoning.game import DeadReckoning, make_game
from cardgm.games.deadreckoning.state import Berth as CardgmBerth
from cardgm.games.deadreckoning.state import Ship
from cardgm.run import Reply, Run

from .deadreckoning_ref import (
    ALL_CELLS,
    CARD_BERTH,
    FLEET,
    HIT,
    Berth,
    RefDuel,
    count_named_berths,
    is_legal,
    random_berth,
    random_layout,
    reveal_text,
)

DUELS = int(os.environ.get("CARDGM_DR_DUELS", "300"))
STRIKE = "I strike my colours"
# Ruling 3: the card's phrase, and a plain give-up in the card's own words, strike at once.
STRIKES = (STRIKE, "i strike my colors", "We strike our colours!", "I give up", "I surrender")
# Replies that fire nothing (rulings 4, 11, 19, 25, 30): each is a turn and must tell nothing.
CHATTER = (
    "help", "how long are the ships?", "which ships are sunk?", "how many cells left?", "is the Cutter sunk?",
    "is there a ship at D4?", "where did i hit", "was that a hit?", "did that sink it?", "what's par?",
    "show me the berth", "read the seal", "which way does it run?", "undo", "what turn is it?",
    "how many misses?", "is the Frigate vertical?", "which ship did I hit?", "how many ships are left?",
)
SEAL_TAG = re.compile(r"sha:[0-9a-f]{16}\.[0-9a-f]{32}")


@cache
def card() -> Card:
    return load_card("deadreckoning")


@dataclass
class Side:
    """One duel as both engines see it: cardgm's Run and the reference."""

    berth: Berth
    game: DeadReckoning
    run: Run
    ref: RefDuel
    secret: str | None  # the reveal file's text for a sealed berth, None for the card's own
    commitment: str | None
    replies: list[Reply] = field(default_factory=list)


def side_for(berth: Berth, salt: str | None) -> Side:
    if salt is None:
        game = make_game(card())
        secret = commitment = None
    else:
        secret = reveal_text(berth, salt)
        commitment = hashlib.sha256(secret.encode("utf-8")).hexdigest()
        game = make_game(card(), secret=secret)
    run = Run(game)
    side = Side(berth, game, run, RefDuel(berth), secret, commitment)
    side.replies.append(run.start())
    return side


def say_cell(cell: str, rng: random.Random) -> str:
    """The card's forms ("D4", "fire H1", "salvo C7"), in either case."""
    form = rng.choice(["{}", "{}", "fire {}", "salvo {}"])
    return form.format(cell if rng.random() < 0.5 else cell.lower())


def expected_save(side: Side) -> str:
    block = side.ref.save_block()
    if side.commitment is None:
        return block
    # Ruling 23: a sealed duel's sha field carries its seal; every other byte is the card's.
    return block.replace("sha:none", f"sha:{side.commitment[:16]}.")


def check_save(side: Side, printed: str | None) -> None:
    expected = expected_save(side)
    assert printed is not None, "a save asked for printed no SAVE block"
    if side.commitment is None:
        assert printed == expected
    else:
        head, tag = printed.rsplit(f"sha:{side.commitment[:16]}.", 1)
        assert head + f"sha:{side.commitment[:16]}." + tag[32:] == expected
        assert re.fullmatch(r"[0-9a-f]{32}", tag[:32]), printed


def verify_pointer(side: Side) -> str:
    """Where the player is sent to check the seal: the card's site for the card's own seal, and
    for a berth cardgm sealed (which that site never saw) the command that checks it (ruling 32)."""
    if side.commitment is None:
        return "aigamecards.com/verify"
    return f"cardgm verify seal reveal-{side.commitment[:12]}.md {side.commitment}"


def check_reply(side: Side, reply: Reply, *, repeat_of: str = "", mark: str = "", sunk_now: str = "", saved: bool = False) -> None:
    """Everything the card fixes about one reply, against the reference's account of it."""
    ref = side.ref
    where = f"turn {ref.turn}: {reply.message!r}"
    assert reply.ledger == ref.ledger(), where
    assert reply.text.endswith("\n" + ref.ledger()), f"{where}: the LEDGER is not last"  # rule 1
    assert reply.turn == ref.turn, where
    assert reply.ended == bool(ref.end), where
    text = reply.text
    if repeat_of:
        assert f"already fired on {repeat_of}" in text, where  # RESOLUTION 1
    if mark:
        word = "HIT" if mark == HIT else "MISS"
        assert re.search(rf"\b{word}\b", reply.prose), where  # HOW TO PLAY: "answers HIT, MISS, or SUNK"
        assert not re.search(rf"\b{'MISS' if mark == HIT else 'HIT'}\b", reply.prose), where
    sunk_lines = re.findall(r"SUNK — [A-Za-z]+ \(\d cells\)", text)
    assert sunk_lines == ([sunk_now] if sunk_now else []), where  # RESOLUTION 3, never a word before
    if saved:
        check_save(side, reply.save)
        assert reply.save is not None and reply.save in text, where
    else:
        assert reply.save is None, where
    if not ref.end:
        assert ref.printed_grid() in text, f"{where}: the shot grid is not printed"  # rule 8
        check_save(side, side.game.save(side.run.state))  # the block a "save" would print now
        assert reply.result is None and reply.score is None and "RESULT:" not in text, where
        assert "berth" not in reply.fields, where
        return
    # SCORING & ENDGAME: the reveal grid, the RESULT on its own line, then the LEDGER last.
    assert ref.printed_grid(ref.reveal_marks()) in text, f"{where}: the reveal grid is missing"
    for name, cells in side.berth.items():
        assert f"{name} — {len(cells)} cells — {', '.join(cells)}" in text, f"{where}: {name} not revealed"
    assert reply.result == ref.result_line(), where
    assert reply.score == ref.score() and reply.end == ref.end, where
    lines = text.split("\n")
    assert ref.result_line() in lines, f"{where}: RESULT not on its own line"
    assert lines.index(ref.result_line()) < len(lines) - 1, where
    # SCORING 5, after the RESULT (ruling 8): "share their run at aigamecards.com/epilogue and
    # verify the seal at aigamecards.com/verify"; the reveal (SCORING 1) before it.
    after_result = text.split(ref.result_line(), 1)[1]
    assert "aigamecards.com/epilogue" in after_result and verify_pointer(side) in after_result, where
    assert text.index(ref.printed_grid(ref.reveal_marks())) < text.index(ref.result_line()), where
    assert reply.fields["berth"] == {n: list(c) for n, c in side.berth.items()}, where


def step(side: Side, message: str) -> Reply:
    reply = side.run.reply(message)
    side.replies.append(reply)
    return reply


def twin_of(berth: Berth, rng: random.Random) -> Berth | None:
    """A different legal berth: two hulls of one length named the other way round, or one hull
    moved elsewhere. Until a shot tells them apart, cardgm must print the same bytes for both."""
    if rng.random() < 0.4:
        a, b = rng.choice([("Cutter", "Frigate"), ("Sloop", "Brigantine")])
        return {**berth, a: berth[b], b: berth[a]}
    name = rng.choice([n for n, _ in FLEET])
    for _ in range(200):
        moved = {**berth, name: random_berth(rng)[name]}
        if is_legal(moved) and moved != berth:
            return moved
    return None


def same_answers(a: RefDuel, b: RefDuel) -> bool:
    return a.grid == b.grid and a.sunk_list() == b.sunk_list() and not a.end and not b.end


def neutral(side: Side, text: str) -> str:
    """A reply with its own seal's hashes taken out (two berths have two commitments)."""
    assert side.commitment is not None
    text = SEAL_TAG.sub("sha:<seal>", text)
    return text.replace(side.commitment, "<commitment>").replace(side.commitment[:12], "<name>")


def check_twins(a: Side, b: Side) -> None:
    ra, rb = a.replies[-1], b.replies[-1]
    for attr in ("text", "prose", "ledger", "save", "read_as", "command", "ended"):
        va, vb = getattr(ra, attr), getattr(rb, attr)
        if isinstance(va, str):
            va, vb = neutral(a, va), neutral(b, vb)
        assert va == vb, f"{attr} tells the berths apart at turn {a.ref.turn}: {ra.message!r}"
    fa = json.dumps(ra.fields, sort_keys=True)
    fb = json.dumps(rb.fields, sort_keys=True)
    assert neutral(a, fa) == neutral(b, fb), f"--json state tells the berths apart at turn {a.ref.turn}"
    # What the site draws beside the chat: the clickable grid and the status panel.
    for view in ("board", "panel"):
        va = json.dumps(getattr(a.game, view)(a.run.state), sort_keys=True)
        vb = json.dumps(getattr(b.game, view)(b.run.state), sort_keys=True)
        assert neutral(a, va) == neutral(b, vb), f"the {view} tells the berths apart at turn {a.ref.turn}"


@dataclass
class Tally:
    duels: int = 0
    replies: int = 0
    salvos: int = 0
    repeats: int = 0
    cleared: int = 0
    struck: int = 0
    saves: int = 0
    resumes: int = 0
    twin_replies: int = 0
    after_end: int = 0
    chatter: int = 0
    scores: list[int] = field(default_factory=list)


def play_duel(seed: int, tally: Tally) -> None:
    rng = random.Random(seed)
    on_card = rng.random() < 0.25
    berth = CARD_BERTH if on_card else random_berth(rng)
    salt = None if on_card else f"{rng.getrandbits(128):032x}"
    side = side_for(berth, salt)
    twin = None
    if not on_card:
        other = twin_of(berth, rng)
        if other is not None:
            twin = side_for(other, f"{rng.getrandbits(128):032x}")
            check_twins(side, twin)
    check_reply(side, side.replies[-1])
    # OPENING: "Read them the published SHA-256 commitment" (the card prints 16 hex digits).
    assert (side.commitment or "8f2a9039494ba4ae") in side.replies[0].text
    assert verify_pointer(side) in side.replies[0].text  # OPENING: "tell them they can verify it"
    hunt = rng.choice([0.0, 0.3, 0.7, 1.0])  # how often a salvo goes at an unstruck hull cell
    strike_at = rng.random() * 0.04
    tally.duels += 1
    while not side.ref.end:
        roll = rng.random()
        fired = [c for c in ALL_CELLS if side.ref.grid[ALL_CELLS.index(c)] != "."]
        if roll < strike_at:
            message, kind = rng.choice(STRIKES), "strike"
        elif roll < strike_at + 0.04:
            message, kind = "save", "save"
        elif roll < strike_at + 0.08:
            message, kind = rng.choice(CHATTER), "chatter"
        elif fired and roll < 0.25:
            message, kind = say_cell(rng.choice(fired), rng), "repeat"
        else:
            hull = [c for cells in berth.values() for c in cells if c not in fired]
            open_water = [c for c in ALL_CELLS if c not in fired and c not in hull]
            pool = hull if (rng.random() < hunt and hull) or not open_water else open_water
            message, kind = say_cell(rng.choice(pool), rng), "salvo"
        cell = message.split()[-1].upper()
        tally.replies += 1
        if kind == "strike":
            side.ref.strike_colours()
            check_reply(side, step(side, message))
        elif kind == "chatter":
            side.ref.pause()
            check_reply(side, step(side, message))
            tally.chatter += 1
        elif kind == "save":
            side.ref.pause()
            check_reply(side, step(side, message), saved=True)
            tally.saves += 1
            if rng.random() < 0.5:  # a new chat from the block just printed
                block = side.replies[-1].save
                assert block is not None
                side.run = Run(side.game)
                side.run.start()
                side.ref = side.ref.resume()
                # As printed, or on one line as the card itself prints the block, or with CRLF.
                block = rng.choice([block, block.replace("\n", " "), block.replace("\n", "\r\n")])
                if side.commitment is None and "," in side.ref.sunk_list() and rng.random() < 0.5:
                    # Ruling 10: a sunk list in another order (the order sunk) loads in the fleet's.
                    listed = side.ref.sunk_list()
                    block = block.replace(f"sunk:{listed}", "sunk:" + ",".join(reversed(listed.split(","))))
                check_reply(side, step(side, block))
                assert side.replies[-1].command == "resume"
                tally.resumes += 1
                twin = None  # the twin's own block carries its own seal: the lockstep ends here
        else:
            fact = side.ref.salvo(cell)
            reply = step(side, message)
            check_reply(side, reply, repeat_of=cell if fact.repeat else "", mark=fact.mark, sunk_now=fact.sunk_now)
            tally.salvos += 1
            tally.repeats += fact.repeat
        if twin is not None:
            if kind == "strike":
                twin = None  # the end reveals each berth: no longer the same
            else:
                if kind in ("save", "chatter"):
                    twin.ref.pause()
                else:
                    twin.ref.salvo(cell)
                step(twin, message)
                if same_answers(side.ref, twin.ref):
                    check_twins(side, twin)
                    tally.twin_replies += 1
                else:
                    twin = None
    if rng.random() < 0.3:  # after the end nothing counts: the same LEDGER and RESULT again
        after = step(side, rng.choice([say_cell(rng.choice(ALL_CELLS), rng), "save", STRIKE]))
        assert after.ledger == side.ref.ledger() and after.ended and after.result == side.ref.result_line()
        assert after.save is None and "SUNK" not in after.text
        tally.after_end += 1
    tally.cleared += side.ref.end == "cleared"
    tally.struck += side.ref.end == "struck-colours"
    tally.scores.append(side.ref.score())


def test_random_duels_agree_with_the_independent_engine_reply_by_reply() -> None:
    tally = Tally()
    for seed in range(DUELS):
        play_duel(seed, tally)
    # The sample must reach every branch it claims to test.
    assert tally.duels == DUELS
    assert tally.cleared > DUELS // 4 and tally.struck > DUELS // 10
    assert tally.repeats > DUELS and tally.saves > DUELS // 4 and tally.resumes > DUELS // 10
    assert tally.twin_replies > DUELS * 5 and tally.chatter > DUELS // 2 and tally.after_end > DUELS // 5
    assert min(tally.scores) == 0 and 100 in tally.scores and any(46 < s < 100 for s in tally.scores)
    print(f"\n{tally.duels} duels, {tally.replies} replies ({tally.salvos} salvos, {tally.repeats} repeats), "
          f"{tally.chatter} questions, {tally.saves} saves, {tally.resumes} resumes, {tally.cleared} cleared, {tally.struck} struck, "
          f"{tally.twin_replies} twin replies compared")


def cardgm_berth(layout: Berth) -> CardgmBerth:
    return CardgmBerth(tuple(Ship(name, length, layout[name]) for name, length in FLEET))


def test_the_legal_berth_rule_agrees_both_ways_on_random_layouts() -> None:
    rng = random.Random(7)
    legal = illegal = 0
    for _ in range(4000 if DUELS <= 300 else 40000):
        layout = random_layout(rng) if rng.random() < 0.8 else random_berth(rng)
        ours = is_legal(layout)
        assert cardgm_berth(layout).is_legal() == ours, layout
        legal += ours
        illegal += not ours
    assert legal > 500 and illegal > 500


@pytest.mark.parametrize(
    ("hull", "legal"),
    [
        (("F4", "F3", "F2"), True),  # a hull's cells in any order
        (("F3", "F2", "F4"), True),
        (("f2", "f3", "f4"), True),  # a cell in either case is the same cell (ruling 2)
        (("F2", "F3", "F5"), False),  # broken
        (("F2", "G3", "H4"), False),  # not straight
        (("H8", "H9", "H10"), False),  # off the sea
        (("F2", "F2", "F3"), False),  # a cell twice
        (("G8", "H8", "A1"), False),  # no wrapping round the edge
        (("E2", "E3", "E4"), False),  # E4 meets the Brigantine's D5 at a corner
        (("D1", "E1", "F1"), False),  # D1 meets the Cutter's C2 at a corner
        (("F1", "G1", "H1"), True),
    ],
)
def test_a_hull_the_two_legality_checks_must_agree_on(hull: tuple[str, ...], legal: bool) -> None:
    layout = {**CARD_BERTH, "Sloop": hull}
    assert is_legal(layout) == legal
    assert cardgm_berth(layout).is_legal() == legal


def test_the_reference_engine_plays_the_cards_examples() -> None:
    """The reference is checked against the card's own numbers before it judges cardgm."""
    assert is_legal(CARD_BERTH)
    assert not is_legal({**CARD_BERTH, "Frigate": ("E6", "E7")})  # corner to corner with D5
    assert not is_legal({**CARD_BERTH, "Frigate": ("A3", "B4")})  # not straight
    duel = RefDuel(CARD_BERTH)
    assert duel.ledger() == "[L] turn:1 shots:0 hits:0 sunk:none | " + "." * 64 + " | v1.0.0"
    assert duel.salvo("b2").mark == "x" and duel.salvo("C2").sunk_now == "SUNK — Cutter (2 cells)"
    assert duel.salvo("b2").repeat and duel.shots == 2 and duel.turn == 4
    for cell in ("F2", "F3", "F4", "B5", "C5", "D5", "H6"):
        duel.salvo(cell)
    assert duel.salvo("H7").ended and duel.score() == 100
    assert duel.result_line() == "RESULT: AIGC|deadreckoning|duel|v1.0.0|end:cleared|ch:1|turns:12|score:100|tape:0|sha:none"


def test_the_json_surface_agrees_and_hides_the_berth_end_to_end(tmp_path: Path) -> None:
    """`cardgm play --sealed FILE --json` on berth and twin: the objects a program reads agree
    with the reference, and tell the two berths apart only from the first answer that differs."""
    rng = random.Random(2026)
    for n in range(3):
        berth = random_berth(rng)
        twin = twin_of(berth, rng)
        assert twin is not None
        order = rng.sample(ALL_CELLS, 64)
        messages = [say_cell(c, rng) for c in order[:20]] + ["save", say_cell(order[0], rng)]
        messages += [say_cell(c, rng) for c in order[20:]]
        outs: list[list[dict[str, Any]]] = []
        for which in (berth, twin):
            reveal = tmp_path / f"{n}-{len(outs)}" / "reveal.md"  # one name: the name is printed
            reveal.parent.mkdir()
            reveal.write_text(reveal_text(which, f"{rng.getrandbits(128):032x}"), encoding="utf-8")
            result = CliRunner().invoke(main, ["play", "deadreckoning", "--sealed", str(reveal), "--json", "-q"], input="\n".join(messages) + "\n")
            assert result.exit_code == 0, result.output
            outs.append([json.loads(line) for line in result.stdout.splitlines() if line.strip()])
        ref, other = RefDuel(berth), RefDuel(twin)
        objects, twin_objects = outs
        assert objects[0]["ledger"] == ref.ledger()
        for i, obj in enumerate(objects[1:], start=1):
            message = messages[i - 1]
            for duel in (ref, other):
                if duel.end:
                    continue
                if message == "save":
                    duel.pause()
                else:
                    duel.salvo(message.split()[-1])
            assert obj["ledger"] == ref.ledger() and obj["turn"] == ref.turn and obj["ended"] == bool(ref.end)
            assert obj["result"] == (ref.result_line() if ref.end else None)
            assert obj["score"] == (ref.score() if ref.end else None)
            if message == "save":
                assert obj["save"].replace(obj["save"].split("sha:")[1].split("\n")[0], "none") == ref.save_block()
            if not ref.end:
                assert "berth" not in obj["state"]
                if not other.end and other.grid == ref.grid and other.sunk_list() == ref.sunk_list():
                    strip = [re.sub(r"[0-9a-f]{12,64}(\.[0-9a-f]{32})?", "<hash>", json.dumps(o, sort_keys=True))
                             for o in (obj, twin_objects[i])]
                    assert strip[0] == strip[1], f"duel {n}, reply {i}: the --json object tells the berths apart"
            if ref.end:
                assert i == len(objects) - 1 or objects[-1]["ended"]
                break
        assert ref.end == "cleared"


@pytest.mark.parametrize("forms", [("D4", "d4", "fire D4", "salvo d4", "fire d4")])
def test_every_printed_form_of_a_cell_fires_the_same_salvo(forms: tuple[str, ...]) -> None:
    """HOW TO PLAY: 'Call a cell to fire: "D4", "fire H1", or "salvo C7"' (ruling 2: any case)."""
    for message in forms:
        side = side_for(CARD_BERTH, None)
        side.ref.salvo("D4")
        check_reply(side, step(side, message), mark="o")


def agreeing_prefix(a: Berth, b: Berth, order: list[str]) -> int:
    """How many salvos of `order` the two berths answer alike (marks and sunk list)."""
    ra, rb = RefDuel(a), RefDuel(b)
    for i, cell in enumerate(order):
        ra.salvo(cell)
        rb.salvo(cell)
        if not same_answers(ra, rb):
            return i
    return len(order)


def reshaped(berth: Berth, rng: random.Random) -> Berth:
    """The berth with one or two hulls (of any lengths) berthed afresh: a twin of another shape."""
    while True:
        fresh = random_berth(rng)
        names = rng.sample([n for n, _ in FLEET], rng.choice([1, 2]))
        twin = {n: (fresh[n] if n in names else cells) for n, cells in berth.items()}
        if is_legal(twin) and twin != berth:
            return twin


HINT_DUELS = int(os.environ.get("CARDGM_DR_HINT_DUELS", "2"))


def test_twins_of_other_shapes_print_alike_hints_included_until_a_shot_tells_them_apart() -> None:
    """Twins that agree on hits as well as misses (a 3-cell hull where the other has a 2), found
    by search along a fixed firing order; the coach's "hint" (--coach) must read the grid only."""
    found = games.entry("deadreckoning")
    assert found.coach is not None
    coach_of = games.load(found.coach, found.package)
    rng = random.Random(31)
    compared = shared_hits = 0
    for _ in range(HINT_DUELS):
        berth = random_berth(rng)
        order = rng.sample(ALL_CELLS, 64)
        twin_berth = max((reshaped(berth, rng) for _ in range(400)), key=lambda b: agreeing_prefix(berth, b, order))
        agree = agreeing_prefix(berth, twin_berth, order)
        sides = [side_for(b, f"{rng.getrandbits(128):032x}") for b in (berth, twin_berth)]
        for side in sides:
            side.run = Run(side.game, coach=coach_of(side.game, quiet=True))
            side.replies = [side.run.start()]
        check_twins(*sides)
        hints_at = {agree - 1, agree // 2}
        for i, cell in enumerate(order[:agree]):
            for side in sides:
                fact = side.ref.salvo(cell)
                check_reply(side, step(side, say_cell(cell, rng)), mark=fact.mark, sunk_now=fact.sunk_now)
            check_twins(*sides)
            compared += 1
            shared_hits += sides[0].ref.grid[ALL_CELLS.index(cell)] == HIT
            if i in hints_at:
                for side in sides:
                    side.ref.pause()
                    check_reply(side, step(side, "hint"))
                assert "Hit odds" in sides[0].replies[-1].text
                check_twins(*sides)
    assert compared > HINT_DUELS * 5 and shared_hits > 0


def test_the_number_of_legal_berths_cardgm_states_is_the_cards() -> None:
    """README and ruling 13: "drawn uniformly from all 16,368,544 legal berths", counted here
    from the card's fleet alone, hull by hull (4,092,136 cell sets, each named four ways)."""
    named = count_named_berths()
    assert named == 16_368_544 and named % 4 == 0 and named // 4 == 4_092_136
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert f"all {named:,} legal berths" in readme


@pytest.mark.parametrize("sealed", [False, True])
def test_ruling_32_a_sealed_duel_sends_the_player_to_the_check_its_seal_can_take(sealed: bool) -> None:
    rng = random.Random(31)
    side = side_for(random_berth(rng) if sealed else CARD_BERTH, f"{rng.getrandbits(128):032x}" if sealed else None)
    opening = side.replies[0].text
    side.ref.strike_colours()
    last = step(side, STRIKE)
    check_reply(side, last)
    pointers = last.text.split(side.ref.result_line(), 1)[1]
    assert "aigamecards.com/epilogue" in pointers
    for text in (opening, pointers):
        assert ("cardgm verify seal" in text) == sealed and ("aigamecards.com/verify" in text) == (not sealed)
    if sealed:
        assert side.commitment is not None
        assert f"cardgm verify seal reveal-{side.commitment[:12]}.md {side.commitment}" in pointers


def test_the_json_surface_on_the_cards_own_berth() -> None:
    """`cardgm play deadreckoning --json` (no --sealed): the card's berth, its exact SAVE with
    sha:none, repeats in lower case, and the cleared sea's RESULT, object by object."""
    rng = random.Random(5)
    order = rng.sample(ALL_CELLS, 64)
    messages = [say_cell(c, rng) for c in order[:12]] + ["save"] + [say_cell(c, rng) for c in order[:3] + order[12:]]
    result = CliRunner().invoke(main, ["play", "deadreckoning", "--json", "-q"], input="\n".join(messages) + "\n")
    assert result.exit_code == 0, result.output
    objects = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    ref = RefDuel(CARD_BERTH)
    assert objects[0]["ledger"] == ref.ledger() and objects[0]["turn"] == 1
    for message, obj in zip(messages, objects[1:], strict=False):
        if message == "save":
            ref.pause()
            assert obj["save"] == ref.save_block()
        else:
            ref.salvo(message.split()[-1])
        assert obj["ledger"] == ref.ledger() and obj["text"].endswith(ref.ledger()) and obj["ended"] == bool(ref.end)
        assert ("berth" in obj["state"]) == bool(ref.end)
        if ref.end:
            break
    assert ref.end == "cleared" and len(objects) > ref.turn
    assert objects[ref.turn - 1]["result"] == ref.result_line() and objects[ref.turn - 1]["score"] == ref.score()
    for after in objects[ref.turn :]:  # the messages sent after the end change nothing
        assert after["ledger"] == ref.ledger() and after["result"] == ref.result_line() and after["save"] is None


def honest_transcript(seed: int, as_sunk: bool = False) -> tuple[str, RefDuel]:
    """A chat AI's duel on the card's berth, played by the reference and worded plainly from the
    card (HIT / MISS / SUNK, "already fired on", the grid and the LEDGER every reply, the reveal,
    RESULT and pointers at the end), as 'You said:' / 'ChatGPT said:' text. `as_sunk`: its LEDGER
    and SAVE list the sunk in the order they sank (ruling 6's other reading)."""
    rng = random.Random(seed)
    duel = RefDuel(CARD_BERTH)
    lines = ["You said:", card().text, "", "ChatGPT said:"]
    lines += ["At the rail: four ships, ten cells, an 8x8 sea, the berth sealed under 8f2a9039494ba4ae…;"]
    lines += ["verify it at aigamecards.com/verify once the duel is done.", "", duel.printed_grid(), "", "Your first salvo?", "", duel.ledger(), ""]
    strike_at = rng.random() * 0.05
    while not duel.end:
        fired = [c for c in ALL_CELLS if duel.grid[ALL_CELLS.index(c)] != "."]
        roll = rng.random()
        if roll < strike_at:
            message, words = STRIKE, ["You strike your colours."]
            duel.strike_colours()
        elif roll < strike_at + 0.04:
            duel.pause()
            message, words = "save", [duel.save_block(as_sunk)]
        else:
            unfired = [c for c in ALL_CELLS if c not in fired]
            cell = rng.choice(fired) if fired and (rng.random() < 0.2 or not unfired) else rng.choice(unfired)
            message = say_cell(cell, rng)
            fact = duel.salvo(cell)
            words = [f"already fired on {cell}."] if fact.repeat else [f"Salvo at {cell}: {'HIT' if fact.mark == HIT else 'MISS'}."]
            words += [fact.sunk_now] if fact.sunk_now else []
        lines += ["You said:", message, "", "ChatGPT said:", *words, ""]
        if duel.end:
            lines += ["The berth, as it lay:", *(f"- {n} — {len(c)} cells — {', '.join(c)}" for n, c in CARD_BERTH.items())]
            lines += ["", duel.printed_grid(duel.reveal_marks()), "", f"Score: {duel.score()}.", "", duel.result_line(), ""]
            lines += ["Share your run at aigamecards.com/epilogue and verify the seal at aigamecards.com/verify.", ""]
        else:
            lines += [duel.printed_grid(), ""]
        lines += [duel.ledger(as_sunk), ""]
    return "\n".join(lines), duel


def audit(tmp_path: Path, text: str) -> dict[str, Any]:
    path = tmp_path / "chat.txt"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["audit", str(path), "--json"])
    found: dict[str, Any] = json.loads(result.stdout)
    assert result.exit_code == (1 if found["findings"] else 0)  # the audit's exit status: 0 clean, 1 findings
    return found


def test_the_audit_passes_honest_duels_the_reference_plays_and_finds_a_planted_miscount(tmp_path: Path) -> None:
    """`cardgm audit` reads a chat AI's duel against the rules: a duel the reference played, worded
    from the card alone, has nothing to report; one LEDGER with a shot too many is found there."""
    rng = random.Random(77)
    for seed in range(max(20, DUELS // 15)):
        text, duel = honest_transcript(seed)
        report = audit(tmp_path, text)
        assert report["findings"] == [], (seed, report["findings"])
        ledgers = [i for i, line in enumerate(text.split("\n")) if line.startswith("[L] turn:")]
        assert len(ledgers) == duel.turn
        if seed % 5 == 0:
            reply = rng.randrange(2, duel.turn + 1)
            lines = text.split("\n")
            lines[ledgers[reply - 1]] = re.sub(r"shots:(\d+)", lambda m: f"shots:{int(m.group(1)) + 1}", lines[ledgers[reply - 1]])
            found = audit(tmp_path, "\n".join(lines))["findings"]
            assert [(f["reply"], f["field"]) for f in found] == [(reply, "shots")], (seed, reply, found)


def test_the_audit_reads_a_sunk_list_in_the_order_sunk_in_the_ledger_and_the_save_alike(tmp_path: Path) -> None:
    """Ruling 6, other reading: "a LEDGER or SAVE in any order is read, compared in the fleet's
    order, and `cardgm audit` notes the order an AI keeps". The SAVE's sunk list was compared as
    written, so an AI keeping the sinking order in both was accused at every SAVE it printed."""
    planted = 0
    for seed in (7, 8, 39, 41, 43, 49):  # duels that save after two ships sank out of the fleet's order
        text, _ = honest_transcript(seed, as_sunk=True)
        lines = text.split("\n")
        saves = [i for i, line in enumerate(lines) if line.startswith("sunk:") and "," in line]
        assert any(line_names(lines[i]) != [n for n, _ in FLEET if n in line_names(lines[i])] for i in saves), seed
        report = audit(tmp_path, text)
        assert report["findings"] == [], (seed, report["findings"])
        assert any("order the ships went down" in r for r in report["readings"])
        # A SAVE naming a ship that is not down is still found, at that reply and only there.
        if saves:
            i = saves[-1]
            afloat = [n for n, _ in FLEET if n not in line_names(lines[i])][0]
            lines[i] = lines[i] + "," + afloat
            found = audit(tmp_path, "\n".join(lines))["findings"]
            assert [f["field"] for f in found] == ["SAVE sunk"], (seed, found)
            planted += 1
    assert planted >= 3


def line_names(line: str) -> list[str]:
    return line.split(":", 1)[1].split(",")
