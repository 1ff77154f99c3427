"""The audit of chat transcripts: each transcript under tests/transcripts/ finds exactly the
findings its sidecar names (a clean one none, a planted one exactly its planted error)."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgm.card import load_card
from cardgm.cli import main
from cardgm.games import card_text as builtin_text
from cardgm.games import make_game
from cardgm.games.becalmed import rules as BR
from cardgm.run import Run
from cardgm.verify import report
from cardgm.verify.audit import AuditError, audit
from cardgm.verify.transcript_io import read_transcript

HERE = Path(__file__).parent.parent / "transcripts"
SIDECARS = sorted(HERE.glob("*.expected.json"))


def _transcript(name: str) -> Path:
    return next(p for p in HERE.iterdir() if p.stem == name and not p.name.endswith(".expected.json"))


def _audit(path: Path, **kw):
    return audit(read_transcript(path.read_text(encoding="utf-8")), **kw)


@pytest.mark.parametrize("sidecar", SIDECARS, ids=lambda p: p.name.removesuffix(".expected.json"))
def test_transcript_finds_exactly_what_its_sidecar_names(sidecar: Path) -> None:
    want = json.loads(sidecar.read_text(encoding="utf-8"))
    found = _audit(_transcript(sidecar.name.removesuffix(".expected.json")))
    assert found.form == want["form"]
    got = [(f.reply, f.kind, f.field, f.ai, f.rules) for f in found.findings]
    assert got == [(f["reply"], f["code"], f["field"], f["ai"], f["rules"]) for f in want["findings"]]
    for f, w in zip(found.findings, want["findings"]):
        assert w["says"] in f.text
    first = found.first_divergence
    assert (first.number if first else None) == want["first_divergence"]


def test_every_sidecar_has_its_transcript_and_every_transcript_its_sidecar() -> None:
    transcripts = {p.stem for p in HERE.iterdir() if p.suffix in (".txt", ".json") and not p.name.endswith(".expected.json")}
    assert transcripts == {p.name.removesuffix(".expected.json") for p in SIDECARS}


def test_every_input_form_and_every_card_is_covered() -> None:
    forms, games = set(), set()
    for sidecar in SIDECARS:
        forms.add(json.loads(sidecar.read_text())["form"])
        games.add(sidecar.name.split("-")[0])
    assert forms == {"chatgpt-json", "messages-json", "you-said", "labels", "headings", "bold", "unmarked"}
    assert games == {"becalmed", "deadreckoning", "cattle"}


def test_every_kind_of_breach_the_issue_names_is_planted_somewhere() -> None:
    kinds = {f["code"] for s in SIDECARS for f in json.loads(s.read_text())["findings"]}
    assert {"ledger", "decided-for-player", "tape-changed", "tape-out-of-turn", "third-value", "hidden-revealed", "result"} <= kinds


# -- after a divergence: the true line, and the AI's own numbers ------------------------------------------


def test_after_a_divergence_the_ai_that_keeps_its_own_numbers_is_reported_once() -> None:
    found = _audit(_transcript("becalmed-water"))
    assert [r.on_true_line for r in found.replies] == [True, True, True, False, False, False]
    assert [r.follows_own for r in found.replies] == [True, True, True, False, True, True]
    text = report.text(found)
    assert "1 problem found, at reply 4: 1 number in a LEDGER that does not follow." in text
    assert "From reply 4 on, the AI's numbers are not what the rules give" in text
    assert "Reply 5, day 4, after you wrote \"FULL, SAIL, WATCH\": follows from the AI's own numbers." in text
    # The true line is still reported: the last reply's true LEDGER is cardgm's own.
    assert found.replies[-1].differs_from_true == {"water": ("26", "24")}


def test_an_ai_that_silently_drops_back_to_the_true_numbers_breaks_its_own_ledger() -> None:
    text = _transcript("becalmed-water").read_text(encoding="utf-8")
    # Reply 4 goes back to the true water: it no longer follows the AI's own LEDGER before it.
    last4 = text.split("Assistant:")[5]
    assert "water 25 |" in last4  # its own line: 2 over the true 23
    fixed = last4.replace("water 25 |", "water 23 |")
    found = audit(read_transcript(text.replace(last4, fixed)))
    r4 = found.replies[4]
    assert r4.on_true_line is True and r4.follows_own is False
    assert [(f.kind, f.field) for f in r4.findings] == [("ledger", "water")]
    assert [r.number for r in found.rejoined] == [5]


def test_the_dusk_shown_before_the_next_dawn_is_a_reading_the_card_allows() -> None:
    found = _audit(_transcript("becalmed-clean-dusk-only"))
    assert not found.findings
    assert any("dusk before the next dawn" in n for n in found.replies[1].notes)


# -- the card ----------------------------------------------------------------------------------------------


def test_the_card_is_found_from_the_ledger_when_none_is_pasted() -> None:
    text = _transcript("deadreckoning-clean").read_text(encoding="utf-8")
    data = json.loads(text)
    data["messages"] = data["messages"][1:]  # no card: the first message is the AI's opening
    found = audit(read_transcript(json.dumps(data)))
    assert found.game_id == "deadreckoning" and "shape of its LEDGER" in found.card_from
    assert not found.findings


def test_card_names_the_card_over_the_transcript() -> None:
    found = _audit(_transcript("cattle-trail-clean"), card_name="cattle-trail")
    assert found.card_from.startswith("named with --card")


def test_no_card_at_all_is_an_error_that_says_to_name_it() -> None:
    with pytest.raises(AuditError, match="--card"):
        audit(read_transcript("User: hello\nAssistant: hi there\nUser: play?\nAssistant: sure"))


def test_a_pasted_save_resumes_the_true_line() -> None:
    found = _audit(_transcript("becalmed-clean-resumed"))
    assert found.resumed
    assert found.replies[0].true_ledger.startswith("[L] day 3/14 | westing 6/30 | water 22")


# -- the command -------------------------------------------------------------------------------------------


def test_exit_status_is_0_clean_1_findings_2_unreadable(tmp_path: Path) -> None:
    runner = CliRunner()
    assert runner.invoke(main, ["audit", str(_transcript("becalmed-clean-labels"))]).exit_code == 0
    res = runner.invoke(main, ["audit", str(_transcript("becalmed-water"))])
    assert res.exit_code == 1 and "The LEDGER says water 33; the rules give 31." in res.output
    bad = tmp_path / "chat.txt"
    bad.write_text("we played a boat game and it went well\nthe end\n", encoding="utf-8")
    res = runner.invoke(main, ["audit", str(bad)])
    assert res.exit_code == 2 and "'User:'" in res.output


def test_json_and_html_outputs(tmp_path: Path) -> None:
    page = tmp_path / "audit.html"
    res = CliRunner().invoke(main, ["audit", str(_transcript("becalmed-tape-changed")), "--json", "--html", str(page)])
    assert res.exit_code == 1
    data = json.loads(res.output)
    assert [(f["reply"], f["code"]) for f in data["findings"]] == [(6, "tape-changed")]
    assert data["first_divergence"] == 6 and data["replies_not_following_own_numbers"] == [6]
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "<script" not in html and "http" not in html.split("<body>")[0]
    assert "class='diff'" in html and "A tape value changed." in html and "What the rules give" in html
    # The codes are for programs: a player reading the page sees none of them, nor "true line".
    shown = re.sub(r"<[^>]+>", " ", html)
    assert "tape-changed" not in shown and "true line" not in shown


# -- properties --------------------------------------------------------------------------------------------


class _ReadingExplains(Exception):
    """The planted change is what another reading of the card gives: not an error to find."""


def _bailed_in_a_gale(events: tuple) -> bool:
    names = [type(e).__name__ for e in events]
    return "CallsTaken" in names and any(type(e).__name__ == "CallsTaken" and e.hands == "BAIL" for e in events) and any(
        type(e).__name__ == "Water" and e.item == "spoiled" for e in events)


def _becalmed_transcript(choices: list[int], plant: tuple[int, int] | None = None) -> tuple[str, int]:
    """A BECALMED chat in 'User:/Assistant:' form, the AI replying with cardgm's own words; with
    `plant` (reply, extra water), the AI's water is wrong from that reply on, consistently."""
    game = make_game(load_card("becalmed"))
    run = Run(game)
    out = ["User:", builtin_text("becalmed"), "", "Assistant:", run.start().text, ""]
    n = 0
    for k, c in enumerate(choices, 1):
        actions = BR.legal_actions(run.state)
        if not actions:
            break
        a = actions[c % len(actions)]
        msg = {BR.Turtle: lambda a: "take her" if a.take else "leave her",
               BR.Signal: lambda a: "let her go" if a.burn == 0 else ("burn both" if a.burn == 2 else "burn one")}.get(
            type(a), lambda a: ", ".join(x for x in (a.issue, a.canvas, a.hands) if x))(a)
        reply = run.reply(msg)
        text = reply.text
        if plant and k == plant[0]:
            if plant[1] == 4 and _bailed_in_a_gale(reply.events):
                raise _ReadingExplains  # BECALMED question 28 (B): bailing in a gale keeps those 4 measures
            run.state = replace(run.state, water=run.state.water + plant[1])
            text = text.rsplit("\n", 1)[0] + "\n" + game.ledger(run.state)
        out += ["User:", msg, "", "Assistant:", text, ""]
        n = k
    return "\n".join(out), n


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 200), min_size=1, max_size=16))
def test_a_chat_run_by_the_rules_finds_nothing(choices: list[int]) -> None:
    text, _ = _becalmed_transcript(choices)
    assert audit(read_transcript(text)).findings == []


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 200), min_size=2, max_size=14), st.integers(1, 14), st.integers(1, 5))
def test_one_wrong_water_then_its_own_numbers_finds_exactly_that(choices: list[int], at: int, extra: int) -> None:
    text, n = _becalmed_transcript(choices, None)
    at = 1 + (at - 1) % n
    try:
        text, _ = _becalmed_transcript(choices, (at, extra))
    except _ReadingExplains:
        return
    found = audit(read_transcript(text))
    assert [(f.reply, f.kind, f.field) for f in found.findings] in ([(at + 1, "ledger", "water")], [(at + 1, "result", "RESULT score")])


# -- reading the forms -------------------------------------------------------------------------------------


def test_a_chatgpt_export_follows_the_branch_shown_not_an_abandoned_edit() -> None:
    data = json.loads(_transcript("becalmed-clean-chatgpt").read_text(encoding="utf-8"))
    mapping = data[0]["mapping"]
    # An edited first move: a sibling branch the player abandoned, with a wrong LEDGER in it.
    mapping["m3"]["children"].insert(0, "old")
    mapping["old"] = {"id": "old", "parent": "m3", "children": [], "message": {
        "author": {"role": "user"}, "content": {"content_type": "text", "parts": ["DRY, SAIL, ROW"]}}}
    turns = read_transcript(json.dumps(data)).turns
    assert "DRY, SAIL, ROW" not in [t.text for t in turns]
    assert not audit(read_transcript(json.dumps(data))).findings


def test_a_gm_line_inside_a_pasted_card_does_not_split_a_turn() -> None:
    turns = read_transcript(_transcript("cattle-trail-meal").read_text(encoding="utf-8")).turns
    assert turns[0].role == "player" and "GM: dawn at the township" in turns[0].text


def test_unmarked_text_that_ends_in_words_with_no_ledger_is_refused_with_how_to_mark() -> None:
    text = _transcript("becalmed-clean-unmarked").read_text(encoding="utf-8") + "\nFULL, SAIL, ROW\n\nThe sail goes up.\n"
    with pytest.raises(ValueError, match="'User:'"):
        read_transcript(text)


def test_every_form_reads_the_same_turns() -> None:
    base = read_transcript(_transcript("becalmed-clean-labels").read_text(encoding="utf-8")).turns
    chat = read_transcript(_transcript("becalmed-clean-chatgpt").read_text(encoding="utf-8")).turns
    assert [(t.role, t.text) for t in base] == [(t.role, t.text) for t in chat]


# -- readings the card allows: an AI that plays one consistently is followed, not accused ---------------


def _words_for(action) -> str:
    """A message BECALMED's reader reads as exactly this move."""
    if isinstance(action, BR.Calls):
        return ", ".join(c for c in (action.issue, action.canvas, action.hands) if c)
    if isinstance(action, BR.Turtle):
        return "take her" if action.take else "leave her"
    return {0: "let her go", 1: "burn one", 2: "burn both"}[action.burn]


def _chat(card_id: str, game, messages: list[str], resume: str | None = None) -> tuple[str, list[str]]:
    """A chat in which the AI is cardgm playing `game` (another reading), and its LEDGERs."""
    run = Run(game)
    first = run.resume(resume) if resume else run.start()
    out = ["User:", builtin_text(card_id) + (f"\n\n{resume}" if resume else ""), "", "Assistant:", first.text, ""]
    ledgers = [first.ledger]
    for msg in messages:
        reply = run.reply(msg)
        out += ["User:", msg, "", "Assistant:", reply.text, ""]
        ledgers.append(reply.ledger)
    return "\n".join(out), ledgers


def _becalmed_line_where_the_readings_differ(rulings: BR.Rulings) -> list[str]:
    """Seeded random legal play until the other reading's LEDGER parts from cardgm's, and a few replies on."""
    import random

    card = load_card("becalmed")
    ruled, other = make_game(card), make_game(card, rulings=rulings)
    rng = random.Random(7)
    for _ in range(300):
        a, b, msgs = Run(ruled), Run(other), []
        a.start(), b.start()
        while other.ending(b.state) is None and len(msgs) < 40:
            msg = _words_for(rng.choice(BR.legal_actions(b.state)))
            msgs.append(msg)
            if a.reply(msg).ledger != b.reply(msg).ledger:
                for _ in range(3):
                    if other.ending(b.state) is not None:
                        break
                    msgs.append(_words_for(rng.choice(BR.legal_actions(b.state))))
                    b.reply(msgs[-1])
                return msgs
    raise AssertionError(f"no random line on this tape tells {rulings} apart")


TRYST_SAVE = (  # day 16 of the early-arrival golden: a morning play reaches (every SAVE is checked, issue 19)
    "-----BEGIN AIGC SAVE-----\ngame:cattle-trail m:drove rules:1 v:1.0.0 turn:16 day:16/20 mile:167\n"
    "head:51 flesh:0 meal:1 silver:0 wear:3 spate:0 shod:n\ncrew:you,Hector laid:Ewan,Calum\nsha:none\n-----END AIGC SAVE-----"
)
READINGS = [  # (card, switch, its other value, a line that tells it apart: messages, a SAVE pasted with the card)
    ("becalmed", "sharks_count_the_setting_dusk", True, None, None),
    ("becalmed", "water_floored_after_step_2", True, None, None),
    ("becalmed", "new_man_stays_aboard", True, None, None),
    ("becalmed", "bail_closes_new_seams", True, None, None),
    ("cattle-trail", "tryst_days_read", False, ["PUSH"], TRYST_SAVE),
    ("cattle-trail", "bag_caps_every_change", False, ["STEADY", "TWO BOATS", "EASY", "STEADY", "buy 7 meal and go easy", "STEADY"], None),
    ("cattle-trail", "band_on_cut_march", False, ["STEADY", "ONE BOAT", "PUSH", "EASY", "STEADY"], None),
]


def test_the_readings_tried_are_every_switch_the_adapters_offer() -> None:
    from cardgm.verify.audit import adapter_for

    offered = {(g, name, value) for g in ("becalmed", "cattle-trail", "deadreckoning") for name, value, _ in adapter_for(g).readings()}
    assert offered == {r[:3] for r in READINGS}


@pytest.mark.parametrize(("card_id", "switch", "value", "messages", "resume"), READINGS, ids=[r[1] for r in READINGS])
def test_an_ai_that_plays_another_reading_the_card_allows_is_followed_and_named(card_id, switch, value, messages, resume) -> None:
    from cardgm.verify.audit import adapter_for

    adapter = adapter_for(card_id)
    card = load_card(card_id)
    other = make_game(card, rulings=adapter.rulings(**{switch: value}))
    if messages is None:
        messages = _becalmed_line_where_the_readings_differ(adapter.rulings(**{switch: value}))
    text, ledgers = _chat(card_id, other, messages, resume)
    assert ledgers != _chat(card_id, make_game(card), messages, resume)[1]  # the line tells the readings apart
    found = audit(read_transcript(text))
    assert found.findings == []
    note = next(n for name, v, n in adapter.readings() if name == switch)
    assert found.readings == [note] and note in report.text(found)
