"""The audit: two Runs step through the chat side by side, and each AI reply is judged by the
reading rules (one module each: decided, readings, saves, results, tape)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from cardgm import games
from cardgm.card import Card, CardError
from cardgm.game import Game, SaveError
from cardgm.run import Reply, Run
from cardgm.save import blocks as save_blocks
from cardgm.save import find_block
from cardgm.verify.audit.adapter import Adapter, Context, adapter_for
from cardgm.verify.audit.cards import choose_card, find_card
from cardgm.verify.audit.carry import corrected, fold, remember, says_correction, settle, without_carried
from cardgm.verify.audit.confirm import asked_back, asks_back, confirm_skipped, confirmed, ran_unledgered
from cardgm.verify.audit.decided import decided as decided_for_player
from cardgm.verify.audit.findings import Audit, AuditError, Finding, ReplyAudit
from cardgm.verify.audit.lines import ai_ledger, ai_result, fields_equal, only_the_end_after, result_fields
from cardgm.verify.audit.readings import another_ruling, other_reading
from cardgm.verify.audit.results import result_findings
from cardgm.verify.audit.saves import save_findings
from cardgm.verify.audit.steps import Step, copy_run, step
from cardgm.verify.audit.tape import announced_explains, caused_by, replay_on_own_tape, tape_game
from cardgm.verify.plain import sentence
from cardgm.verify.transcript_io import PLAYER, Transcript, Turn


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

    auditor = Auditor(adapter, game, card, true_run, copy_run(true_run), games.make_game, options or {})
    auditor.new_chat = resumed
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


class Auditor:
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
        self.asked: str | None = None  # the (yes/no) line the AI's last reply asked, if any
        self.new_chat = False  # the chat resumes a SAVE pasted with the card
        self.turn_from = 0  # Context.turn_from: set at the opening of a new chat
        self.unslipped: tuple[Finding, Any, Any] | None = None  # last reply's slip: its finding, the line without it
        self.carried: dict[str, tuple[Finding, int]] = {}  # a field the AI carries wrong: its finding, by how much

    # -- the two kinds of reply ----------------------------------------------------------------------

    def opening(self, message: Turn | None, ai_text: str | None, ai_where: str | None, opening: Reply) -> None:
        saved = self.true_run.state if self.new_chat else None
        ra = self._judge(
            0, message.text if message else None, message.where if message else None, ai_text, ai_where,
            expected=None, exp_reply=opening, true_step=None, true_reply=opening, resumed=saved,
        )
        self.audits.append(ra)
        self.ai_prev = ra.ai_fields
        if saved is not None and not self.adapter.turn_carried_by and "turn" not in (ra.ai_fields or {"turn": ""}):
            # No turn on its LEDGER: a SAVE or RESULT later may count on from the saved turn, or this chat's replies.
            self.turn_from = saved.turn - 1

    def reply(self, message: Turn, ai_text: str | None, ai_where: str | None) -> None:
        text = message.text
        index = len(self.audits)
        block = find_block(text)
        begun = self.true_run.moved or self.own_run.moved
        if block is not None and begun and not self._kept_on(text, ai_text):
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

    def _kept_on(self, text: str, ai_text: str | None) -> bool:
        """A SAVE pasted mid-game that the AI answered as cardgm does: it keeps its own numbers
        (\"resumed only as the first message of a new run\"). A card that allows resuming there
        allows this too, so the message is played as any other, on both lines."""
        line = ai_ledger(ai_text)[0] if ai_text else None
        if line is None:
            return False
        try:
            shown = self.adapter.parse(line)
        except ValueError:
            return True  # a LEDGER that cannot be read shows no resume: the game goes on as it stood
        trial = copy_run(self.own_run)
        trial.moved = True  # the game has begun (a line re-based on the AI's numbers may not have run a move itself)
        step(trial, text)
        expected = self.adapter.fields(self.game, trial.state)
        shown_kept = without_carried(self, shown, expected)
        if fields_equal(shown_kept, expected):
            return True
        # Kept on with one number slipped (found as arithmetic), unless the block explains it better.
        off = sum(1 for k, v in expected.items() if shown_kept.get(k) != v and k not in self.adapter.counters)
        if off == 1:
            block = find_block(text)
            try:
                loaded = self.adapter.fields(self.game, self.game.load(block)) if block else {}
            except SaveError:
                loaded = {}
            if not loaded or sum(1 for k, v in loaded.items() if shown.get(k) != v and k not in self.adapter.counters) > 1:
                return True
        if self.unslipped is not None and says_correction(ai_text):  # kept on, its last slip put right
            finding, state, pending = self.unslipped
            trial = Run(self.own_run.game, state=replace(state, turn=self.own_run.state.turn), pending=pending, moved=True)
            step(trial, text)
            if fields_equal(shown, self.adapter.fields(self.game, trial.state)):
                self.own_run.state, self.own_run.pending = replace(state, turn=self.own_run.state.turn), pending
                finding.consequences.append(f"reply {len(self.audits) + 1}: the AI puts it right")
                self.unslipped = None
                return True
        return False

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

    def _result_on_its_tape(self, findings: list[Finding], res: list[Finding], given: str | None) -> list[Finding]:
        """A RESULT that follows from the tape value the AI announced on this reply, or from a move it
        decided for the player, is that breach's consequence, listed under it, not a finding of its own."""
        decided = next((f for f in findings if f.kind == "decided-for-player"), None)
        if res and decided is not None and given is not None:  # the end of a move the player did not make
            decided.consequences += [f.text for f in res]
            return []
        cause = next((f for f in findings if f.kind in ("tape-changed", "tape-out-of-turn")), None)
        if not res or cause is None or self.tape_trial is None:
            return res
        ended = self.game.ending(self.tape_trial[0]) is not None
        if given is None and ended:
            return res
        if given is not None:  # (a RESULT missing where its own tape ends nothing follows from it)
            if not ended or result_fields(self.game.result(self.tape_trial[0])) != result_fields(given):
                return res
        cause.consequences += [f.text for f in res]
        return []

    def _judge(
        self, index: int, message: str | None, message_where: str | None, ai_text: str | None, ai_where: str | None,
        *, expected: Step | None, exp_reply: Reply, true_step: Step | None, true_reply: Reply,
        resumed: Any = None, followed: Any = None,
    ) -> ReplyAudit:
        adapter, game = self.adapter, self.game
        own_run = self.own_run
        self.tape_trial: tuple[Any, Any] | None = None  # the AI's own tape played on this message
        self.tape_reply: Reply | None = None  # and the reply that gives (its end, its RESULT)
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
            alts = adapter.alternative_fields(game, expected)
            return exp, alts

        exp_fields, alt_fields = fields_now()
        raw_fields = ai_fields
        if ai_fields is not None and self.carried:
            # A number it carries on from an earlier finding is listed there (folded below, against
            # the move finally read); the rest is judged.
            ai_fields = without_carried(self, ai_fields, exp_fields)
        follows = ai_fields is not None and (fields_equal(ai_fields, exp_fields) or any(fields_equal(ai_fields, a) for a in alt_fields))
        if resumed is not None and ai_fields is not None and not follows:
            # A resume may show the saved turn or count this reply on from the last; a new chat's first
            # reply may count this chat's replies ("turn = replies so far"), unless the card carries the
            # SAVE's turn on (docs/rulings.md).
            afresh = (1,) if index == 0 and not adapter.turn_carried_by else ()
            for turn in (resumed.turn, resumed.turn + 1, *afresh):
                if fields_equal(ai_fields, adapter.fields(game, replace(resumed, turn=turn))):
                    own_run.state = self.true_run.state = replace(resumed, turn=turn)
                    exp_fields, follows = ai_fields, True
                    if turn == 1 != resumed.turn:
                        notes.append(f"its turn counts this chat's replies from 1, not on from the SAVE's turn:{resumed.turn}: a reading the card allows")
                        self.readings.append(
                            "The AI follows a reading the card allows: in this new chat its turn counts the chat's own "
                            f"replies from 1 (\"turn = replies so far\"), where cardgm carries on the SAVE's turn:{resumed.turn} "
                            "(docs/rulings.md, a SAVE resumed in a new chat)."
                        )
                    break
            else:
                if afresh and ai_fields.get("turn") == "1":  # counted afresh, and another number off: that one is the finding
                    own_run.state = self.true_run.state = replace(resumed, turn=1)
                    exp_fields = adapter.fields(game, own_run.state)

        # Not what the rules give: a reading the card allows, or the message read from the AI's numbers.
        if ai_fields is not None and not follows and expected is not None:

            # A tape value the AI announced in place of the printed one explains its numbers before
            # another reading of the rules does (the tape module replays the message on that value).
            early = Context(
                game, self.card, index, label, message, ai_text, where, ai_fields, self.ai_prev, expected, exp_fields,
                adapter.fields(game, expected.before), true_step, own_run.state, "", previous=self.last_action, turn_from=self.turn_from,
            )
            retaped = any(b.kind in ("tape-changed", "tape-out-of-turn") for b in adapter.breaches(early))

            def readings_of(shown: dict[str, str], expected: Step) -> tuple[Step, Step | None, str] | None:
                return (
                    (None if retaped or announced_explains(self, ai_text, message or "", shown, expected)
                     else another_ruling(self, message or "", shown, expected, true_step))
                    or confirmed(self, message or "", shown, expected, true_step)
                    or corrected(self, index, message or "", ai_text, shown, expected, true_step)
                    or asked_back(self, message or "", ai_text, shown, expected, true_step)
                    or other_reading(self, index, message or "", shown, expected, true_step, asks=asks_back(ai_text) is not None)
                    or confirm_skipped(self, message or "", shown, expected, true_step, ai_text)
                )

            # A carried difference was taken out against cardgm's reading of the message; the move
            # the AI's numbers show is looked for in the numbers it printed first (a field that only
            # looked carried, one over where nothing moved, is that move's own outcome).
            got = readings_of(raw_fields, expected) if raw_fields is not None and raw_fields != ai_fields else None
            got = got or readings_of(ai_fields, expected)
            if got is not None:
                expected, true_step, note = got
                exp_reply = expected.reply
                if true_step is not None:
                    true_reply = true_step.reply
                notes.append(note)
                exp_fields, alt_fields = fields_now()
                if raw_fields is not None and self.carried:
                    ai_fields = without_carried(self, raw_fields, exp_fields)
                follows = fields_equal(ai_fields, exp_fields) or any(fields_equal(ai_fields, a) for a in alt_fields)
        if raw_fields is not None and ai_fields is not None and self.carried:
            fold(self, [(k, raw_fields[k], ai_fields[k]) for k in raw_fields if ai_fields.get(k) != raw_fields[k]], index + 1)

        if line is None and expected is not None and (got := ran_unledgered(self, message or "", ai_text, expected, true_step)):
            expected, true_step, note = got
            exp_reply = expected.reply
            if true_step is not None:
                true_reply = true_step.reply
            notes.append(note)

        if line is not None and trailing:
            if exp_reply.result and only_the_end_after(ai_text):
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
            own_run.state, adapter.not_over(game, own_run.state), previous=self.last_action, turn_from=self.turn_from,
            play=own_run.game,
        )
        if ai_fields is not None:
            true_alts = adapter.alternative_fields(game, true_step)
            ra.on_true_line = fields_equal(ai_fields, true_fields) or any(fields_equal(ai_fields, a) for a in true_alts)
            ra.differs_from_true = {} if ra.on_true_line else {k: (ai_fields.get(k, "(none)"), v) for k, v in true_fields.items() if ai_fields.get(k) != v}
            ra.follows_own = follows
            if follows and not fields_equal(ai_fields, exp_fields):
                notes.append("its LEDGER shows the dusk before the next dawn is read: a reading the card allows")

        breaches = adapter.breaches(ctx)
        for b in breaches:
            in_place = b.kind == "tape-changed" or (b.kind == "tape-out-of-turn" and not (b.rules or "").startswith("tape "))
            if in_place and b.field and b.field.startswith("tape ") and b.ai and b.ai.isdigit():
                self.patched[int(b.field.split()[1])] = int(b.ai)  # its later numbers follow from it
                if follows and expected is not None:
                    replay_on_own_tape(self, expected, message or "")
        if followed is not None and ai_fields is not None and not follows and fields_equal(
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
            # Judged against the reading its numbers come nearest (a slip in a LEDGER that stops at the
            # dusk is that one number, not the day and tape as well); the rules' own on a tie.
            nearest = min([exp_fields, *alt_fields], key=lambda f: sum(1 for k, v in f.items() if ai_fields.get(k) != v))
            diffs = adapter.collapse([(k, ai_fields.get(k, "(none)"), v) for k, v in nearest.items() if ai_fields.get(k) != v], ai_fields)
            diffs = fold(self, diffs, index + 1)
            # A breach of the save or the tape explains the numbers; a move is decided only without one.
            explained = any(b.kind in ("save-followed", "tape-changed", "tape-out-of-turn", "third-value") for b in breaches)
            decided = decided_for_player(adapter, ctx) if expected is not None and not explained else None
            cause = decided or next((b for b in breaches if b.kind in ("save-followed", "tape-changed", "tape-out-of-turn", "third-value")), None)
            if decided is not None:
                breaches.insert(0, decided)
                # What the move it ran set going (a turtle to answer) stands on its line too: the
                # LEDGER does not show it.
                ran = adapter.candidates(game, expected.before, ai_fields, tape_game(self)) if expected is not None else []
                if ran:
                    self.tape_trial = (ran[0][1], None)
            if cause is None and len(diffs) > 1 and expected is not None and (cause := adapter.misread(ctx)) is not None:
                breaches.insert(0, cause)
            if cause is not None:
                caused, apart = caused_by(self, cause, diffs, ctx, message or "", ai_fields)
                cause.consequences = [adapter.diff_words(k, a, r) for k, a, r in caused]
                for k, a, r, own, own_ctx in apart:  # not what the tape it announced gives either: its own finding
                    why = adapter.explain(own_ctx, k)
                    said = adapter.diff_words(k, a, own)
                    if own != r:
                        said += f" (with the tape value the AI announced; {r} with the printed one)"
                    findings.append(Finding("ledger", index, where, sentence(said) + " " + sentence(why), field=k, ai=a, rules=own))
            else:
                for k, a, r in diffs:
                    why = adapter.explain_resumed(k, r) if resumed is not None and index == 0 else adapter.explain(ctx, k)
                    findings.append(Finding("ledger", index, where, sentence(adapter.diff_words(k, a, r)) + " " + sentence(why), field=k, ai=a, rules=r))
                    remember(self, findings[-1], k, a, r)
        findings.extend(breaches)
        findings.extend(save_findings(ctx, adapter))
        # A RESULT that follows from the AI's announced tape value or a move it decided is listed
        # under that finding (`_result_on_its_tape`), as is one the value announced in place of the
        # printed one gives (the tape module's reply on it): never a finding of its own.
        results = self._result_on_its_tape(findings, result_findings(ctx, adapter, exp_reply, ra.ai_result), ra.ai_result)
        tape_cause = next((b for b in breaches if b.kind in ("tape-changed", "tape-out-of-turn")), None)
        if results and tape_cause is not None and self.tape_reply is not None and not result_findings(ctx, adapter, self.tape_reply, ra.ai_result):
            tape_cause.consequences += [f.text for f in results]
            results = []
        findings.extend(results)
        if ai_fields is not None:
            settle(self, raw_fields or ai_fields, exp_fields)
        self.asked = asks_back(ai_text)
        for f in findings:  # numbered as the chat shows the replies: the opening is reply 1
            f.reply = ra.number
        ra.findings = findings

        if expected is not None and expected.action is not None:
            self.last_action = expected.action
        # Re-base the own-numbers Run on the AI's LEDGER when it differs from what was expected.
        slips = [f for f in findings if f.kind == "ledger"]
        self.unslipped = (slips[0], own_run.state, own_run.pending) if slips and ai_fields is not None and not follows else None
        # An alternative a reading allows (not the rules' own numbers) is the AI's line from here on, too.
        if ai_fields is not None and (not follows or not fields_equal(ai_fields, exp_fields)):
            try:
                if self.tape_trial is not None:
                    # What its announced value set going (a turtle to answer) stands on its line too.
                    own_run.state, own_run.pending = self.tape_trial
                was = own_run.state
                own_run.state = adapter.state_from(game, ai_fields, own_run.state)
                # Its numbers moved the game: on its line the game has begun (a SAVE pasted now is no opening).
                own_run.moved = own_run.moved or not fields_equal(adapter.fields(game, was), ai_fields, adapter.counters)
            except (ValueError, TypeError, KeyError) as exc:
                ra.notes.append(f"its own numbers cannot be loaded into a state ({exc}); the next reply is checked from the rules' numbers")
            guess = adapter.candidates(game, expected.before, ai_fields, tape_game(self, )) if expected is not None and not follows else []
            if guess:
                self.last_action = guess[0][0]
        if self.patched:
            own_run.game = tape_game(self, )
        return ra
