"""`cardgm audit` on BECALMED chats the independent engine (`becalmed_ref.py`) plays and words.

The numbers come from the card engine written again from the card alone, never from cardgm's Run,
and the replies are worded here in the ways honest chat AIs word them: free narration, the
arithmetic shown in different orders, Markdown (bold, code fences, bullet lists, a table row),
the LEDGER marked up or bare, a SAVE block on a pause, a RESULT line at the end, questions
answered, and the player's casual words as orders; in every export form the audit reads. Random
legal play on the printed tape and on random tapes (a card pasted with a tape of its own).

- An honest chat draws no finding.
- One planted error a chat, from the families the card forbids (a wrong water, thirst or westing,
  a tape value changed or read out of turn, a call decided for the player, a missing LEDGER, a
  SAVE field off, a RESULT score off) draws a finding of its kind at its reply, and nearly always
  that one alone. Known and left: a second finding where a changed tape value meets, on the same
  reply, the first sign of ruling 1's other reading; a missing LEDGER in a chat that stops at the
  dusk (the next reply's dawn is then read as out of place) or on a message cardgm asks about
  that the AI ran; and, rarely, a move run for a question under ruling 1's other reading that is
  found as LEDGER numbers rather than as decided for the player.
- A quarter of the AIs follow ruling 1's other reading (SHARKS counted down on the night it is
  set), a quarter ruling 19's (a reply stops at the dusk; its SAVE then at the dusk too, ruling 31);
  RESULT's turns as replies, messages or the day (21); a SAVE's turn counting its reply or not.

The suite writes a few hundred; more by hand:

    CARDGM_AUDIT_CHATS=3000 .venv/bin/python -m pytest tests/independent/test_becalmed_audit.py -q -n0
    .venv/bin/python -m tests.independent.test_becalmed_audit --chats 3000
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from cardgm import load_card
from cardgm.verify.audit import audit
from cardgm.verify.transcript_io import read_transcript
from tests.independent import becalmed_ref as ref
from tests.independent.test_becalmed_differential import card_with_tape

CHATS = int(os.environ.get("CARDGM_AUDIT_CHATS", "240"))

CARD = load_card("becalmed")

SEA_NAMES = (
    (range(1, 4), "HEAVY DEW"), (range(4, 7), "THE SEAMS WORK"), (range(7, 10), "SHARKS"),
    (range(10, 12), "A SWELL FROM THE SOUTH-WEST"), (range(12, 14), "BIRDS TO THE WESTWARD"),
    (range(14, 16), "AN EMPTY SEA"), (range(16, 17), "FLOTSAM"), (range(17, 18), "A GREEN TURTLE"),
    (range(18, 21), "A SHIP"),
)  # fmt: skip


def sea_name(v: int) -> str:
    return next(name for values, name in SEA_NAMES if v in values)


# -- the player's words ----------------------------------------------------------------------------

ISSUE_WORDS = {
    "FULL": ("full", "FULL", "full ration", "4 measures"), "SHORT": ("short", "Short", "half ration", "2 measures"), "DRY": ("dry", "DRY", "no water"),
}
CANVAS_WORDS = {"SAIL": ("sail", "SAIL", "hoist the sail"), "AWNING": ("awning", "AWNING", "rig the awning"), "DOWN": ("down", "DOWN", "sail down")}
HANDS_WORDS = {
    "ROW": ("row", "ROW", "everyone on the oars"), "FISH": ("fish", "FISH", "drop some lines"), "BAIL": ("bail", "BAIL"),
    "MEND": ("mend", "MEND", "Nance mends the sail"), "WATCH": ("watch", "WATCH", "keep watch"),
}
WRAPPERS = ("{}", "ok, {}", "{} please", "hmm. {}", "{}!", "right then: {}", "lets go {}")
QUESTIONS = ("how much water is left?", "what does the tape say for tomorrow?", "who is down right now?", "what's the westing?")


def say_calls(rng: random.Random, calls: ref.Calls) -> str:
    parts = [rng.choice(ISSUE_WORDS[calls.issue])]
    if calls.canvas is not None:
        parts.append(rng.choice(CANVAS_WORDS[calls.canvas]))
    if calls.hands is not None:
        parts.append(rng.choice(HANDS_WORDS[calls.hands]))
    joined = rng.choice((", ", " ", " / ")).join(parts)
    return rng.choice(WRAPPERS).format(joined)


def say_answer(rng: random.Random, action: ref.Action) -> str:
    if isinstance(action, ref.Turtle):
        return rng.choice(("take her", "haul her in", "yes, take the turtle") if action.take else ("leave her", "let it go", "skip it"))
    assert isinstance(action, ref.Signal)
    return rng.choice({0: ("let her go", "keep the flares"), 1: ("burn one flare", "fire one flare"), 2: ("burn both", "burn both flares")}[action.burn])


# -- the AI's words --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Style:
    """How one honest AI words its replies (numbers never change with the style)."""

    ledger: str  # bare | fence | span | label | bold
    reads: str  # tape | reads | table | arrow | named
    arithmetic: bool
    bullets: bool
    result_turns: str  # replies | messages | day
    save_counts_reply: bool
    result_markup: str  # bare | bold | fence
    dusk_stop: bool = False  # ruling 19's other reading: a reply stops at the dusk (day n, tape 2n)


def random_style(rng: random.Random) -> Style:
    return Style(
        ledger=rng.choice(("bare", "fence", "span", "label", "bold")),
        reads=rng.choice(("tape", "reads", "table", "arrow", "named")),
        arithmetic=rng.random() < 0.6,
        bullets=rng.random() < 0.4,
        result_turns=rng.choice(("replies", "replies", "messages", "day")),
        save_counts_reply=rng.random() < 0.7,
        result_markup=rng.choice(("bare", "bold", "fence")),
    )


def mark_ledger(style: Style, line: str) -> list[str]:
    if style.ledger == "fence":
        return ["```", line, "```"]
    if style.ledger == "span":
        return [f"`{line}`"]
    if style.ledger == "label":
        return ["**Ledger:**", f"`{line}`"]
    if style.ledger == "bold":
        return [f"**{line}**"]
    return [line]


def announce(style: Style, when: str, pos: int, value: int, name: str) -> str:
    """A tape read in one of the shapes chat AIs write: position, value and the card's name."""
    if style.reads == "tape":
        return f"{when}: tape {pos} reads {value} — {name}."
    if style.reads == "reads":
        return f"The tape reads {value} (position {pos}): {name}."
    if style.reads == "table":
        return f"| tape {pos} | {value} | {name} |"
    if style.reads == "arrow":
        return f"**{when}** — tape position {pos}: {value} → {name.title()}"
    return f"{when} brings {name}: tape {pos} reads {value}."


@dataclass
class Writer:
    """One chat: the engine's boats worded by one style; planted errors change the words or the
    numbers the AI shows (and the AI goes on from its own numbers)."""

    oracle: ref.Becalmed
    style: Style
    rng: random.Random
    turns: list[tuple[str, str]] = field(default_factory=list)

    def shown(self, boat: ref.Boat) -> ref.Boat:
        """The boat as this AI's LEDGER and SAVE show it: one that stops at the dusk reads the next
        dawn only in the reply that takes its calls."""
        if self.style.dusk_stop and boat.end is None and boat.waiting is None and boat.day > 1 and boat.tape == 2 * boat.day - 1:
            return replace(boat, day=boat.day - 1, tape=boat.tape - 1)
        return boat

    def dawn(self, boat: ref.Boat, value: int | None = None, pos: int | None = None) -> list[str]:
        p = pos or 2 * boat.day - 1
        v = value if value is not None else self.oracle.read(p)
        return [announce(self.style, f"Dawn, day {boat.day}", p, v, ref.sky_of(v).name)]

    def dusk(self, day: int, value: int | None = None, pos: int | None = None) -> list[str]:
        p = pos or 2 * day
        v = value if value is not None else self.oracle.read(p)
        return [announce(self.style, "Dusk", p, v, sea_name(v))]

    def before_dusk(self, boat: ref.Boat) -> list[str]:
        """The dawn a reply that stops at the dusk reads now, before the calls' dusk."""
        return self.dawn(boat) if self.shown(boat) is not boat else []

    def after_dusk(self, after: ref.Boat) -> list[str]:
        if after.end is not None:
            return []
        if after.waiting is not None:
            return ["Take the turtle, or leave her?" if ref.is_turtle(after.waiting.sea) else "Burn flares, or let her go?"]
        if self.shown(after) is not after:
            return ["Night. Your calls for the morning?"]
        return self.dawn(after) + ["Your calls?"]

    def arithmetic(self, before: ref.Boat, after: ref.Boat) -> list[str]:
        if not self.style.arithmetic:
            return []
        lines = [
            f"Westing {before.westing} → {after.westing}.",
            f"Water: {before.water} before the issue, {after.water} by nightfall.",
            f"Thirst {before.thirst}/7 → {after.thirst}/7.",
        ]
        self.rng.shuffle(lines)
        return [f"- {x}" for x in lines] if self.style.bullets else [" ".join(lines)]

    def reply(self, body: list[str], boat: ref.Boat, *, ledger: bool = True, tail: list[str] | None = None) -> None:
        lines = list(body) + list(tail or [])
        if ledger:
            lines += [""] + mark_ledger(self.style, self.oracle.ledger(self.shown(boat)))
        self.turns.append(("ai", "\n".join(lines)))

    def result_line(self, boat: ref.Boat, score_off: int = 0, messages: int = 0) -> list[str]:
        line = self.oracle.result(boat)
        assert line is not None
        turns = {"replies": boat.turn, "messages": messages, "day": boat.day}[self.style.result_turns]
        line = line.replace(f"|turns:{boat.turn}|", f"|turns:{turns}|")
        if score_off:
            score = self.oracle.score(boat)
            assert score is not None
            line = line.replace(f"|score:{score}|", f"|score:{score + score_off}|")
        if self.style.result_markup == "bold":
            return [f"**{line}**"]
        if self.style.result_markup == "fence":
            return ["```", line, "```"]
        return [line]


# -- a chat ----------------------------------------------------------------------------------------

PLANTS = ("water", "thirst", "westing", "tape-changed", "tape-out-of-turn", "decided", "ledger-missing", "save", "result")
EXPECTED = {
    "water": "ledger", "thirst": "ledger", "westing": "ledger", "tape-changed": "tape-changed",
    "tape-out-of-turn": "tape-out-of-turn", "decided": "decided-for-player", "ledger-missing": "ledger-missing",
    "save": "save", "result": "result",
}


@dataclass
class Chat:
    text: str
    card_name: str | None
    planted: str | None
    at: int | None  # the reply (1 is the opening) where the plant was made
    ends: str | None
    replies: int


def play_chat(seed: int, plant: str | None = None, readings: frozenset[str] = frozenset()) -> Chat | None:
    """One voyage on the printed tape or a random one, worded in a random style and form. With
    `plant`, one error of that family at a random reply where it can be made (None: no such place).
    `readings`: other readings docs/rulings.md allows that this AI follows ("sharks": ruling 1,
    SHARKS counted down on the night it is set; "dusk": ruling 19, a reply stops at the dusk)."""
    rng = random.Random(seed)
    printed = seed % 3 == 0
    tape = ref.PRINTED_TAPE if printed else tuple(rng.randint(1, 20) for _ in range(40))
    card = CARD if printed else card_with_tape(tape)
    oracle = ref.Becalmed(tape)
    oracle.sharks_count_the_setting_dusk = "sharks" in readings
    w = Writer(oracle, replace(random_style(rng), dusk_stop="dusk" in readings), rng)
    paste_card = not printed or rng.random() < 0.7
    if paste_card:
        w.turns.append(("player", card.text if rng.random() < 0.8 else "Run this card for me please.\n\n" + card.text))
    boat = oracle.new()
    opening = [
        "The Hesper burns astern and is gone by four. Five of you in a twenty-two-foot cutter, thirty leagues from the coast, a fortnight of set.",
        "Pruett, Carrick, Ockle, Nance, you: thirst takes them in that order. The tape is public and fixed.",
        *w.dawn(boat),
        "Your three calls: the issue, the canvas, the hands?",
    ]
    w.reply(opening, boat)
    # where a plant goes: a reply number chosen ahead, used at the first chance at or after it
    target = rng.randint(2, 12)
    at: int | None = None
    messages = 0
    while boat.end is None:
        reply_no = len([t for t in w.turns if t[0] == "ai"]) + 1
        planting = plant is not None and at is None and reply_no >= target
        roll = rng.random()
        legal = [a for a in oracle.legal(boat) if not isinstance(a, ref.LetHerDrive)]
        if roll < 0.06 and not (planting and plant in ("save", "result")):
            # a question, answered from what the player may know; nothing moves
            q = rng.choice(QUESTIONS)
            w.turns.append(("player", q))
            messages += 1
            if planting and plant == "decided" and boat.waiting is None:
                action = rng.choice(legal)
                after = oracle.apply(boat, action)
                body = [f"Taking that as {action.issue}, {action.canvas}, {action.hands}."] if isinstance(action, ref.Calls) else ["Done."]
                if after.end is not None:
                    return None
                body += w.before_dusk(boat) + w.dusk(boat.day) + w.arithmetic(boat, after) + w.after_dusk(after)
                boat = after
                at = reply_no
                w.reply(body, boat)
                continue
            boat = replace(boat, turn=boat.turn + 1)
            answer = {
                QUESTIONS[0]: f"The breaker holds {boat.water} measures.",
                QUESTIONS[1]: "The tape is public: read on from the last value in the ledger.",
                QUESTIONS[2]: "Look to the crew string in the ledger: `!` is down.",
                QUESTIONS[3]: f"{boat.westing} leagues made good of thirty.",
            }[q]
            w.reply([answer, "The call is still yours."], boat)
            continue
        if (roll < 0.1 or (planting and plant == "save")) and boat.waiting is None:
            w.turns.append(("player", rng.choice(("save", "let's save here", "save please, I need a break"))))
            messages += 1
            boat = replace(boat, turn=boat.turn + 1)
            block = oracle.save(w.shown(boat))
            if not w.style.save_counts_reply:
                block = block.replace(f"turn:{boat.turn} ", f"turn:{boat.turn - 1} ")
            if planting and plant == "save":
                block = block.replace(f"water:{boat.water} ", f"water:{boat.water + 1} ")
                at = reply_no
            w.reply(["Saved where she lies:", "", block, "", "Start a new chat, paste the full card, then paste this save."], boat)
            continue
        action = rng.choice(legal)
        message = say_calls(rng, action) if isinstance(action, ref.Calls) else say_answer(rng, action)
        w.turns.append(("player", message))
        messages += 1
        body: list[str] = []
        read_as: int | None = None  # a dusk value the AI reads in place of the printed one
        if isinstance(action, ref.Calls):
            body.append(rng.choice(("Carrick wants the oars.", "Nance says nothing.", "Pruett asks for his ration again.", "The sun comes up hard.")))
            dusk_value = oracle.read(2 * boat.day)
            if planting and plant == "tape-changed":
                others = {oracle.read(p) for p in range(max(1, 2 * boat.day - 3), min(40, 2 * boat.day + 3) + 1)}
                choices = [v for v in range(1, 21) if v not in others]
                read_as = rng.choice(choices) if choices else None
            elif planting and plant == "tape-out-of-turn" and oracle.read(2 * boat.day + 1) != dusk_value and boat.day < 14:
                read_as = oracle.read(2 * boat.day + 1)
            if read_as is not None:
                at = reply_no
            body += w.before_dusk(boat) + w.dusk(boat.day, value=read_as)
        if read_as is not None:
            # The AI plays the value it read (a wrong tape read, not a wrong sum as well).
            misread = list(tape)
            misread[2 * boat.day - 1] = read_as
            misreader = ref.Becalmed(tuple(misread))
            misreader.sharks_count_the_setting_dusk = oracle.sharks_count_the_setting_dusk
            after = misreader.apply(boat, action)
        else:
            after = oracle.apply(boat, action)
        body += w.arithmetic(boat, after)
        body += w.after_dusk(after)
        if planting and at is None and plant in ("water", "thirst", "westing") and after.end is None:
            delta = 1 if plant != "thirst" or after.thirst < 7 else -1
            after = replace(after, **{plant: getattr(after, plant) + delta})
            at = reply_no
        boat = after
        if boat.end is not None:
            off = 1 if planting and plant == "result" else 0
            if off:
                at = reply_no
            pointers = "aigamecards.com/epilogue — and /verify to rebuild the tape."
            w.reply(body + ["", "That is the end of it."], boat, tail=["", *w.result_line(boat, off, messages), "", pointers])
            break
        missing = planting and plant == "ledger-missing" and at is None
        if missing:
            at = reply_no
        w.reply(body, boat, ledger=not missing)
    if plant is not None and at is None:
        return None
    form = rng.choice(("labels", "you-said", "chatgpt-json", "messages-json", "claude-export"))
    if not paste_card and form == "claude-export":
        form = "messages-json"
    return Chat(write(form, w.turns), None if paste_card else "becalmed", plant, at, boat.end, len([t for t in w.turns if t[0] == "ai"]))


def write(form: str, turns: list[tuple[str, str]]) -> str:
    if form == "labels":
        return "\n".join(f"{'User:' if r == 'player' else 'Assistant:'}\n{t}\n" for r, t in turns)
    if form == "you-said":
        return "\n".join(f"{'You said:' if r == 'player' else 'ChatGPT said:'}\n{t}\n" for r, t in turns)
    if form == "messages-json":
        return json.dumps([{"role": "user" if r == "player" else "assistant", "content": t} for r, t in turns])
    if form == "claude-export":
        msgs = [{"sender": "human" if r == "player" else "assistant", "text": t} for r, t in turns]
        return json.dumps([{"name": "other chat", "chat_messages": [{"sender": "human", "text": "hello"}]}, {"name": "Becalmed", "chat_messages": msgs}])
    mapping: dict[str, Any] = {"root": {"id": "root", "message": None, "parent": None, "children": []}}
    prev = "root"
    for n, (r, t) in enumerate(turns):
        mid = f"m{n}"
        mapping[prev]["children"].append(mid)
        author = {"role": "user" if r == "player" else "assistant"}
        message = {"author": author, "content": {"content_type": "text", "parts": [t]}}
        mapping[mid] = {"id": mid, "parent": prev, "children": [], "message": message}
        prev = mid
    return json.dumps([{"title": "Becalmed", "mapping": mapping, "current_node": prev}])


def findings_of(chat: Chat) -> list[dict[str, Any]]:
    found = audit(read_transcript(chat.text), card_name=chat.card_name)
    return [f.as_json() for f in found.findings]


# -- the measure -----------------------------------------------------------------------------------


@dataclass
class Tally:
    honest: int = 0
    planted: Counter[str] = field(default_factory=Counter)
    false_findings: list[tuple[int, Any]] = field(default_factory=list)
    misses: list[tuple[int, str, Any]] = field(default_factory=list)  # no finding of its kind at its reply
    doubled: list[tuple[int, str, Any]] = field(default_factory=list)  # found, and something more as well
    ends: Counter[str] = field(default_factory=Counter)


def measure(chats: int, seed: int = 0) -> Tally:
    tally = Tally()
    for n in range(chats):
        s = seed * 1_000_003 + n
        # A quarter of the AIs follow another reading docs/rulings.md allows (rulings 1 and 19).
        draw = random.Random(s ^ 0x5EED)
        readings = frozenset(r for r in ("sharks", "dusk") if draw.random() < 0.25)
        chat = play_chat(s, readings=readings)
        assert chat is not None
        tally.honest += 1
        tally.ends[chat.ends or "none"] += 1
        found = findings_of(chat)
        if found:
            tally.false_findings.append((s, [(f["reply"], f["code"], f["text"]) for f in found]))
        plant = PLANTS[n % len(PLANTS)]
        bad = play_chat(s, plant, readings)
        if bad is None:
            continue
        tally.planted[plant] += 1
        found = findings_of(bad)
        got = [(f["reply"], f["code"]) for f in found]
        said = (s, plant, (bad.at, sorted(readings), [(f["reply"], f["code"], f["text"]) for f in found]))
        if (bad.at, EXPECTED[plant]) not in got:
            tally.misses.append(said)
        elif len(got) > 1:
            tally.doubled.append(said)
    return tally


def test_honest_chats_draw_no_finding_and_one_planted_error_draws_one() -> None:
    tally = measure(CHATS)
    assert not tally.false_findings, tally.false_findings[:5]
    assert not tally.misses, tally.misses[:5]
    # Known and left (see the module's docstring): a second finding beside the right one where the
    # planted error meets another reading or a missing LEDGER on the same reply; at most 1 in 40.
    assert len(tally.doubled) * 40 <= sum(tally.planted.values()), tally.doubled[:5]
    assert sum(tally.planted.values()) > CHATS // 2 and set(tally.planted) == set(PLANTS), tally.planted


# Each chat below once drew a false finding or more than one for its single error; the audit is
# fixed and the chat is pinned (the same seed writes the same chat: the writer is seeded).


def only(chat: Chat | None) -> list[tuple[int, str]]:
    assert chat is not None
    return [(f["reply"], f["code"]) for f in findings_of(chat)]


def test_a_number_that_only_looks_carried_is_the_move_the_ai_read() -> None:
    """Westing one over at reply 5 (found), then a message cardgm asks about ("lets go no water
    AWNING BAIL") that the AI runs: its westing, right from its own LEDGER, was taken for the
    carried slip and the move looked for in numbers it never printed, so replies 6 and 7 were
    accused too."""
    chat = play_chat(47, "westing")
    assert chat is not None and chat.at == 5
    assert only(chat) == [(5, "ledger")]


def test_a_slip_on_a_move_cardgm_asks_about_is_one_finding() -> None:
    """"no water / sail down / ROW", which cardgm asks about, run by the AI with the water one over:
    no move gives its numbers exactly, so every field was accused as 'nothing moves'. The one move
    the words allow that gives them but for one number is the move; the water is the slip."""
    chat = play_chat(369, "water")
    assert chat is not None
    assert only(chat) == [(chat.at, "ledger")]


def test_a_result_the_changed_tape_value_gives_is_listed_under_it() -> None:
    """An 18 (a ship) announced as 8 (sharks) ends the voyage on the AI's value: its RESULT follows
    from that value and was a second finding."""
    chat = play_chat(255, "tape-changed")
    assert chat is not None
    assert only(chat) == [(chat.at, "tape-changed")]


def test_a_move_run_for_a_question_that_stops_at_the_dusk_is_decided_not_a_third_value() -> None:
    """A question answered with a move whose dusk asks the player (one value read past the dawn) was
    called a third value, and the answer to that dusk was then misread at the next reply."""
    for seed in (1000503, 1000548):
        chat = play_chat(seed, "decided")
        assert chat is not None
        assert only(chat) == [(chat.at, "decided-for-player")], seed


def test_a_value_read_out_of_turn_is_not_taken_for_another_reading_of_the_rules() -> None:
    """A 7 (sharks) read as the next dawn's 2 (dew): the AI's SHARKS-2 happened to be what ruling 1's
    other reading gives on the printed 7, so that reading was adopted for the chat and the next
    SHARKS-3 it set was accused. The announced value explains the numbers first."""
    chat = play_chat(58, "tape-out-of-turn")
    assert chat is not None
    assert only(chat) == [(chat.at, "tape-out-of-turn")]


def test_a_reply_that_stops_at_the_dusk_may_save_and_answer_there() -> None:
    """Ruling 19's other reading: after a reply that stops at the dusk, a save or a question moves
    nothing and its LEDGER and SAVE still show the dusk (ruling 31 takes such a SAVE). Both were
    accused, the dusk judged against the dawn cardgm's line had read."""
    chat = play_chat(37, readings=frozenset({"dusk"}))
    assert chat is not None and "tape:4 flags:BUTCHERING" in chat.text  # a SAVE at the dusk
    assert only(chat) == []


def test_two_reads_on_two_short_lines_are_both_checked() -> None:
    """"Dawn, day 6: tape 11 reads 20 — HARD WEATHER." then "Dusk: tape 12 reads 4 — THE SEAMS
    WORK.": the reads parser skipped 40 characters after a read's name, so the changed dusk value
    on the next line was never checked (a miss)."""
    chat = play_chat(84, "tape-changed", frozenset({"dusk"}))
    assert chat is not None
    assert only(chat) == [(chat.at, "tape-changed")]


def test_another_reading_is_found_on_a_message_read_from_the_ai_numbers() -> None:
    """A message cardgm asks about ("no water / AWNING / keep watch"), run by an AI that follows
    ruling 1's other reading and stops at the dusk: the reading was looked for only under cardgm's
    own reading of the message, so three numbers were accused."""
    chat = play_chat(20, readings=frozenset({"dusk", "sharks"}))
    assert chat is not None
    assert only(chat) == []


def test_a_slip_in_a_ledger_or_save_that_stops_at_the_dusk_is_that_one_number() -> None:
    """A water one over in a LEDGER (or a SAVE) that stops at the dusk was reported with the day and
    the tape beside it, judged against the dawn cardgm's line had read."""
    for seed, plant, readings in ((45, "water", frozenset({"dusk"})), (70, "save", frozenset({"dusk", "sharks"}))):
        chat = play_chat(seed, plant, readings)
        assert chat is not None
        assert only(chat) == [(chat.at, EXPECTED[plant])], seed


def test_a_slip_under_the_readings_it_follows_is_not_another_move() -> None:
    """A westing one over in a LEDGER that stops at the dusk ("FULL down bail!"; rowing would give
    that westing too): its day and tape, the dusk's, were counted as numbers off, so the slip was
    taken for another move run for the player. And a move run for a question was looked for in
    the rules' default reading, not the one the AI follows, so it was not found."""
    both = frozenset({"dusk", "sharks"})
    for seed, plant in ((3000290, "westing"), (3000009, "water"), (3000770, "decided")):
        chat = play_chat(seed, plant, both)
        assert chat is not None
        assert only(chat) == [(chat.at, EXPECTED[plant])], seed


def test_a_slip_on_the_night_another_reading_first_shows_is_one_finding() -> None:
    """An AI that counts SHARKS down on the night it is set (ruling 1's other reading) and slips a
    number on that same night: no reading gave its numbers exactly, so the reading was not taken
    and its SHARKS-2 was accused beside the slip. The reading under which they are one number off,
    where cardgm's leaves two, is taken; the slip is found alone."""
    for seed, plant in ((11000483, "water"), (11000862, "thirst")):
        chat = play_chat(seed, plant, frozenset({"sharks"}))
        assert chat is not None
        assert only(chat) == [(chat.at, EXPECTED[plant])], seed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="BECALMED: cardgm audit on chats the card engine plays and words")
    parser.add_argument("--chats", type=int, default=CHATS)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    tally = measure(args.chats, args.seed)
    print(f"{tally.honest} honest chats, {len(tally.false_findings)} with a finding")
    print(f"{sum(tally.planted.values())} planted ({dict(tally.planted)}):")
    print(f"  {len(tally.misses)} not found at its reply, {len(tally.doubled)} found with another finding beside it")
    print("ends:", dict(tally.ends))
    for s, got in tally.false_findings[:20]:
        print("FALSE", s, got)
    for s, plant, got in tally.misses[:20]:
        print("MISS", s, plant, got)
    for s, plant, got in tally.doubled[:20]:
        print("DOUBLED", s, plant, got)
    return 1 if tally.false_findings or tally.misses else 0


if __name__ == "__main__":
    sys.exit(main())
