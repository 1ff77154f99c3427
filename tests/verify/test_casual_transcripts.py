"""The casual transcripts (tests/transcripts/casual/): chat runs of every card written as a chat AI
writes them, with players who type as people do. Honest runs carry no expected finding; each planted
run names its findings in its sidecar: the reply as the chat shows it (the first AI reply is 1), the
stable code, and a phrase the plain-words report must contain."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardgm.verify.transcript_io import AI, PLAYER, read_transcript

HERE = Path(__file__).parent.parent / "transcripts" / "casual"
SIDECARS = sorted(HERE.glob("*.expected.json"))
CODES = {
    "ledger", "ledger-missing", "ledger-format", "ledger-not-last", "decided-for-player", "tape-changed",
    "tape-out-of-turn", "third-value", "hidden-revealed", "result", "save", "save-format", "save-followed",
}


def _transcript(sidecar: Path) -> Path:
    name = sidecar.name.removesuffix(".expected.json")
    return next(p for p in HERE.iterdir() if p.stem == name and not p.name.endswith(".expected.json"))


def _want(sidecar: Path) -> dict:
    return json.loads(sidecar.read_text(encoding="utf-8"))


def test_at_least_twenty_every_card_every_form_honest_and_planted() -> None:
    assert len(SIDECARS) >= 20
    wants = [_want(s) for s in SIDECARS]
    assert {w["card"] for w in wants} == {"becalmed", "deadreckoning", "cattle-trail"}
    assert {w["form"] for w in wants} == {"chatgpt-json", "messages-json", "you-said", "labels", "headings", "bold", "unmarked"}
    for card in ("becalmed", "deadreckoning", "cattle-trail"):
        assert any(w["honest"] for w in wants if w["card"] == card), card
        assert any(not w["honest"] for w in wants if w["card"] == card), card


def test_every_kind_of_error_the_issue_names_is_planted() -> None:
    codes = {f["code"] for s in SIDECARS for f in _want(s)["findings"]}
    assert {
        "ledger", "ledger-format", "decided-for-player", "tape-changed", "tape-out-of-turn", "third-value",
        "hidden-revealed", "result", "save", "save-followed",
    } <= codes
    assert codes <= CODES


def test_every_transcript_has_its_sidecar() -> None:
    names = {p.stem for p in HERE.iterdir() if p.suffix in (".txt", ".json") and not p.name.endswith(".expected.json")}
    assert names == {s.name.removesuffix(".expected.json") for s in SIDECARS}


@pytest.mark.parametrize("sidecar", SIDECARS, ids=lambda p: p.name.removesuffix(".expected.json"))
def test_each_reads_as_its_form_turn_by_turn_and_names_replies_it_has(sidecar: Path) -> None:
    want = _want(sidecar)
    found = read_transcript(_transcript(sidecar).read_text(encoding="utf-8"))
    assert found.form == want["form"]
    roles = [t.role for t in found.turns]
    assert roles == [PLAYER, AI] * (len(roles) // 2)  # the card (and any SAVE) first, then turn by turn
    assert want["honest"] == (not want["findings"])
    replies = len(roles) // 2
    for f in want["findings"]:
        assert 1 <= f["reply"] <= replies and f["says"].strip()
    assert [f["reply"] for f in want["findings"]] == sorted(f["reply"] for f in want["findings"])


# -- the audit on them ---------------------------------------------------------------------------------

WAITS_FOR_READINGS: dict[str, str] = {}  # a transcript the audit cannot yet judge, and why


def _audited(sidecar: Path):
    from cardgm.verify.audit import audit

    return audit(read_transcript(_transcript(sidecar).read_text(encoding="utf-8")))


def _params():
    for s in SIDECARS:
        name = s.name.removesuffix(".expected.json")
        marks = [pytest.mark.xfail(reason=WAITS_FOR_READINGS[name], strict=True)] if name in WAITS_FOR_READINGS else []
        yield pytest.param(s, id=name, marks=marks)


@pytest.mark.parametrize("sidecar", list(_params()))
def test_the_audit_finds_exactly_the_planted_errors_at_their_replies_and_nothing_in_honest_runs(sidecar: Path) -> None:
    from cardgm.verify import report

    want = _want(sidecar)
    found = _audited(sidecar)
    assert found.game_id == want["card"]
    assert [(f.reply, f.kind) for f in found.findings] == [(f["reply"], f["code"]) for f in want["findings"]]
    text = report.text(found)
    for f, w in zip(found.findings, want["findings"]):
        assert w["says"] in f.text
        assert f.text in text
    for phrase in want["report_says"]:
        assert phrase in text


@pytest.mark.parametrize("sidecar", SIDECARS, ids=lambda p: p.name.removesuffix(".expected.json"))
def test_the_report_speaks_to_a_player_and_its_summary_agrees_with_the_findings(sidecar: Path) -> None:
    from cardgm.verify import report
    from cardgm.verify.plain import TITLES

    found = _audited(sidecar)
    text, page = report.text(found), report.html_page(found)
    shown = " ".join(re.sub(r"<[^>]+>", " ", page).split())
    for code in TITLES:
        if "-" in code:  # the codes a player could mistake for words are never shown
            assert code not in text and code not in shown, code
    assert "true line" not in text.lower() and "true line" not in shown.lower()
    lines = text.splitlines()
    assert lines.count(next(line for line in lines if line.startswith("Reply 1,"))) == 1
    replies = [line for line in lines if re.match(r"Reply \d+, ", line)]
    assert [int(re.match(r"Reply (\d+)", line).group(1)) for line in replies] == list(range(1, len(replies) + 1))
    n = len(found.findings)
    if n:
        assert f"{n} problem{'s' if n != 1 else ''} found, at repl" in text
        assert "No problems found" not in text
    else:
        assert "No problems found" in text and "problems found, at" not in text
    data = json.loads(report.as_json(found))
    assert [(f["reply"], f["code"]) for f in data["findings"]] == [(f.reply, f.kind) for f in found.findings]
