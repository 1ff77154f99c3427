"""Chats of an AI running our cards, built in memory for `test_audit_chat_ai.py`: the numbers from
cardgm's own Run (so an honest chat is honest), the prose in the casual transcripts' chat voices
(`tests/transcripts/casual/write_casual.py`), re-dressed the way chat AIs dress a reply: a Markdown
table of the day, emoji headings, the LEDGER in a code block or in backticks, narration that names
earlier tape values in passing. The AI may play another reading the card allows (`ai_options`,
given to its game). A planted error changes the AI's side at one reply, as in the casual specs.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cardgm.card import load_card
from cardgm.games import card_text, make_game
from cardgm.run import Run
from cardgm.verify.generate.forms import write

_WC = Path(__file__).parent.parent / "transcripts" / "casual" / "write_casual.py"
if "write_casual" not in sys.modules:  # the casual transcripts' voices, loaded from beside them
    _spec = importlib.util.spec_from_file_location("write_casual", _WC)
    assert _spec and _spec.loader
    _mod = importlib.util.module_from_spec(_spec)
    sys.modules["write_casual"] = _mod
    _spec.loader.exec_module(_mod)
wc: Any = sys.modules["write_casual"]
Ex = wc.Ex

Style = Callable[[int, str, str], str]  # (reply number, reply text, previous reply text) -> text


@dataclass
class Chat:
    name: str
    game: str
    form: str
    voice: str
    exchanges: list[Any]
    expect: list[tuple[int, str]] = field(default_factory=list)  # (reply, code) a planted error gives
    resume: str | None = None  # a SAVE pasted with the card (a new chat)
    opening_pre: str = ""
    ai_options: dict[str, Any] = field(default_factory=dict)  # the AI plays another reading of the card
    style: Style | None = None
    lead: str = ""  # the player's words before the pasted card
    greeting: bool = False


def replies(chat: Chat) -> tuple[list[str], list[str]]:
    """The AI's replies (the opening first) and the player's messages (the card first)."""
    card = load_card(chat.game)
    game = make_game(card)
    ai_game = make_game(card, **chat.ai_options)
    truth, ai = Run(game), Run(ai_game)
    v = wc.Voice(chat.voice, chat.name)
    opening = ai.resume(chat.resume) if chat.resume else ai.start()
    if chat.resume:
        truth.resume(chat.resume)
    else:
        truth.start()
    f = opening.fields
    if chat.resume:
        text = chat.opening_pre or "Save loaded — picking up exactly where you left off."
    elif chat.game == "becalmed":
        text = wc.becalmed_opening(v, f, card.tape)
    elif chat.game == "deadreckoning":
        text = wc.dr_opening(v, f)
    else:
        text = wc.ct_opening(v, f)
    out = [f"{text}\n\n{wc._fenced(v, opening.ledger)}"]
    for ex in chat.exchanges:
        truth.reply(ex.run or ex.say)
        before = game.fields(ai.state)
        if ex.tape:
            tape = list(card.tape)
            for pos, value in ex.tape.items():
                tape[pos - 1] = value
            ai.game = make_game(replace(card, tape=tuple(tape)), **chat.ai_options)
        if ex.resume:  # the AI follows a SAVE pasted in this message: its numbers are the block's from here on
            assert ex.body is not None, (chat.name, "a followed resume needs its words")
            reply = replace(ai.reply("?"), save=None, result=None)
            ai.state = ai_game.load(ex.resume)  # showing the saved turn, as a reply that resumes does
        else:
            reply = ai.reply(ex.hears or ex.run or ex.say)
        events = reply.events
        ai.game = ai_game
        if ex.state:
            ai.state = ex.state(ai.state)
        ledger = ai_game.ledger(ai.state)
        after = dict(ai_game.fields(ai.state), ended=ai_game.ending(ai.state) is not None)
        if ex.body is not None:
            body = ex.body
        elif reply.save:
            body = "Saved. Copy this block:\n\n" + reply.save + "\n\nTo resume: open a NEW chat, paste the whole card, then this block."
        elif chat.game == "becalmed":
            body = "\n\n".join(p for p in (wc.becalmed_body(v, events, before, after, ex.dusk), wc.becalmed_tail(v, after)) if p)
        elif chat.game == "deadreckoning":
            body = wc.dr_body(v, events, after)
        else:
            body = "\n\n".join(p for p in (wc.ct_body(v, events, after), wc.ct_tail(v, after, reply.prose)) if p)
        end = ""
        if reply.result and ai_game.ending(ai.state) is not None:
            end = f"\n\nScore: {ai_game.ending(ai.state).score}.\n\n{reply.result}\n\naigamecards.com/epilogue · aigamecards.com/verify"
        printed = ex.ledger(ledger) if ex.ledger else ledger
        if ex.result_after_ledger:
            text = "\n\n".join(p for p in (ex.pre, body, ex.post) if p) + "\n\n" + wc._fenced(v, printed) + end
        else:
            text = "\n\n".join(p for p in (ex.pre, body + end, ex.post) if p) + "\n\n" + wc._fenced(v, printed)
        if ex.after_ledger:
            text += "\n\n" + ex.after_ledger
        for old, new in ex.edit:
            assert old in text, (chat.name, ex.say, old)
            text = text.replace(old, new, 1)
        out.append(text)
    if chat.style:
        out = [chat.style(i + 1, t, out[i - 1] if i else "") for i, t in enumerate(out)]
    first = chat.lead + card_text(chat.game).strip() + (f"\n\n{chat.resume}" if chat.resume else "")
    return out, [first] + [ex.say for ex in chat.exchanges]


def transcript(chat: Chat) -> str:
    ai, players = replies(chat)
    turns: list[tuple[str, str]] = []
    if chat.greeting:
        turns += [("player", "hi! can you run a game for me?"), ("ai", "Of course! Paste the game card and we'll start.")]
    for p, a in zip(players, ai):
        turns += [("player", p), ("ai", a)]
    if chat.form == "claude-export":
        return _claude_export(turns)
    if chat.form == "chatgpt-branch":
        return _chatgpt_branch(turns)
    if chat.form == "chatgpt-page":
        return write("you-said", [(r, _page_copy(t) if r == "ai" else t) for r, t in turns])
    return write(chat.form, turns)


def _claude_export(turns: list[tuple[str, str]]) -> str:
    """Claude's data export: a list of conversations, each message's words in `content` parts."""
    msgs = [{"uuid": f"m{i}", "sender": "human" if r == "player" else "assistant", "text": "",
             "content": [{"type": "text", "text": t}], "created_at": "2026-11-30T10:00:00Z"} for i, (r, t) in enumerate(turns)]
    other = {"uuid": "c0", "name": "Trip ideas", "chat_messages": [{"sender": "human", "text": "hi", "content": []}]}
    return json.dumps([other, {"uuid": "c1", "name": "Game night", "chat_messages": msgs}], ensure_ascii=False)


def _chatgpt_branch(turns: list[tuple[str, str]]) -> str:
    """ChatGPT's export with one AI reply regenerated: the abandoned version (its water or head off by 5)
    hangs off the same parent; the branch shown is the one `current_node` ends."""
    mapping: dict[str, Any] = {"root": {"id": "root", "message": None, "parent": None, "children": []}}
    prev, regenerated = "root", False
    for n, (role, text) in enumerate(turns, 1):
        mid = f"n{n:03d}"
        mapping[mid] = {"id": mid, "parent": prev, "children": [], "message": {
            "id": mid, "author": {"role": "user" if role == "player" else "assistant"},
            "content": {"content_type": "text", "parts": [text]}}}
        if role == "ai" and n > 2 and not regenerated and re.search(r"(water |head:)(\d+)", text):
            old = re.sub(r"(water |head:)(\d+)", lambda m: f"{m.group(1)}{int(m.group(2)) + 5}", text)
            mapping["old"] = {"id": "old", "parent": prev, "children": [], "message": {
                "id": "old", "author": {"role": "assistant"}, "content": {"content_type": "text", "parts": [old]}}}
            mapping[prev]["children"].append("old")
            regenerated = True
        mapping[prev]["children"].append(mid)
        prev = mid
    return json.dumps([{"title": "game", "mapping": mapping, "current_node": prev}], ensure_ascii=False)


def _page_copy(text: str) -> str:
    """An AI reply as text selected on chatgpt.com: a thinking line, code blocks as their label and "Copy code"."""
    out = re.sub(r"```(\w*)\n(.*?)\n```", lambda m: f"{m.group(1) or 'plaintext'}\nCopy code\n{m.group(2)}", text, flags=re.S)
    return "Thought for 6 seconds\n\n" + out


# -- how chat AIs dress a reply ------------------------------------------------------------------------

_LEDGER = re.compile(r"^(?:```\n)?(\[L\][^\n]*)(?:\n```)?\s*$", re.S)


def _split(text: str) -> tuple[str, str]:
    """The reply before its LEDGER, and the LEDGER line (fenced or bare) that ends it."""
    at = text.rfind("[L]")
    head = text[:at]
    if head.endswith("```\n"):
        head = head[: -len("```\n")]
    line = text[at:].split("\n", 1)[0]
    return head.rstrip(), line


def _after(text: str) -> str:
    """What follows the LEDGER line (a RESULT after it, on a reading the card allows)."""
    at = text.rfind("[L]")
    rest = text[at:].split("\n", 1)
    tail = rest[1] if len(rest) > 1 else ""
    return tail[len("```"):] if tail.startswith("```") else tail


def ledger_table(line: str) -> str:
    """The LEDGER's fields as a Markdown table, as chat AIs print a status block."""
    cells = [c.strip() for c in line.removeprefix("[L]").split("|") if c.strip() and not c.strip().startswith("v1")]
    rows = []
    for c in cells:
        for part in c.split(" ") if ":" in c and c.count(":") > 1 else [c]:
            key, _, val = part.replace(":", " ", 1).partition(" ")
            rows.append(f"| {key.capitalize()} | {val.strip()} |")
    return "| Field | Value |\n|---|---|\n" + "\n".join(rows)


def table_style(n: int, text: str, prev: str) -> str:
    head, line = _split(text)
    return f"{head}\n\n### 📋 Status\n\n{ledger_table(line)}\n\n```\n{line}\n```{_tail(text)}"


def _tail(text: str) -> str:
    t = _after(text)
    return ("\n" + t) if t.strip() else ""


def emoji_style(n: int, text: str, prev: str) -> str:
    head, line = _split(text)
    head = re.sub(r"\*\*Day (\d+) — dawn\*\*", r"## 🌅 Day \1 — Dawn", head)
    head = head.replace("Dusk. ", "🌇 **Dusk.** ").replace("Westing:", "🧭 Westing:").replace("Thirst ", "🥵 Thirst ", 1)
    return f"{head}\n\n---\n\n`{line}`{_tail(text)}"


def _last_read(prev: str) -> tuple[str, str] | None:
    """The last (position, value) a reply read, in any of the voices' shapes."""
    found = re.findall(r"[Tt]ape (?:position )?(\d+)\**(?::| reads| =|, a|,) \**(\d+)", prev)
    found += [(p, val) for val, p in re.findall(r"reads (\d+) \(position (\d+)\)", prev)]
    found += re.findall(r"Position (\d+) on the tape gives (\d+)", prev)
    return max(found, key=lambda pv: int(pv[0])) if found else None


def passing_style(n: int, text: str, prev: str) -> str:
    """Narration that looks back at the last value read ("last night's 14"), in past tense."""
    head, line = _split(text)
    last = _last_read(prev)
    if last and n > 2:
        pos, value = last
        head = f"(Last reply's read, for the record: tape {pos} was a {value}.)\n\n" + head
    return f"{head}\n\n{line}{_tail(text)}"


def backtick_style(n: int, text: str, prev: str) -> str:
    head, line = _split(text)
    return f"{head}\n\n**Ledger:** `{line}`{_tail(text)}"


def styles(*fs: Style) -> Style:
    def both(n: int, text: str, prev: str) -> str:
        for f in fs:
            text = f(n, text, prev)
        return text
    return both


def grid_table_style(n: int, text: str, prev: str) -> str:
    """DEADRECKONING's shot grid as a Markdown table of emoji (🌊 unfired, ⚪ miss, 💥 hit)."""
    def table(m: re.Match[str]) -> str:
        rows = m.group(1).strip("\n").splitlines()[1:]
        marks = {".": "🌊", "o": "⚪", "x": "💥"}
        out = ["| | A | B | C | D | E | F | G | H |", "|---|---|---|---|---|---|---|---|---|"]
        for row in rows:
            num, *cells = row.split()
            out.append(f"| **{num}** | " + " | ".join(marks[c] for c in cells) + " |")
        return "\n".join(out)
    return re.sub(r"```\n(  A B C D E F G H\n(?:\d [.ox ]+\n?){8})```", table, text)
