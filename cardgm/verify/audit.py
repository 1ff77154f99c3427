"""Audit a chat transcript in which an AI ran one of our cards.

For every AI reply: which player message it answers, what cardgm's own Run gives for the same
player messages (the true line), and every way the AI's reply departs from the rules.

Two Runs step through the player's messages side by side:

- the true Run: the rules on the player's messages, from the card (or a pasted SAVE) on;
- the own-numbers Run: the same rules, but re-based on the AI's own LEDGER after every reply
  whose numbers differ. Each reply is judged against what follows from the AI's *own* previous
  LEDGER, so one mistake is reported once, where it is made, and a later reply is a finding only
  if it does not follow from the AI's own numbers either. Whether a reply is still on the true line
  is reported beside it, separately.

Findings (each at one AI reply):

- `ledger`: a LEDGER field that does not follow, in plain words with the rules' reasons;
- `ledger-missing`, `ledger-format`, `ledger-not-last`: the card's LEDGER rule itself;
- `decided-for-player`: the AI moved the game on a message that gives no such move, or ran a move
  the player never gave (its numbers are what another call gives);
- `tape-changed`, `tape-out-of-turn`, `third-value`: a tape value announced that is not the printed
  one, read ahead of its turn, or more values read in a day than the card allows;
- `hidden-revealed`: a hidden cell named before it was struck (DEADRECKONING);
- `result`: a RESULT line that does not follow, is missing at an end, or comes with no end.

A reply whose numbers went wrong because of a breach (a changed tape value, a call decided for the
player) reports the breach once, with the LEDGER differences listed under it as its consequences.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any

from cardgm import games
from cardgm.card import Card, CardError, load_card, parse_card
from cardgm.game import Event, Game, SaveError
from cardgm.run import Reply, Run
from cardgm.save import blocks as save_blocks
from cardgm.verify.transcript_io import PLAYER, Transcript, Turn, is_ledger_line

# -- what the audit reports ------------------------------------------------------------------------


@dataclass
class Finding:
    kind: str
    reply: int  # the AI reply's index: 0 is the opening
    where: str  # where in the transcript
    text: str  # plain words
    field: str | None = None
    ai: str | None = None
    rules: str | None = None
    consequences: list[str] = dc_field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind, "reply": self.reply, "where": self.where, "text": self.text,
            "field": self.field, "ai": self.ai, "rules": self.rules, "consequences": self.consequences,
        }


@dataclass
class ReplyAudit:
    index: int
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

    def as_json(self) -> dict[str, Any]:
        return {
            "index": self.index, "label": self.label, "message": self.message,
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
        off_own = [r.index for r in self.replies if r.follows_own is False]
        return {
            "game": self.game_id, "title": self.title, "version": self.version, "form": self.form,
            "card_from": self.card_from, "card_skipped": self.skipped_card, "resumed": self.resumed,
            "notes": self.notes,
            "findings": [f.as_json() for f in self.findings],
            "first_divergence": first.index if first else None,
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


def step(run: Run, message: str) -> Step:
    """`run.reply(message)`, with the state before and after and what the rules ran (the Reply
    carries the action and its events)."""
    before = run.state
    reply = run.reply(message)
    return Step(reply, before, run.state, reply.events, reply.action)


def copy_run(run: Run, state: Any = None) -> Run:
    return Run(run.game, state=run.state if state is None else state, pending=run.pending, moved=run.moved)


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


class Adapter:
    """What the audit needs to know of one game. The defaults work from the LEDGER alone."""

    game_id = ""
    # Fields that do not count as the game moving (a reply counter).
    counters: tuple[str, ...] = ("turn",)

    def parse(self, line: str) -> dict[str, str]:
        """The fields of a LEDGER line, leniently; ValueError if it is not one of this game's."""
        raise ValueError("no parser")

    def strict_problem(self, line: str, game: Game) -> str | None:
        """Why the line is not the card's exact format, or None."""
        return None

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

    def guess_move(self, ctx: Context) -> str | None:
        """The move whose numbers the AI's LEDGER shows, if the rules can find one, in words."""
        return None

    def diff_words(self, name: str, ai: str, rules: str) -> str:
        return f"{name} {ai}, the rules give {rules}"

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
    for title, game_id in titles.items():
        m = re.search(r"(?m)(?:^|\s)#\s+" + re.escape(title) + r"\b", message)
        if m and message.count("## ") >= 3:
            return PastedCard(message[m.start() :].lstrip(), game_id, title)
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

    own_run = copy_run(true_run)
    audits: list[ReplyAudit] = []
    ai_prev: dict[str, str] | None = None

    # The opening.
    ai_text, ai_where = _joined(first.replies)
    audits.append(
        _check(
            adapter, game, card, 0, opening_msg.text if opening_msg else None,
            opening_msg.where if opening_msg else None, ai_text, ai_where,
            expected=None, exp_reply=opening, true_step=None, true_reply=opening, ai_prev=None, own_run=own_run,
        )
    )
    ai_prev = audits[-1].ai_fields

    for n, ex in enumerate(exchanges, 1):
        assert ex.message is not None
        message = ex.message.text
        true_step = step(true_run, message)
        exp_step = step(own_run, message)
        ai_text, ai_where = _joined(ex.replies)
        ra = _check(
            adapter, game, card, n, message, ex.message.where, ai_text, ai_where,
            expected=exp_step, exp_reply=exp_step.reply, true_step=true_step, true_reply=true_step.reply,
            ai_prev=ai_prev, own_run=own_run,
        )
        audits.append(ra)
        ai_prev = ra.ai_fields or (adapter.fields(game, own_run.state) if ra.ai_text is not None else ai_prev)
    return Audit(
        card.game_id, card.title, card.version, transcript.form, card_from, audits, notes,
        skipped_card=opening_msg is not None and pasted is not None, resumed=resumed,
    )


def _fields_equal(a: dict[str, str], b: dict[str, str], skip: tuple[str, ...] = ()) -> bool:
    return {k: v for k, v in a.items() if k not in skip} == {k: v for k, v in b.items() if k not in skip}


def _check(
    adapter: Adapter,
    game: Game,
    card: Card,
    index: int,
    message: str | None,
    message_where: str | None,
    ai_text: str | None,
    ai_where: str | None,
    *,
    expected: Step | None,
    exp_reply: Reply,
    true_step: Step | None,
    true_reply: Reply,
    ai_prev: dict[str, str] | None,
    own_run: Run,
) -> ReplyAudit:
    """Judge one AI reply; re-base `own_run` on the AI's numbers when they differ."""
    state_for_label = expected.before if expected is not None else own_run.state
    label = "the opening" if index == 0 else adapter.label(state_for_label)
    exp_fields = adapter.fields(game, own_run.state)
    true_fields = adapter.fields(game, true_step.after if true_step else own_run.state)
    before_fields = adapter.fields(game, expected.before) if expected is not None else exp_fields
    ra = ReplyAudit(
        index, label, message, message_where, ai_text, ai_where, None, true_reply.ledger, true_reply.text,
        exp_reply.ledger, None, None, true_result=true_reply.result,
    )
    if ai_text is None:
        ra.notes.append("the transcript has no AI reply to this message")
        return ra
    where = ai_where or "?"
    ra.ai_result = ai_result(ai_text)
    line, trailing = ai_ledger(ai_text)
    findings: list[Finding] = []
    ai_fields: dict[str, str] | None = None
    if line is None:
        findings.append(Finding("ledger-missing", index, where, f"{label}: the reply does not end with a LEDGER line (hard rule 1: end every reply with it)"))
    else:
        ra.ai_ledger = line
        try:
            ai_fields = adapter.parse(line)
        except ValueError as exc:
            findings.append(Finding("ledger-format", index, where, f"{label}: the LEDGER line cannot be read: {exc}", ai=line, rules=exp_reply.ledger))
        else:
            problem = adapter.strict_problem(line, game)
            if problem:
                text = f"{label}: the LEDGER line is not the card's format exactly: {problem}"
                findings.append(Finding("ledger-format", index, where, text, ai=line, rules=exp_reply.ledger))
        if trailing:
            findings.append(Finding("ledger-not-last", index, where, f"{label}: text follows the LEDGER line; the card ends every reply with it"))
    ra.ai_fields = ai_fields

    ctx = Context(
        game, card, index, label, message, ai_text, where, ai_fields, ai_prev, expected, exp_fields,
        before_fields, true_step, own_run.state,
    )
    alt_fields = [adapter.fields(game, s) for s in (adapter.alternatives(game, expected) if expected else [])]

    if ai_fields is not None:
        ra.on_true_line = _fields_equal(ai_fields, true_fields) or any(
            _fields_equal(ai_fields, a) for a in ([adapter.fields(game, s) for s in adapter.alternatives(game, true_step)] if true_step else [])
        )
        ra.differs_from_true = {k: (ai_fields.get(k, "(none)"), v) for k, v in true_fields.items() if ai_fields.get(k) != v}
        if ra.on_true_line:
            ra.differs_from_true = {}
        follows = _fields_equal(ai_fields, exp_fields) or any(_fields_equal(ai_fields, a) for a in alt_fields)
        ra.follows_own = follows
        if follows and not _fields_equal(ai_fields, exp_fields):
            ra.notes.append("its LEDGER shows the dusk before the next dawn is read: a reading the card allows")

    breaches = adapter.breaches(ctx)
    if ai_fields is not None and not ra.follows_own:
        diffs = adapter.collapse([(k, ai_fields.get(k, "(none)"), v) for k, v in exp_fields.items() if ai_fields.get(k) != v], ai_fields)
        diff_words = [adapter.diff_words(k, a, r) for k, a, r in diffs]
        decided = _decided(adapter, ctx) if expected is not None else None
        cause = decided or next((b for b in breaches if b.kind in ("tape-changed", "tape-out-of-turn", "third-value")), None)
        if decided is not None:
            breaches.insert(0, decided)
        if cause is not None:
            cause.consequences = diff_words
        else:
            also = adapter.guess_move(ctx) if expected is not None and len(diffs) == 1 else None
            for k, a, r in diffs:
                why = adapter.explain(ctx, k) + (f" (also: {also})" if also else "")
                findings.append(Finding("ledger", index, where, f"{label}: {adapter.diff_words(k, a, r)}: {why}", field=k, ai=a, rules=r))
    findings.extend(breaches)
    findings.extend(_result_findings(ctx, exp_reply, ra.ai_result))
    ra.findings = findings

    # Re-base the own-numbers Run on the AI's LEDGER when it differs from what was expected.
    if ai_fields is not None and not ra.follows_own:
        try:
            own_run.state = adapter.state_from(game, ai_fields, own_run.state)
        except (ValueError, TypeError) as exc:
            ra.notes.append(f"its own numbers cannot be loaded into a state ({exc}); the next reply is judged from the rules' numbers")
    return ra


def _decided(adapter: Adapter, ctx: Context) -> Finding | None:
    """A move the player never gave: nothing moves by the rules but the AI's LEDGER moved, or the
    AI's numbers are what another move gives."""
    assert ctx.expected is not None and ctx.ai is not None
    counters = adapter.counters
    prev = ctx.ai_prev or ctx.before_fields
    rules_moved = not _fields_equal(ctx.expected_fields, ctx.before_fields, counters)
    ai_moved = not _fields_equal(ctx.ai, prev, counters)
    guess = adapter.guess_move(ctx)
    said = _quote(ctx.message or "")
    if not rules_moved and ai_moved:
        why = _first_line(ctx.expected.reply.prose)
        text = (
            f"{ctx.label}: the player's message {said} gives no move the rules can run, so nothing moves "
            f"(cardgm: \"{why}\"); the AI moved the game anyway ({adapter.moved_words(ctx)})"
        )
        if guess:
            text += f": {guess}"
        return Finding("decided-for-player", ctx.index, ctx.ai_where, text)
    differs = [k for k, v in ctx.expected_fields.items() if ctx.ai.get(k) != v and k not in counters]
    if rules_moved and guess and len(differs) >= 2:
        # One field off is read as a slip of arithmetic (its finding names the other call); two
        # or more that are exactly another call's numbers are that call, run for the player.
        return Finding(
            "decided-for-player", ctx.index, ctx.ai_where,
            f"{ctx.label}: the player's message {said} is not what the AI ran: {guess}",
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
                f"{ctx.label}: the game ends here (end:{exp_reply.end}, score {exp_reply.score}) and the card asks "
                "for its RESULT line; the reply has none",
                field="RESULT", ai="(none)", rules=expected,
            ))
        return out
    if expected is None:
        out.append(Finding(
            "result", ctx.index, where,
            f"{ctx.label}: a RESULT line, but by the rules the game has not ended",
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
                f"{ctx.label}: the RESULT line gives {key}:{a}, the rules give {key}:{r}{why}",
                field=f"RESULT {key}", ai=a, rules=r,
            ))
    return out
