"""Audit a chat transcript in which an AI ran one of our cards: report only what every reading
of the card forbids (docs/audit.md).

Two Runs step through the player's messages side by side:

- the rules' Run: the rules on the player's messages, from the card (or a pasted SAVE) on;
- the AI's-numbers Run: the same rules, re-based on the AI's own LEDGER after every reply whose
  numbers differ, playing any tape value the AI announced in place of the printed one. Each reply
  is judged against what follows from the AI's *own* previous LEDGER, so one mistake is reported
  once, where it is made.

A message is read by the readers of play; one they cannot settle is read from the AI's numbers
when its words allow that move. A reply that follows another reading of a doubtful sentence the
card allows (a switch of the game's Rulings) is followed on both lines and named.

Findings, each at one AI reply numbered as the chat shows it (the opening is 1), with a stable
code for programs and plain sentences for the player: `ledger`, `ledger-missing`,
`ledger-format`, `ledger-not-last`, `decided-for-player`, `tape-changed`, `tape-out-of-turn`,
`third-value`, `hidden-revealed`, `result`, `save`, `save-format`, `save-followed`. A reply whose
numbers went wrong because of a breach reports the breach once, its LEDGER differences under it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from dataclasses import field as dc_field
from typing import Any

from cardgm import games
from cardgm.card import Card, CardError, load_card, parse_card
from cardgm.game import Event, Game, SaveError
from cardgm.run import Reply, Run
from cardgm.save import BEGIN as SAVE_BEGIN
from cardgm.save import END as SAVE_END
from cardgm.save import blocks as save_blocks
from cardgm.save import find_block
from cardgm.verify.plain import sentence, title
from cardgm.verify.transcript_io import PLAYER, Transcript, Turn, is_ledger_line

# -- what the audit reports ------------------------------------------------------------------------


@dataclass
class Finding:
    kind: str  # the stable code (`code` in the JSON)
    reply: int  # the AI reply as the chat shows it: the first AI reply is 1
    where: str  # where in the transcript
    text: str  # plain sentences, for the player
    field: str | None = None
    ai: str | None = None
    rules: str | None = None
    consequences: list[str] = dc_field(default_factory=list)

    @property
    def code(self) -> str:
        return self.kind

    def as_json(self) -> dict[str, Any]:
        return {
            "reply": self.reply, "code": self.kind, "title": title(self.kind), "text": self.text,
            "where": self.where, "field": self.field, "ai": self.ai, "rules": self.rules,
            "consequences": self.consequences,
        }


@dataclass
class ReplyAudit:
    index: int  # 0 is the opening; the chat shows it as reply 1 (`number`)
    label: str  # "day 3", "turn 4": where the game stood
    message: str | None  # the player message it answers (None: the opening)
    message_where: str | None
    ai_text: str | None  # None: the transcript has no reply to this message
    ai_where: str | None
    ai_ledger: str | None
    true_ledger: str
    true_text: str
    own_ledger: str  # what the rules give from the AI's own previous LEDGER
    on_true_line: bool | None
    follows_own: bool | None
    differs_from_true: dict[str, tuple[str, str]] = dc_field(default_factory=dict)  # field: (ai, true)
    findings: list[Finding] = dc_field(default_factory=list)
    notes: list[str] = dc_field(default_factory=list)
    true_result: str | None = None
    ai_result: str | None = None
    ai_fields: dict[str, str] | None = None

    @property
    def number(self) -> int:
        """The reply as the chat shows it: the first AI reply is 1."""
        return self.index + 1

    def as_json(self) -> dict[str, Any]:
        return {
            "reply": self.number, "label": self.label, "message": self.message,
            "message_where": self.message_where, "ai_text": self.ai_text, "ai_where": self.ai_where,
            "ai_ledger": self.ai_ledger, "true_ledger": self.true_ledger, "true_text": self.true_text,
            "own_ledger": self.own_ledger, "on_true_line": self.on_true_line,
            "follows_own_numbers": self.follows_own,
            "differs_from_true": {k: {"ai": a, "true": t} for k, (a, t) in self.differs_from_true.items()},
            "findings": [f.as_json() for f in self.findings], "notes": self.notes,
            "true_result": self.true_result, "ai_result": self.ai_result,
        }


@dataclass
class Audit:
    game_id: str
    title: str
    version: str
    form: str
    card_from: str  # how the card was found
    replies: list[ReplyAudit]
    notes: list[str]
    skipped_card: bool
    resumed: bool
    readings: list[str] = dc_field(default_factory=list)  # readings the card allows that the AI followed
    parse: Callable[[str], dict[str, str]] = dc_field(default=lambda line: {}, repr=False)  # a LEDGER's fields

    @property
    def findings(self) -> list[Finding]:
        return [f for r in self.replies for f in r.findings]

    @property
    def first_divergence(self) -> ReplyAudit | None:
        return next((r for r in self.replies if r.on_true_line is False), None)

    @property
    def rejoined(self) -> list[ReplyAudit]:
        """Replies back on the true line after being off it."""
        out, off = [], False
        for r in self.replies:
            if r.on_true_line is False:
                off = True
            elif r.on_true_line and off:
                out.append(r)
                off = False
        return out

    def as_json(self) -> dict[str, Any]:
        first = self.first_divergence
        last = self.replies[-1] if self.replies else None
        off_own = [r.number for r in self.replies if r.follows_own is False]
        return {
            "game": self.game_id, "title": self.title, "version": self.version, "form": self.form,
            "card_from": self.card_from, "card_skipped": self.skipped_card, "resumed": self.resumed,
            "notes": self.notes, "readings": self.readings,
            "findings": [f.as_json() for f in self.findings],
            "first_divergence": first.number if first else None,
            "replies_not_following_own_numbers": off_own,
            "true_line": {
                "final_ledger": last.true_ledger if last else None,
                "result": next((r.true_result for r in reversed(self.replies) if r.true_result), None),
            },
            "ai_line": {
                "final_ledger": next((r.ai_ledger for r in reversed(self.replies) if r.ai_ledger), None),
                "result": next((r.ai_result for r in reversed(self.replies) if r.ai_result), None),
            },
            "replies": [r.as_json() for r in self.replies],
        }


class AuditError(ValueError):
    """The transcript cannot be audited (no card found, a card cardgm cannot run)."""


# -- one step of a Run, with the events the rules produced ---------------------------------------------


@dataclass(frozen=True)
class Step:
    reply: Reply
    before: Any  # the state before the message (turn not yet bumped)
    after: Any
    events: tuple[Event, ...]
    action: Any  # the action the rules ran, if any
    pending: Any = None  # the question the Run had pending before the message


def step(run: Run, message: str) -> Step:
    """`run.reply(message)`, with the state and the pending question before it, the state after,
    and what the rules ran (the Reply carries the action and its events)."""
    before, pending = run.state, run.pending
    reply = run.reply(message)
    return Step(reply, before, run.state, reply.events, reply.action, pending)


def take(run: Run, message: str, action: Any) -> Step:
    """Answer `message` with `action`, a move read from the AI's numbers: the Run runs it as it
    runs a move it read itself (`Run.play`)."""
    before, pending = run.state, run.pending
    reply = run.play(message, action)
    return Step(reply, before, run.state, reply.events, reply.action, pending)


def undo(run: Run, st: Step) -> None:
    """Put a Run back where it stood before `st`."""
    run.state, run.pending = st.before, st.pending


def copy_run(run: Run, state: Any = None) -> Run:
    return Run(run.game, state=run.state if state is None else state, pending=run.pending, moved=run.moved, history=list(run.history))


# -- per-game knowledge: the adapters (each game's `audit` module, named by its registry entry) ----------


@dataclass
class Context:
    """What a per-game check sees of one reply."""

    game: Game
    card: Card
    index: int
    label: str
    message: str | None
    ai_text: str
    ai_where: str
    ai: dict[str, str] | None  # the AI's LEDGER fields
    ai_prev: dict[str, str] | None  # its previous LEDGER's fields (or what was expected, if none)
    expected: Step | None  # from its own previous numbers (None for the opening)
    expected_fields: dict[str, str]
    before_fields: dict[str, str]
    true: Step | None
    state: Any = None  # the state the rules give after this reply, from the AI's own numbers
    why_not_over: str = ""  # in words, why the game goes on by the rules (for a RESULT too early)
    previous: Any = None  # the last move run before this message, by the AI's own numbers


class Adapter:
    """What the audit needs to know of one game. The defaults work from the LEDGER alone."""

    game_id = ""
    # Fields that do not count as the game moving (a reply counter).
    counters: tuple[str, ...] = ("turn",)
    # A message the reader cannot settle may be read from the AI's numbers (a card with no grammar
    # of its own for the player's words). A card that prints its own grammar (ORDERS) is read by it.
    words_decide = False
    # A SAVE the player pastes after the game has begun may be resumed (the card does not forbid it).
    resume_mid_game = True

    def parse(self, line: str) -> dict[str, str]:
        """The fields of a LEDGER line, leniently; ValueError if it is not one of this game's."""
        raise ValueError("no parser")

    def strict_problem(self, line: str, game: Game) -> str | None:
        """Why the line is not the card's exact format, or None."""
        return None

    def reading_notes(self, line: str, previous: str | None) -> list[str]:
        """Readings of the card's LEDGER format that the AI's line follows and cardgm's does not."""
        return []

    def fields(self, game: Game, state: Any) -> dict[str, str]:
        return self.parse(game.ledger(state))

    def state_from(self, game: Game, fields: dict[str, str], base: Any) -> Any:
        """A state carrying the AI's LEDGER numbers, the rest (hidden, pending) from `base`."""
        raise ValueError("this game's state cannot be rebuilt from a LEDGER")

    def alternatives(self, game: Game, st: Step) -> list[Any]:
        """Other states a reply may show and still be right (a reading the card allows)."""
        return []

    def label(self, state: Any) -> str:
        return f"turn {getattr(state, 'turn', '?')}"

    def explain(self, ctx: Context, name: str) -> str:
        """Why the rules give what they give for this field, in plain words."""
        return _prose_reason(ctx, name)

    def breaches(self, ctx: Context) -> list[Finding]:
        """Breaches the LEDGER alone does not show: tape reads, hidden cells."""
        return []

    def candidates(self, game: Game, before: Any, ai: dict[str, str], play: Game) -> list[tuple[Any, Any]]:
        """Legal moves from `before` (played by `play`) whose outcome the AI's LEDGER shows: (move, state after)."""
        return []

    def move_words(self, action: Any) -> str:
        """A move, as the card names it ("FULL, DOWN, BAIL")."""
        return str(action)

    def named(self, message: str, state: Any, previous: Any) -> Any:
        """What the message names of a move, leniently (typos, plain endings), or None when it names
        no move at all (a remark). `previous` is the last move run ("same again")."""
        return None

    def words_allow(self, named: Any, action: Any, state: Any) -> bool:
        """Do the words the message names allow this move?"""
        return False

    def readings(self) -> list[tuple[str, Any, str]]:
        """The other readings of doubtful sentences that the card's words allow, as switches of the
        game's rulings: (the field of its Rulings, the value that reading gives it, a note for the
        report). An AI whose numbers follow one consistently is not at fault."""
        return []

    def rulings(self, **switches: Any) -> Any:
        """The game's Rulings with these switches (the `rulings` option of its make_game)."""
        raise NotImplementedError

    def unnamed(self, named: Any, action: Any, state: Any) -> str | None:
        """What the message leaves out that the move needs ("gives no hands call"), or None."""
        return None

    def legal_moves(self, state: Any) -> list[Any]:
        """Every move the rules allow in `state` (the turn already counted)."""
        return []

    def diff_words(self, name: str, ai: str, rules: str) -> str:
        """One field that does not follow, as a clause."""
        return f"the LEDGER says {name} {ai}; the rules give {rules}"

    def not_over(self, game: Game, state: Any) -> str:
        """Why the game goes on by the rules, in a few words (after a RESULT line too early)."""
        return ""

    def collapse(self, diffs: list[tuple[str, str, str]], ai: dict[str, str]) -> list[tuple[str, str, str]]:
        """The differences worth a finding each: a field that follows from another the AI got
        wrong (a count read off its own grid) is left to that one."""
        return diffs

    def moved_words(self, ctx: Context) -> str:
        """How the AI's LEDGER moved from its last one, in words."""
        prev = ctx.ai_prev or ctx.before_fields
        assert ctx.ai is not None
        parts = [f"{k} {prev.get(k)} → {v}" for k, v in ctx.ai.items() if k not in self.counters and prev.get(k) != v]
        return ", ".join(parts)


def _prose_reason(ctx: Context, name: str) -> str:
    """The sentences of cardgm's own reply that name the field: its arithmetic line says why."""
    if ctx.expected is None:
        return "the card's opening LEDGER"
    text = ctx.expected.reply.prose
    key = name.upper()
    bits = []
    for piece in re.split(r"(?<=[.;])\s+|\n", text):
        if key in piece.upper() and piece.strip():
            bits.append(piece.strip())
    return "; ".join(bits[:3]) if bits else "cardgm's reply: " + _first_line(text)


def _first_line(text: str) -> str:
    for line in text.splitlines():
        if line.strip():
            return line.strip()[:200]
    return "(nothing)"


def auditable() -> tuple[str, ...]:
    """The games with an audit adapter."""
    return tuple(e.id for e in games.entries() if e.audit is not None)


def adapter_for(game_id: str) -> Adapter:
    found = next((e for e in games.entries() if e.id == game_id and e.audit is not None), None)
    if found is None:
        raise AuditError(f"cardgm cannot audit game '{game_id}' (it audits {', '.join(auditable())})")
    adapter: Adapter = games.part(found, "audit")
    return adapter


# -- the card: pasted, named, or told by the LEDGER's shape ----------------------------------------------

@dataclass(frozen=True)
class PastedCard:
    text: str  # the card as pasted
    game_id: str | None
    title: str


def _titles() -> dict[str, str]:
    out = {}
    for game_id in games.ids():
        card = parse_card(games.card_text(game_id), source=game_id)
        out[card.title] = game_id
    return out


def find_card(message: str) -> PastedCard | None:
    """The card pasted in a player message, if it holds one (its '# TITLE' and its sections)."""
    titles = _titles()
    for card_title, game_id in titles.items():
        m = re.search(r"(?m)(?:^|\s)#\s+" + re.escape(card_title) + r"\b", message)
        if m and message.count("## ") >= 3:
            return PastedCard(message[m.start() :].lstrip(), game_id, card_title)
    m = re.search(r"(?m)^\s*#\s+[A-Z][A-Z'’ -]+", message)
    if m and message.count("## ") >= 3 and "RESULT: AIGC|" in message:
        text = message[m.start() :].lstrip()
        try:
            card = parse_card(text)
        except CardError:
            return None
        return PastedCard(text, card.game_id, card.title)
    return None


def _strip_saves(text: str) -> str:
    for block in save_blocks(text):
        text = text.replace(block, "")
    return text


def choose_card(transcript: Transcript, card_name: str | None, pasted: PastedCard | None) -> tuple[Card, str]:
    """The card to audit against, and how it was found."""
    if card_name:
        return load_card(card_name), f"named with --card ({card_name})"
    if pasted is not None:
        try:
            card = parse_card(_strip_saves(pasted.text), source="the pasted card")
            if card.game_id in auditable():
                return card, f"the card pasted in the transcript ({card.title} v{card.version})"
        except CardError:
            pass
        if pasted.game_id:
            return load_card(pasted.game_id), f"the pasted card's title ({pasted.title}); cardgm's copy of it"
    # The LEDGER's shape and version tag, a SAVE's game: field, a RESULT line.
    text = "\n".join(t.text for t in transcript.turns)
    votes: dict[str, int] = {}
    known = auditable()
    for line in text.splitlines():
        if is_ledger_line(line):
            for game_id in known:
                try:
                    adapter_for(game_id).parse(_ledger_text(line))
                except ValueError:
                    continue
                votes[game_id] = votes.get(game_id, 0) + 1
    for m in re.finditer(r"AIGC\|([a-z0-9-]+)\||game:([a-z0-9-]+)", text):
        game_id = m.group(1) or m.group(2)
        if game_id in known:
            votes[game_id] = votes.get(game_id, 0) + 1
    if not votes:
        raise AuditError(
            "no card found: the transcript holds no pasted card, no LEDGER line of a card cardgm knows "
            f"and no RESULT or SAVE naming one; name it with --card ({', '.join(games.ids())})"
        )
    game_id = max(votes, key=lambda k: votes[k])
    return load_card(game_id), f"the shape of its LEDGER lines ({game_id})"


# -- LEDGER lines and RESULT lines in an AI reply ----------------------------------------------------

_LEDGER_START = re.compile(r"\[L\]")


def _ledger_text(line: str) -> str:
    """A LEDGER line without the code-block backticks or Markdown around it."""
    m = _LEDGER_START.search(line)
    text = line[m.start() :] if m else line
    return text.strip().strip("`*_ ").rstrip()


def ai_ledger(text: str) -> tuple[str | None, bool]:
    """The AI reply's LEDGER line (its last), and whether anything but decoration follows it."""
    lines = text.splitlines()
    at = [i for i, line in enumerate(lines) if is_ledger_line(line) or line.lstrip().startswith("[L]")]
    if not at:
        return None, False
    after = [line for line in lines[at[-1] + 1 :] if line.strip() and not re.fullmatch(r"\s*(`{3}\w*|[-*_]{3,})\s*", line)]
    return _ledger_text(lines[at[-1]]), bool(after)


_RESULT = re.compile(r"RESULT:\s*AIGC\|[^\s`]*")


def ai_result(text: str) -> str | None:
    found = _RESULT.findall(text)
    return found[-1].strip() if found else None


def result_fields(line: str) -> dict[str, str]:
    from cardgm.verify.replay import split_result

    return split_result(line)


# -- the audit -----------------------------------------------------------------------------------------


@dataclass
class _Exchange:
    message: Turn | None
    replies: list[Turn]


def _exchanges(turns: list[Turn]) -> list[_Exchange]:
    out: list[_Exchange] = []
    for t in turns:
        if t.role == PLAYER:
            out.append(_Exchange(t, []))
        elif out:
            out[-1].replies.append(t)
        else:
            out.append(_Exchange(None, [t]))  # an opening with no card before it
    return out


def _joined(replies: list[Turn]) -> tuple[str | None, str | None]:
    if not replies:
        return None, None
    return "\n\n".join(r.text for r in replies), replies[0].where


def audit(transcript: Transcript, card_name: str | None = None, options: dict[str, Any] | None = None) -> Audit:
    """Audit a transcript. Raises AuditError / CardError when it cannot be audited at all."""
    exchanges = _exchanges(list(transcript.turns))
    notes = list(transcript.notes)

    # The card: the first player message that pastes one; what went before it is not the game.
    pasted, start = None, 0
    for i, ex in enumerate(exchanges):
        if ex.message is not None and (found := find_card(ex.message.text)):
            pasted, start = found, i
            break
    if start:
        notes.append(f"{start} exchange(s) before the pasted card are not part of the game and were not audited")
    exchanges = exchanges[start:]
    card, card_from = choose_card(transcript, card_name, pasted)
    adapter = adapter_for(card.game_id)
    try:
        game = games.make_game(card, **(options or {}))
    except (CardError, ValueError) as exc:
        raise AuditError(f"cardgm cannot run this card: {exc}") from None

    true_run = Run(game)
    resumed = False
    first = exchanges[0] if exchanges else _Exchange(None, [])
    opening_msg: Turn | None = None
    if first.message is not None:
        text = first.message.text
        if pasted is None and not save_blocks(text):
            # No card in the transcript: its first player message is already a move.
            first = _Exchange(None, [])
        else:
            opening_msg = first.message
            exchanges = exchanges[1:]
            blocks = save_blocks(text)
            if blocks:
                try:
                    opening = true_run.resume(blocks[-1])
                    resumed = True
                except SaveError as exc:
                    notes.append(f"the pasted SAVE cannot be resumed ({exc}); audited from the card's opening")
    else:
        exchanges = exchanges[1:]
    if pasted is None and opening_msg is None:
        notes.append("no card is pasted in the transcript: its first AI reply is taken as the game's opening")
    if not resumed:
        opening = true_run.start()

    auditor = _Auditor(adapter, game, card, true_run, copy_run(true_run), games.make_game, options or {})
    ai_text, ai_where = _joined(first.replies)
    auditor.opening(opening_msg, ai_text, ai_where, opening)
    for ex in exchanges:
        assert ex.message is not None
        ai_text, ai_where = _joined(ex.replies)
        auditor.reply(ex.message, ai_text, ai_where)
    return Audit(
        card.game_id, card.title, card.version, transcript.form, card_from, auditor.audits, notes,
        skipped_card=opening_msg is not None and pasted is not None, resumed=resumed,
        readings=auditor.readings, parse=adapter.parse,
    )


def _fields_equal(a: dict[str, str], b: dict[str, str], skip: tuple[str, ...] = ()) -> bool:
    return {k: v for k, v in a.items() if k not in skip} == {k: v for k, v in b.items() if k not in skip}


class _Auditor:
    """Steps the two Runs through the chat and judges each AI reply."""

    def __init__(
        self, adapter: Adapter, game: Game, card: Card, true_run: Run, own_run: Run,
        make_game: Callable[..., Game], options: dict[str, Any],
    ) -> None:
        self.adapter, self.game, self.card = adapter, game, card
        self.true_run, self.own_run = true_run, own_run
        self.make_game, self.options = make_game, options
        self.audits: list[ReplyAudit] = []
        self.readings: list[str] = []  # readings the card allows that the AI follows
        self.adopted: dict[str, Any] = {}  # reading name -> its value, as the AI follows them
        self.ai_prev: dict[str, str] | None = None
        self.last_action: Any = None  # the last move run, by the AI's own numbers
        self.patched: dict[int, int] = {}  # tape values the AI announced in place of the printed ones
        self.rulings: Any = None  # the game's rulings, once the AI is seen to follow another reading
        self._switches: dict[str, Any] = {}  # the switches of those rulings, by name

    # -- the two kinds of reply ----------------------------------------------------------------------

    def opening(self, message: Turn | None, ai_text: str | None, ai_where: str | None, opening: Reply) -> None:
        ra = self._judge(
            0, message.text if message else None, message.where if message else None, ai_text, ai_where,
            expected=None, exp_reply=opening, true_step=None, true_reply=opening,
        )
        self.audits.append(ra)
        self.ai_prev = ra.ai_fields

    def reply(self, message: Turn, ai_text: str | None, ai_where: str | None) -> None:
        text = message.text
        index = len(self.audits)
        block = find_block(text)
        if block is not None and self.true_run.moved:
            self._pasted_save(index, message, block, ai_text, ai_where)
            return
        true_step = step(self.true_run, text)
        exp_step = step(self.own_run, text)
        ra = self._judge(
            index, text, message.where, ai_text, ai_where,
            expected=exp_step, exp_reply=exp_step.reply, true_step=true_step, true_reply=true_step.reply,
        )
        self.audits.append(ra)
        if ra.ai_text is not None:
            self.ai_prev = ra.ai_fields or self.adapter.fields(self.game, self.own_run.state)

    def _pasted_save(self, index: int, message: Turn, block: str, ai_text: str | None, ai_where: str | None) -> None:
        """A SAVE the player pastes after the game has begun. Where the card lets it be resumed, both
        lines resume from it; where it does not (the last Ledger beats a save pasted after it), the
        rules keep their numbers and an AI that follows the block is a finding."""
        try:
            loaded = self.game.load(block)
        except SaveError as exc:
            loaded, why = None, str(exc)
        if loaded is not None and self.adapter.resume_mid_game:
            # Both lines stand at the block's numbers, the chat's turn counting on.
            self.true_run.resume_at(message.text, replace(loaded, turn=self.true_run.state.turn + 1))
            reply = self.own_run.resume_at(message.text, replace(loaded, turn=self.own_run.state.turn + 1))
            ra = self._judge(
                index, message.text, message.where, ai_text, ai_where, expected=None, exp_reply=reply, true_step=None, true_reply=reply, resumed=loaded
            )
            ra.notes.append("the player pasted a SAVE here and the game resumes from it, as the card allows")
            self.audits.append(ra)
            if ra.ai_text is not None:
                self.ai_prev = ra.ai_fields or self.adapter.fields(self.game, self.own_run.state)
            return
        true_step = step(self.true_run, message.text)
        exp_step = step(self.own_run, message.text)
        ra = self._judge(
            index, message.text, message.where, ai_text, ai_where,
            expected=exp_step, exp_reply=exp_step.reply, true_step=true_step, true_reply=true_step.reply,
            followed=loaded,
        )
        if loaded is None:
            ra.notes.append(f"the SAVE the player pasted here cannot be resumed: {why}")
        self.audits.append(ra)
        if ra.ai_text is not None:
            self.ai_prev = ra.ai_fields or self.adapter.fields(self.game, self.own_run.state)

    # -- judging one reply ------------------------------------------------------------------------------

    def _judge(
        self, index: int, message: str | None, message_where: str | None, ai_text: str | None, ai_where: str | None,
        *, expected: Step | None, exp_reply: Reply, true_step: Step | None, true_reply: Reply,
        resumed: Any = None, followed: Any = None,
    ) -> ReplyAudit:
        adapter, game = self.adapter, self.game
        own_run = self.own_run
        before_state = expected.before if expected is not None else own_run.state
        label = "the opening" if index == 0 else adapter.label(before_state)
        if ai_text is None:
            ra = ReplyAudit(
                index, label, message, message_where, None, ai_where, None,
                true_reply.ledger, true_reply.text, exp_reply.ledger, None, None, true_result=true_reply.result,
            )  # fmt: skip
            ra.notes.append("the transcript has no AI reply to this message")
            return ra
        where = ai_where or "?"
        findings: list[Finding] = []
        notes: list[str] = []
        line, trailing = ai_ledger(ai_text)
        ai_fields: dict[str, str] | None = None
        if line is None:
            findings.append(Finding("ledger-missing", index, where, "The reply does not end with a LEDGER line; the card ends every reply with one."))
        else:
            try:
                ai_fields = adapter.parse(line)
            except ValueError as exc:
                findings.append(
                    Finding(
                        "ledger-format",
                        index,
                        where,
                        sentence(f"The LEDGER line cannot be read: {exc}") + " The next reply is checked from the rules' numbers.",
                        ai=line,
                        rules=exp_reply.ledger,
                    )
                )
            else:
                prev_line = self.audits[-1].ai_ledger if self.audits else None
                for note in adapter.reading_notes(line, prev_line):
                    if note not in self.readings:
                        self.readings.append(note)
                problem = adapter.strict_problem(line, game)
                if problem:
                    findings.append(
                        Finding(
                            "ledger-format",
                            index,
                            where,
                            sentence(f"The LEDGER line is not exactly as the card prints it: {problem}"),
                            ai=line,
                            rules=exp_reply.ledger,
                        )
                    )

        def fields_now() -> tuple[dict[str, str], list[dict[str, str]]]:
            exp = adapter.fields(game, own_run.state)
            alts = [adapter.fields(game, s) for s in (adapter.alternatives(game, expected) if expected else [])]
            return exp, alts

        exp_fields, alt_fields = fields_now()
        follows = ai_fields is not None and (_fields_equal(ai_fields, exp_fields) or any(_fields_equal(ai_fields, a) for a in alt_fields))
        if resumed is not None and ai_fields is not None and not follows:
            # A resume may show the saved turn or count this reply on from the last.
            for turn in (resumed.turn, resumed.turn + 1):
                if _fields_equal(ai_fields, adapter.fields(game, replace(resumed, turn=turn))):
                    own_run.state = self.true_run.state = replace(resumed, turn=turn)
                    exp_fields, follows = ai_fields, True

        # Not what the rules give: a reading the card allows, or the message read from the AI's numbers.
        if ai_fields is not None and not follows and expected is not None:
            got = self._another_ruling(message or "", ai_fields, expected, true_step) or self._other_reading(
                index, message or "", ai_fields, expected, true_step
            )
            if got is not None:
                expected, true_step, note = got
                exp_reply = expected.reply
                if true_step is not None:
                    true_reply = true_step.reply
                notes.append(note)
                exp_fields, alt_fields = fields_now()
                follows = _fields_equal(ai_fields, exp_fields) or any(_fields_equal(ai_fields, a) for a in alt_fields)

        if line is not None and trailing:
            if exp_reply.result and _only_the_end_after(ai_text):
                notes.append("its RESULT line and pointers come after the LEDGER: a reading the card allows (cardgm prints the LEDGER last)")
            else:
                findings.append(Finding("ledger-not-last", index, where, "Words follow the LEDGER line; the card ends every reply with it."))

        true_fields = adapter.fields(game, true_step.after if true_step else own_run.state)
        ra = ReplyAudit(
            index, label, message, message_where, ai_text, ai_where, line, true_reply.ledger, true_reply.text,
            exp_reply.ledger, None, None, true_result=true_reply.result,
        )
        ra.ai_result = ai_result(ai_text)
        ra.ai_fields = ai_fields
        ra.notes = notes
        ctx = Context(
            game, self.card, index, label, message, ai_text, where, ai_fields, self.ai_prev, expected, exp_fields,
            adapter.fields(game, expected.before) if expected is not None else exp_fields, true_step,
            own_run.state, adapter.not_over(game, own_run.state), previous=self.last_action,
        )
        if ai_fields is not None:
            true_alts = [adapter.fields(game, s) for s in adapter.alternatives(game, true_step)] if true_step else []
            ra.on_true_line = _fields_equal(ai_fields, true_fields) or any(_fields_equal(ai_fields, a) for a in true_alts)
            ra.differs_from_true = {} if ra.on_true_line else {k: (ai_fields.get(k, "(none)"), v) for k, v in true_fields.items() if ai_fields.get(k) != v}
            ra.follows_own = follows
            if follows and not _fields_equal(ai_fields, exp_fields):
                notes.append("its LEDGER shows the dusk before the next dawn is read: a reading the card allows")

        breaches = adapter.breaches(ctx)
        for b in breaches:
            if b.kind == "tape-changed" and b.field and b.field.startswith("tape ") and b.ai and b.ai.isdigit():
                self.patched[int(b.field.split()[1])] = int(b.ai)  # its later numbers follow from it
        if followed is not None and ai_fields is not None and not follows and _fields_equal(
            {k: v for k, v in ai_fields.items() if k not in adapter.counters},
            {k: v for k, v in adapter.fields(game, followed).items() if k not in adapter.counters},
        ):
            breaches.insert(0, Finding(
                "save-followed", index, where,
                "The player pasted a SAVE block after the game had begun, and the AI resumed from it. The card "
                "says the last Ledger printed beats any save pasted after it, so by the rules the game goes on "
                "from the AI's last LEDGER, and the pasted block changes nothing.",
            ))
        if ai_fields is not None and not follows:
            diffs = adapter.collapse([(k, ai_fields.get(k, "(none)"), v) for k, v in exp_fields.items() if ai_fields.get(k) != v], ai_fields)
            decided = _decided(adapter, ctx) if expected is not None and not any(b.kind == "save-followed" for b in breaches) else None
            cause = decided or next((b for b in breaches if b.kind in ("save-followed", "tape-changed", "tape-out-of-turn", "third-value")), None)
            if decided is not None:
                breaches.insert(0, decided)
            if cause is not None:
                caused, apart = self._caused_by(cause, diffs, ctx, message or "", ai_fields)
                cause.consequences = [adapter.diff_words(k, a, r) for k, a, r in caused]
                for k, a, r, own, own_ctx in apart:  # not what the tape it announced gives either: its own finding
                    why = adapter.explain(own_ctx, k)
                    said = adapter.diff_words(k, a, own)
                    if own != r:
                        said += f" (with the tape value the AI announced; {r} with the printed one)"
                    findings.append(Finding("ledger", index, where, sentence(said) + " " + sentence(why), field=k, ai=a, rules=own))
            else:
                for k, a, r in diffs:
                    why = adapter.explain(ctx, k)
                    findings.append(Finding("ledger", index, where, sentence(adapter.diff_words(k, a, r)) + " " + sentence(why), field=k, ai=a, rules=r))
        findings.extend(breaches)
        findings.extend(_save_findings(ctx, adapter))
        findings.extend(_result_findings(ctx, exp_reply, ra.ai_result))
        for f in findings:  # numbered as the chat shows the replies: the opening is reply 1
            f.reply = ra.number
        ra.findings = findings

        if expected is not None and expected.action is not None:
            self.last_action = expected.action
        # Re-base the own-numbers Run on the AI's LEDGER when it differs from what was expected.
        if ai_fields is not None and not follows:
            try:
                own_run.state = adapter.state_from(game, ai_fields, own_run.state)
            except (ValueError, TypeError, KeyError) as exc:
                ra.notes.append(f"its own numbers cannot be loaded into a state ({exc}); the next reply is checked from the rules' numbers")
            guess = adapter.candidates(game, expected.before, ai_fields, self._tape_game()) if expected is not None else []
            if guess:
                self.last_action = guess[0][0]
        if self.patched:
            own_run.game = self._tape_game()
        return ra

    def _caused_by(
        self, cause: Finding, diffs: list[tuple[str, str, str]], ctx: Context, message: str, ai: dict[str, str],
    ) -> tuple[list[tuple[str, str, str]], list[tuple[str, str, str, str, Context]]]:
        """Split a reply's differences between what its breach explains and what it does not.

        A tape breach (a value changed or read out of turn) explains only the fields that follow
        from the value the AI announced: the same message is played again on the tape with that
        value in its place, and a field the AI shows differently from that too (a water the AI
        changed as well) is a finding of its own, never listed under the tape. Other breaches
        (a move decided for the player, a SAVE followed) explain every difference."""
        expected = ctx.expected
        if cause.kind not in ("tape-changed", "tape-out-of-turn") or expected is None:
            return diffs, []
        position = cause.field.split()[1] if cause.field and cause.field.startswith("tape ") else ""
        if cause.kind == "tape-out-of-turn" and cause.rules and cause.rules.startswith("tape "):
            position = cause.rules.split()[1]  # a later position's value read in place of this one's
        if not (position.isdigit() and cause.ai and cause.ai.isdigit()):
            return diffs, []
        before = dict(self.patched)
        self.patched[int(position)] = int(cause.ai)
        try:
            variant = self._tape_game(self.rulings)
        finally:
            self.patched = before
        trial = Run(variant, state=expected.before, pending=expected.pending, moved=True)
        st = take(trial, message, expected.action) if expected.action is not None else step(trial, message)
        adapter = self.adapter
        shown = [adapter.fields(self.game, s) for s in [st.after, *adapter.alternatives(self.game, st)]]
        best = min(shown, key=lambda f: sum(1 for k, v in ai.items() if f.get(k) != v))
        own_ctx = replace(ctx, expected=st, expected_fields=best, state=st.after)
        caused = [(k, a, r) for k, a, r in diffs if best.get(k) == a]
        apart = [(k, a, r, best.get(k, r), own_ctx) for k, a, r in diffs if best.get(k) != a]
        return caused, apart

    def _tape_game(self, rulings: Any = None) -> Game:
        """The game the AI's own numbers play: the printed tape with the values it announced instead,
        under the readings it is seen to follow."""
        rulings = rulings if rulings is not None else self.rulings
        if not self.patched and rulings is None:
            return self.own_run.game
        card = self.card
        if self.patched and getattr(card, "tape", None):
            tape = list(card.tape)
            for pos, value in self.patched.items():
                if 1 <= pos <= len(tape):
                    tape[pos - 1] = value
            card = replace(card, tape=tuple(tape))
        options = dict(self.options, **({"rulings": rulings} if rulings is not None else {}))
        try:
            return self.make_game(card, **options)
        except (CardError, ValueError):
            return self.own_run.game

    def _another_ruling(
        self, message: str, ai: dict[str, str], expected: Step, true_step: Step | None,
    ) -> tuple[Step, Step | None, str] | None:
        """The AI's numbers follow another reading of a doubtful sentence, one the card's words allow:
        from here on both lines play that reading, and the report says which the AI follows."""
        adapter = self.adapter
        adopted = dict(self._switches)
        for name, value, note in adapter.readings():
            if name in adopted:
                continue
            rulings = adapter.rulings(**{**adopted, name: value})
            variant = self._tape_game(rulings)
            trial = Run(variant, state=expected.before, pending=expected.pending, moved=True)
            st = step(trial, message)
            shown = [adapter.fields(self.game, s) for s in [st.after, *adapter.alternatives(self.game, st)]]
            if not any(_fields_equal(ai, f) for f in shown):
                continue
            self._switches = {**adopted, name: value}
            self.rulings = rulings
            on_true = true_step is not None and true_step.before == expected.before and true_step.pending == expected.pending
            undo(self.own_run, expected)
            self.own_run.game = variant
            new = step(self.own_run, message)
            new_true = true_step
            self.true_run.game = self.make_game(self.card, **dict(self.options, rulings=rulings))
            if on_true and true_step is not None:
                undo(self.true_run, true_step)
                new_true = step(self.true_run, message)
            if note not in self.readings:
                self.readings.append(note)
            return new, new_true, "its numbers follow a reading the card allows: " + note.split(": ", 1)[-1].split(". ")[0]
        return None

    def _other_reading(
        self, index: int, message: str, ai: dict[str, str], expected: Step, true_step: Step | None,
    ) -> tuple[Step, Step | None, str] | None:
        """The AI's numbers are not what cardgm's reading of the message gives. If the words allow a
        move whose outcome is exactly the AI's LEDGER, and the message is not a question or a remark
        naming no move, that move is taken on both lines, and the reply says how it was read."""
        adapter = self.adapter
        if not adapter.words_decide or _a_question(adapter, message, expected.before, self.last_action):
            return None
        named = adapter.named(message, expected.before, self.last_action)
        if named is None:
            return None
        found = [(a, w) for a, w in ((a, adapter.move_words(a)) for a, _ in adapter.candidates(self.game, expected.before, ai, self.own_run.game))
                 if adapter.words_allow(named, a, expected.before)]
        source = "from the AI's numbers, a move the words allow"
        if not found and expected.action is None:
            # No move gives the AI's numbers; if the words name exactly one legal move, the reply
            # is judged against it (its LEDGER then shows where the AI's arithmetic went wrong).
            bumped = replace(expected.before, turn=expected.before.turn + 1)
            legal = [a for a in adapter.legal_moves(bumped) if adapter.words_allow(named, a, expected.before)]
            if len(legal) != 1:
                return None
            found, source = [(legal[0], adapter.move_words(legal[0]))], "from the words, the one move they name"
        if not found:
            return None
        action, words = found[0]
        if expected.action is not None and adapter.move_words(expected.action) == words:
            return None
        on_true = true_step is not None and true_step.before == expected.before and true_step.pending == expected.pending
        undo(self.own_run, expected)
        new = take(self.own_run, message, action)
        new_true = true_step
        if on_true and true_step is not None:
            undo(self.true_run, true_step)
            new_true = take(self.true_run, message, action)
        how = f"cardgm reads it as {adapter.move_words(expected.action)}" if expected.action is not None else (
            "cardgm asks instead: \"" + _first_line(expected.reply.prose) + "\"")
        return new, new_true, f"read as {words} {source} ({how})"


def _a_question(adapter: Adapter, message: str, state: Any, previous: Any) -> bool:
    """A message that asks rather than orders: every sentence of it that names a move is a question
    ("should we row or fish today?"), or it names no move and has a question mark."""
    sentences = [m.group(0) for m in re.finditer(r"[^.!?\n]+[.!?]*", message) if m.group(0).strip()]
    naming = [x for x in sentences if adapter.named(x, state, previous) is not None]
    if not naming:
        return "?" in message
    return all(x.rstrip().endswith("?") for x in naming)


def _only_the_end_after(text: str) -> bool:
    """After the LEDGER: only the RESULT line and the card's pointers (the final reply's other order)."""
    lines = text.splitlines()
    at = max(i for i, line in enumerate(lines) if is_ledger_line(line) or line.lstrip().startswith("[L]"))
    after = "\n".join(line for line in lines[at + 1 :] if line.strip() and not re.fullmatch(r"\s*(`{3}\w*|[-*_]{3,})\s*", line))
    return bool(_RESULT.search(after)) and not re.search(r"\[L\]", after)


def _save_findings(ctx: Context, adapter: Adapter) -> list[Finding]:
    """Every SAVE block in the AI's reply, checked like a LEDGER: it must be readable, and its
    numbers what the rules give at this point of the game (the AI's own numbers, when it keeps them)."""
    out: list[Finding] = []
    for block in save_blocks(ctx.ai_text):
        want = ctx.state if ctx.ai is None else _state_or(adapter, ctx)
        given, rules = save_fields(block), save_fields(ctx.game.save(want))
        wrong = [k for k in rules if given.get(k, "(missing)") != rules[k] and not (k == "turn" and _turn_near(given.get(k), rules[k]))]
        if not given or [k for k in wrong if k not in given] or len(wrong) == len(rules):
            try:
                ctx.game.load(block)
            except SaveError as exc:
                out.append(Finding("save-format", ctx.index, ctx.ai_where, sentence(f"The SAVE block cannot be resumed: {exc}"), ai=block))
                continue
        for key in rules:
            a, r = given.get(key, "(missing)"), rules[key]
            if a == r or (key == "turn" and _turn_near(a, r)):
                continue  # a save may count the reply that prints it, or not
            out.append(Finding(
                "save", ctx.index, ctx.ai_where,
                f"The SAVE block gives {key}:{a}; the rules give {key}:{r} at this point of the game"
                + (", as its own LEDGER shows" if ctx.ai is not None and _state_or(adapter, ctx) is not ctx.state else "") + ".",
                field=f"SAVE {key}", ai=a, rules=r,
            ))
    return out


def _turn_near(given: str | None, rules: str) -> bool:
    return bool(given and given.isdigit() and rules.isdigit() and int(rules) - 1 <= int(given) <= int(rules))


def _state_or(adapter: Adapter, ctx: Context) -> Any:
    """The state the AI's own LEDGER shows in this reply (its save must agree with it), else the rules'."""
    try:
        return adapter.state_from(ctx.game, ctx.ai, ctx.state) if ctx.ai is not None else ctx.state
    except (ValueError, TypeError, KeyError):
        return ctx.state


def save_fields(block: str) -> dict[str, str]:
    """A SAVE block's body as key:value fields, whatever its line breaks."""
    body = block.replace(SAVE_BEGIN, " ").replace(SAVE_END, " ")
    out: dict[str, str] = {}
    for token in body.split():
        key, sep, value = token.partition(":")
        if sep:
            out[key] = value
    return out


def _decided(adapter: Adapter, ctx: Context) -> Finding | None:
    """A move the player did not make: the message names no move (a question, a remark) or names
    another one, and the AI's numbers show a move all the same."""
    assert ctx.expected is not None and ctx.ai is not None
    counters = adapter.counters
    prev = ctx.ai_prev or ctx.before_fields
    rules_moved = not _fields_equal(ctx.expected_fields, ctx.before_fields, counters)
    ai_moved = not _fields_equal(ctx.ai, prev, counters)
    found = adapter.candidates(ctx.game, ctx.expected.before, ctx.ai, ctx.game)
    ran = adapter.move_words(found[0][0]) if found else None
    message = ctx.message or ""
    said = _quote(message)
    cardgm = _first_line(ctx.expected.reply.prose)
    if not rules_moved and ai_moved:
        if _a_question(adapter, message, ctx.expected.before, ctx.previous):
            what = f"The player asked a question ({said}) and gave no order"
        elif (named := adapter.named(message, ctx.expected.before, ctx.previous)) is None:
            what = f"The player's message ({said}) names no move"
        else:
            gap = adapter.unnamed(named, found[0][0], ctx.expected.before) if found else None
            what = f"The player's message ({said}) " + (gap or "does not give the move the AI made")
        did = f"the AI ran {ran} for them" if ran else f"the AI moved the game anyway ({adapter.moved_words(ctx)})"
        return Finding("decided-for-player", ctx.index, ctx.ai_where, f"{what}; {did}. cardgm answers it: \"{cardgm}\"")
    differs = [k for k, v in ctx.expected_fields.items() if ctx.ai.get(k) != v and k not in counters]
    if rules_moved and ran and ctx.expected.action is not None and len(differs) >= 2:
        # One field off is read as a slip of arithmetic; two or more that are exactly another
        # move's numbers are that move, run for the player.
        called = adapter.move_words(ctx.expected.action)
        if ran != called:
            return Finding(
                "decided-for-player", ctx.index, ctx.ai_where,
                f"The player's message ({said}) calls {called}; the AI ran {ran} instead.",
            )
    return None


def _quote(message: str) -> str:
    flat = " ".join(message.split())
    return f"\"{flat[:80]}{'…' if len(flat) > 80 else ''}\""


def _result_findings(ctx: Context, exp_reply: Reply, ai_line: str | None) -> list[Finding]:
    out: list[Finding] = []
    expected = exp_reply.result
    where = ctx.ai_where
    if ai_line is None:
        ended_here = (
            expected is not None
            and ctx.expected is not None
            and ctx.game.ending(ctx.expected.before) is None
        )
        if ended_here:
            out.append(Finding(
                "result", ctx.index, where,
                f"The game ends here (end:{exp_reply.end}, score {exp_reply.score}) and the card asks "
                "for its RESULT line; the reply has none.",
                field="RESULT", ai="(none)", rules=expected,
            ))
        return out
    if expected is None:
        out.append(Finding(
            "result", ctx.index, where,
            "A RESULT line, but by the rules the game has not ended" + (f" ({ctx.why_not_over})" if ctx.why_not_over else "") + ".",
            field="RESULT", ai=ai_line, rules="(no end yet)",
        ))
        return out
    given, rules = result_fields(ai_line), result_fields(expected)
    for key in dict.fromkeys([*rules, *given]):
        a, r = given.get(key, "(missing)"), rules.get(key, "(missing)")
        if a != r:
            why = f" ({exp_reply.end}: score {exp_reply.score} by the card's SCORING)" if key in ("score", "end") else ""
            out.append(Finding(
                "result", ctx.index, where,
                f"The RESULT line gives {key} {a}; the rules give {r}{why}.",
                field=f"RESULT {key}", ai=a, rules=r,
            ))
    return out
