"""The audit's two properties, over generated transcripts (cardgm/verify/generate): cardgm's own runs
re-voiced in every AI style and written in every export form the audit reads.

- an honest transcript has no finding, whatever its style and form;
- one planted error gives exactly one finding, of its kind, at the reply it is planted in (what
  follows from it is listed under that finding, never found again).

Each test walks a fixed, seeded set (no randomness between runs) and names every failing case."""

from __future__ import annotations

import pytest

from cardgm import games
from cardgm.verify.audit import Audit, audit
from cardgm.verify.generate import FORMS, KINDS, STYLES, generate, kinds_for
from cardgm.verify.transcript_io import read_transcript

GAMES = games.ids()
HONEST_PER_GAME = 168  # every style in every form, four times
PLANTED_PER_KIND = 16


def _allowed_at(found: Audit, at: int) -> bool:
    return any("a reading the card allows" in note for r in found.replies if r.number == at for note in r.notes)


def _style_form(seed: int) -> tuple[str, str]:
    return STYLES[seed % len(STYLES)], FORMS[(seed // len(STYLES)) % len(FORMS)]


@pytest.mark.parametrize("game_id", GAMES)
def test_an_honest_transcript_in_any_style_and_form_has_no_finding(game_id: str) -> None:
    accused = []
    for seed in range(HONEST_PER_GAME):
        style, form = _style_form(seed)
        g = generate(game_id, seed, style, form, turns=6)
        found = audit(read_transcript(g.text)).findings
        if found:
            accused.append((seed, style, form, [(f.reply, f.code, f.text[:120]) for f in found[:2]]))
    assert accused == []


@pytest.mark.parametrize("game_id", GAMES)
def test_one_planted_error_is_one_finding_at_its_reply(game_id: str) -> None:
    wrong, planted = [], 0
    for kind in kinds_for(game_id):
        for seed in range(PLANTED_PER_KIND):
            style, form = _style_form(seed * 5 + 1)
            g = generate(game_id, seed, style, form, kind=kind, turns=6)
            if g.at is None:
                continue
            planted += 1
            found_audit = audit(read_transcript(g.text))
            found = [(f.reply, f.code) for f in found_audit.findings]
            if _allowed_at(found_audit, g.at):
                continue  # the planted numbers are another reading the card allows: no fault to find there
            if found != [(g.at, KINDS[kind])]:
                wrong.append((kind, seed, style, form, g.at, found[:3]))
    assert wrong == []
    assert planted >= len(kinds_for(game_id)) * PLANTED_PER_KIND * 3 // 4  # nearly every plan finds its reply


def test_every_kind_the_audit_reports_can_be_planted() -> None:
    planted = {KINDS[k] for g in GAMES for k in kinds_for(g)}
    assert planted >= {
        "ledger", "tape-changed", "tape-out-of-turn", "decided-for-player", "ledger-format", "save", "save-format",
        "result", "hidden-revealed",
    }


def test_a_planted_tape_value_lists_what_follows_from_it_under_the_one_finding() -> None:
    for seed in range(20):
        g = generate("becalmed", seed, "plain", "labels", kind="tape-changed", turns=6)
        if g.at is None:
            continue
        (finding,) = audit(read_transcript(g.text)).findings
        if finding.consequences:  # a value that moved a number: the number is under the tape, not beside it
            assert all("LEDGER" in c for c in finding.consequences)
            return
    pytest.fail("no planted tape value moved a LEDGER number in 20 seeds")


def test_the_generator_is_seeded() -> None:
    a = generate("cattle-trail", 5, "chatty", "you-said", kind="arithmetic")
    b = generate("cattle-trail", 5, "chatty", "you-said", kind="arithmetic")
    assert a == b and a.at is not None
    assert generate("cattle-trail", 6, "chatty", "you-said").text != a.text


def test_the_html_report_folds_a_findings_consequences_under_it() -> None:
    from cardgm.verify.report import html_page

    for seed in range(20):
        g = generate("becalmed", seed, "plain", "labels", kind="tape-changed", turns=6)
        found = audit(read_transcript(g.text)) if g.at else None
        if found is None or not found.findings[0].consequences:
            continue
        page = html_page(found)
        block = page[page.index("data-code='tape-changed'") :]
        block = block[: block.index("</div>")]
        assert f"Because of it ({len(found.findings[0].consequences)})</summary>" in block
        assert all(c in block for c in found.findings[0].consequences)
        return
    pytest.fail("no planted tape value moved a LEDGER number in 20 seeds")


def test_a_slip_put_right_a_reply_later_is_one_finding_with_the_correction_under_it() -> None:
    seen = 0
    for seed in range(12):
        g = generate("becalmed", seed, "chatty", "labels", kind="slip-corrected", turns=6)
        if g.at is None:
            continue
        (finding,) = audit(read_transcript(g.text)).findings
        assert (finding.reply, finding.code) == (g.at, "ledger")
        assert any(c.endswith("the AI puts it right") for c in finding.consequences)
        seen += 1
    assert seen >= 6
