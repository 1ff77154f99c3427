"""Write the audit's test transcripts: chat runs of our cards, in every input form, clean or with
one planted error. Run on purpose (`python3 tests/transcripts/build.py`) and read the diff: the
transcripts are committed, and each one's expected findings (`NAME.expected.json`) are written by
hand, never by the auditor.

An "AI" here is a Run whose replies are rewritten into a chat AI's style (bold day headers, the
LEDGER in a code block); a planted error is a change to that Run's state, tape or message at one
reply, after which the AI goes on consistently from its own numbers, as a chat AI does.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

from cardgm.card import load_card
from cardgm.games import card_text as builtin_text
from cardgm.games import make_game
from cardgm.run import Run

HERE = Path(__file__).parent


@dataclass
class Plant:
    reply: int  # the AI reply it changes (1 = the reply to the first message after the card)
    state: Callable[[Any], Any] | None = None  # the AI's state after the reply, changed
    heard: str | None = None  # the message the AI acted on instead of the player's
    tape: dict[int, int] = field(default_factory=dict)  # tape position -> the value the AI used
    edit: tuple[tuple[str, str], ...] = ()  # text edits of the reply, after the style
    dusk_only: bool = False  # the reply stops at the dusk: no next dawn read


@dataclass
class Spec:
    name: str
    game: str
    form: str
    messages: list[str]
    plants: list[Plant] = field(default_factory=list)
    style: str = "chat"  # chat, plain (cardgm's own words)
    resume: str | None = None  # a SAVE block pasted with the card


# -- the AI's replies ----------------------------------------------------------------------------------


def chat_style(text: str) -> str:
    """cardgm's reply as a chat AI tends to lay it out."""
    text = re.sub(r"Dawn, day (\d+)\. Tape (\d+) reads (\d+): ([A-Z ]+?) — ", r"**Day \1 — dawn.** Tape \2 reads \3: \4. ", text)
    text = re.sub(r"^Dusk\. Tape (\d+) reads (\d+): ", r"**Dusk.** Tape \1 reads \2: ", text, flags=re.M)
    lines = text.split("\n")
    if lines and lines[-1].startswith("[L]"):
        lines[-1:] = ["```", lines[-1], "```"]
    return "\n".join(lines)


def ai_replies(spec: Spec) -> tuple[list[str], str]:
    """The AI's replies (opening first) and the opening message (the card, and any SAVE)."""
    card = load_card(spec.game)
    game = make_game(card)
    run = Run(game)
    opening = run.resume(spec.resume) if spec.resume else run.start()
    first_msg = builtin_text(spec.game).strip() + (f"\n\n{spec.resume}" if spec.resume else "")
    out = [opening.text]
    plants = {p.reply: p for p in spec.plants}
    for k, message in enumerate(spec.messages, 1):
        p = plants.get(k)
        if p and p.tape:
            tape = list(card.tape)
            for pos, v in p.tape.items():
                tape[pos - 1] = v
            run.game = make_game(replace(card, tape=tuple(tape)))
        reply = run.reply(p.heard if p and p.heard else message)
        run.game = game
        text = reply.text
        if p and p.state:
            run.state = p.state(run.state)
            text = text.rsplit("\n", 1)[0] + "\n" + game.ledger(run.state)
        if p and p.dusk_only:
            s = run.state
            shown = replace(s, day=s.day - 1, tape=s.tape - 1)
            text = text.split("\n\nDawn, day")[0] + "\n\n" + game.ledger(shown)
        if spec.style == "chat":
            text = chat_style(text)
        for old, new in p.edit if p else ():
            assert old in text, (spec.name, k, old)
            text = text.replace(old, new)
        out.append(text)
    return out, first_msg


# -- the forms ------------------------------------------------------------------------------------------


def write(spec: Spec) -> Path:
    replies, first = ai_replies(spec)
    players = [first] + spec.messages
    pairs = list(zip(players, replies))
    form = spec.form
    if form in ("labels", "you-said", "headings", "bold"):
        who = {
            "labels": ("User:", "Assistant:"),
            "you-said": ("You said:", "ChatGPT said:"),
            "headings": ("## User", "## Assistant"),
            "bold": ("**You:**", "**ChatGPT:**"),
        }[form]
        chunks = []
        for p, a in pairs:
            chunks += [who[0], p, "", who[1], a, ""]
        path, body = HERE / f"{spec.name}.txt", "\n".join(chunks)
    elif form == "unmarked":
        chunks = []
        for p, a in pairs:
            chunks += [p, "", a, ""]
        path, body = HERE / f"{spec.name}.txt", "\n".join(chunks)
    elif form == "chatgpt-json":
        mapping: dict[str, Any] = {
            "root": {"id": "root", "message": None, "parent": None, "children": ["sys"]},
            "sys": {
                "id": "sys", "parent": "root", "children": ["m1"],
                "message": {"id": "sys", "author": {"role": "system"}, "content": {"content_type": "text", "parts": [""]},
                            "metadata": {"is_visually_hidden_from_conversation": True}},
            },
        }
        prev, n = "sys", 0
        for p, a in pairs:
            for role, text in (("user", p), ("assistant", a)):
                n += 1
                mid = f"m{n}"
                mapping[prev]["children"] = [mid]
                mapping[mid] = {
                    "id": mid, "parent": prev, "children": [],
                    "message": {"id": mid, "author": {"role": role, "name": None, "metadata": {}},
                                "create_time": 1764400000 + n, "content": {"content_type": "text", "parts": [text]},
                                "status": "finished_successfully", "metadata": {}},
                }
                prev = mid
        conv = [{"title": f"{spec.game} run", "create_time": 1764400000, "mapping": mapping, "current_node": prev,
                 "conversation_id": f"c-{spec.name}"}]
        path, body = HERE / f"{spec.name}.json", json.dumps(conv, indent=1, ensure_ascii=False)
    elif form == "messages-json":
        msgs = []
        for p, a in pairs:
            msgs += [{"role": "user", "content": p}, {"role": "assistant", "content": [{"type": "text", "text": a}]}]
        path, body = HERE / f"{spec.name}.json", json.dumps({"messages": msgs}, indent=1, ensure_ascii=False)
    else:
        raise ValueError(form)
    path.write_text(body.rstrip("\n") + "\n", encoding="utf-8")
    return path


# -- the transcripts -----------------------------------------------------------------------------------

TAKEN_OFF = [
    "FULL, SAIL, BAIL", "SHORT, AWNING, BAIL", "FULL, DOWN, FISH", "FULL, SAIL, WATCH", "FULL, FISH",
    "FULL, MEND", "FULL, SAIL, WATCH", "FULL, SAIL, BAIL", "DRY, SAIL, BAIL", "take her", "DRY, SAIL", "burn both",
]
FIRST_DAYS = ["FULL, SAIL, ROW", "short, down, fish", "FULL, SAIL, WATCH", "FULL, DOWN, BAIL"]
FLEET_CLEAR = ["fire B2", "C2", "D4", "F2", "F3", "F4", "B5", "C5", "D5", "H6", "H7"]


def _b(state: Any, **changes: Any) -> Any:
    return replace(state, **changes)


SPECS = [
    # BECALMED: clean runs in every form.
    Spec("becalmed-clean-labels", "becalmed", "labels", TAKEN_OFF),
    Spec("becalmed-clean-chatgpt", "becalmed", "chatgpt-json", TAKEN_OFF),
    Spec("becalmed-clean-unmarked", "becalmed", "unmarked", FIRST_DAYS),
    Spec("becalmed-clean-headings", "becalmed", "headings", FIRST_DAYS, style="plain"),
    Spec("becalmed-clean-dusk-only", "becalmed", "you-said", ["FULL, SAIL, ROW", "go on", "short, down, fish"],
         plants=[Plant(1, dusk_only=True)]),
    Spec("becalmed-clean-resumed", "becalmed", "bold", ["FULL, SAIL, WATCH", "FULL, DOWN, BAIL"],
         resume="-----BEGIN AIGC SAVE-----\ngame:becalmed m:open-boat rules:1 turn:4 day:3/14 westing:6/30 "
         "water:22 thirst:1/7 canvas:down flares:2 crew:P.C.O.N.Y. tape:5 flags:none sha:none\n-----END AIGC SAVE-----"),
    # BECALMED: one planted error each.
    # Day 3 (FULL, DOWN, FISH) under LIGHT AIRS, dusk tape 6 = 19: outside the lane, nothing; the
    # AI pours FULL but writes water as if SHORT: water 2 more.
    Spec("becalmed-water", "becalmed", "labels", TAKEN_OFF[:5],
         plants=[Plant(3, state=lambda s: _b(s, water=s.water + 2))]),
    # Day 8: LIGHT AIRS, the hands FISH, and the dusk (tape 16 = 9) is SHARKS; the AI keeps the fish.
    Spec("becalmed-sharks-fish", "becalmed", "chatgpt-json", TAKEN_OFF[:7] + ["FULL, DOWN, FISH", "DRY, SAIL, BAIL"],
         plants=[Plant(8, state=lambda s: _b(s, water=s.water + 2))]),
    Spec("becalmed-thirst", "becalmed", "unmarked", FIRST_DAYS,
         plants=[Plant(3, state=lambda s: _b(s, thirst=s.thirst - 1))]),
    Spec("becalmed-crew", "becalmed", "headings",
         ["DRY, SAIL, ROW", "DRY, SAIL, ROW", "DRY, SAIL, ROW", "DRY, DOWN, BAIL", "DRY, DOWN, WATCH"],
         plants=[Plant(4, state=lambda s: _b(s, crew=(".",) * 5))]),
    Spec("becalmed-decided", "becalmed", "you-said", ["FULL, SAIL, ROW", "SHORT, SAIL", "FULL, SAIL, WATCH"],
         plants=[Plant(2, heard="SHORT, SAIL, ROW")]),
    Spec("becalmed-other-call", "becalmed", "bold", ["FULL, SAIL, ROW", "SHORT, DOWN, FISH", "FULL, SAIL, WATCH"],
         plants=[Plant(2, heard="SHORT, DOWN, ROW")]),
    # Day 5's dusk is tape 10 = 2 (HEAVY DEW, nothing without the awning); the AI announces 16,
    # FLOTSAM, and takes +6.
    Spec("becalmed-tape-changed", "becalmed", "headings", FIRST_DAYS + ["FULL, SAIL, ROW", "FULL, SAIL, BAIL"],
         plants=[Plant(5, tape={10: 16})]),
    # Day 2's dusk is tape 4 (3, HEAVY DEW, nothing without the awning); the AI reads tape 6 (19,
    # a ship outside the lane: also nothing) in its place.
    Spec("becalmed-out-of-turn", "becalmed", "labels", FIRST_DAYS[:3],
         plants=[Plant(2, edit=(("Tape 4 reads 3: HEAVY DEW. Heavy dew. Without the awning spread, nothing is caught.",
                                 "Tape 6 reads 19: a sail, far to the north, but she is outside the lane. Nothing."),))]),
    # Day 3: the AI reads a third value for the day and ends its reply at day 3, tape 7.
    Spec("becalmed-third-value", "becalmed", "messages-json", FIRST_DAYS[:3],
         plants=[Plant(3, state=lambda s: _b(s, day=3, tape=7))]),
    Spec("becalmed-result", "becalmed", "labels", TAKEN_OFF,
         plants=[Plant(12, edit=(("|score:94|", "|score:100|"),))]),
    Spec("becalmed-no-ledger", "becalmed", "messages-json", FIRST_DAYS[:3],
         plants=[Plant(2, edit=(("```\n[L]", "```\n[X]"),))]),
    # DEADRECKONING
    Spec("deadreckoning-clean", "deadreckoning", "messages-json", FLEET_CLEAR),
    Spec("deadreckoning-reveal", "deadreckoning", "you-said", ["fire B2", "C2", "D4"],
         plants=[Plant(3, edit=(("Salvo at D4: MISS.", "Salvo at D4: MISS. Open water here; the Sloop lies well clear of it, nearer F3."),))]),
    Spec("deadreckoning-decided", "deadreckoning", "labels", ["fire B2", "where should I aim next?", "C2"],
         plants=[Plant(2, heard="A1")]),
    Spec("deadreckoning-hits", "deadreckoning", "chatgpt-json", ["fire B2", "D4", "C2"],
         plants=[Plant(2, state=lambda s: type(s).of(s.grid[:27] + "x" + s.grid[28:], turn=s.turn, sunk=s.sunk))]),
    # DROVER'S AUTUMN
    Spec("cattle-trail-clean", "cattle-trail", "you-said", ["STEADY", "ONE BOAT", "EASY", "STEADY"]),
    Spec("cattle-trail-meal", "cattle-trail", "labels", ["STEADY", "ONE BOAT", "EASY", "STEADY"],
         plants=[Plant(3, state=lambda s: _b(s, meal=s.meal + 1))]),
    # Day 2's value is 3 (BAD at the Kyle: four beasts lost); the AI reads 13.
    Spec("cattle-trail-tape-changed", "cattle-trail", "chatgpt-json", ["STEADY", "ONE BOAT", "EASY"],
         plants=[Plant(2, tape={2: 13})]),
]


def main() -> None:
    for spec in SPECS:
        print(write(spec).name)


if __name__ == "__main__":
    main()
