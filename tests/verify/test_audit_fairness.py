"""The shapes in which the audit accused honest AIs (issue: "An audit that never accuses an honest AI"),
each pinned: narration is not a tape read, the card's own wording is, a format finding names its field,
a chat that opens with a greeting numbers the opening as reply 1."""

from __future__ import annotations

from cardgm import games
from cardgm.card import load_card
from cardgm.verify.audit import adapter_for, audit
from cardgm.verify.generate import generate
from cardgm.verify.reads import announced
from cardgm.verify.transcript_io import read_transcript

NAMES = {"SHARKS": "flag", "HARD WEATHER": "sky", "RAIN SQUALLS": "sky", "STEADY BREEZE": "sky", "FLOTSAM": "sea"}


def test_a_name_or_a_day_in_narration_is_not_a_tape_read() -> None:
    for said in (
        "SHARKS counts down and clears.",
        "Step 1: hard weather, canvas down, hands bail.",
        "Still on my mind: STEADY BREEZE.",
        "(Recap: HARD WEATHER, FULL, SHORT.)",
    ):
        assert announced(said, NAMES) == [], said
    dawn = announced("Dawn day 2: rain squalls", NAMES)
    assert all(r.value is None for r in dawn)  # the 2 is the day, not a value read


def test_the_reading_announced_now_is_a_tape_read() -> None:
    (read,) = announced("Dawn brings HARD WEATHER.", NAMES)
    assert read.name == "HARD WEATHER"
    (read,) = announced("tape value 8 reads 9", NAMES)  # the card's own wording
    assert (read.position, read.value) == (8, 9)


def test_a_ledger_format_finding_names_the_field() -> None:
    game = games.make_game(load_card("becalmed"))
    line = "[L] day 1/14 | westing 0/30 | water: 26 | thirst 0/7 | crew:P.C.O.N.Y. | canvas:down | flares:2 | tape:1 | flags:none | v1.0.0"
    assert adapter_for("becalmed").strict_problem(line, game) == "its field 'water: 26' is printed 'water 26' on the card"


def test_a_chat_that_opens_with_a_greeting_numbers_the_opening_as_reply_one() -> None:
    honest = generate("deadreckoning", 2, "chatty", "labels", greeting=True, turns=4)
    assert audit(read_transcript(honest.text)).findings == []
    for seed in range(10):
        leak = generate("deadreckoning", seed, "plain", "you-said", kind="hidden", greeting=True, turns=4)
        if leak.at == 1:
            found = audit(read_transcript(leak.text))
            assert [(f.reply, f.code) for f in found.findings] == [(1, "hidden-revealed")]
            assert found.replies[0].number == 1 and found.replies[0].ai_text is not None
            return
    raise AssertionError("no hidden cell was planted in an opening in 10 seeds")


def test_a_tape_value_given_only_in_a_table_cell_is_read() -> None:
    (read,) = announced("| read | value | meaning |\n|---|---|---|\n| tape 4 | 3 | HEAVY DEW |", NAMES)
    assert (read.position, read.value) == (4, 3)
    assert announced("| field | value |\n|---|---|\n| tape | 5 |", NAMES) == []  # a LEDGER field, not a read
    for seed in range(12):
        g = generate("becalmed", seed, "tape-table", "labels", kind="tape-changed", turns=6)
        if g.at is not None:
            assert [(f.reply, f.code) for f in audit(read_transcript(g.text)).findings] == [(g.at, "tape-changed")]
            return
    raise AssertionError("no tape value was planted in 12 seeds")
