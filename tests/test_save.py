"""cardgm.save: one place for the SAVE markers, finding blocks, and reading a body's fields."""

from __future__ import annotations

import pytest

from cardgm.game import SaveError
from cardgm.save import BEGIN, END, FieldWords, blocks, find_block, opens_block, read_fields

KEYS = ("game", "turn")


def test_a_block_cut_short_runs_to_the_end_of_the_message() -> None:
    assert find_block(f"here:\n{BEGIN}\ngame:x") == f"{BEGIN}\ngame:x"
    assert find_block("no block at all") is None


def test_blocks_skips_a_cards_template_and_keeps_whole_blocks_only() -> None:
    template = f"{BEGIN}\ngame:x turn:{{n}}\n{END}"
    real = f"{BEGIN}\ngame:x turn:4\n{END}"
    assert blocks(f"{template}\n...\n{real}\n{BEGIN} cut") == [real]


def test_opens_block_is_a_begin_line_without_its_end() -> None:
    assert opens_block(BEGIN) and not opens_block(f"{BEGIN} game:x {END}") and not opens_block("game:x")


def test_a_flattened_block_reads_like_a_broken_one() -> None:
    assert read_fields(f"{BEGIN} game:x turn:2 {END}", KEYS, FieldWords()) == {"game": "x", "turn": "2"}


@pytest.mark.parametrize(
    "block, words, message",
    [
        (f"game:x {BEGIN} {END}", FieldWords(), f"the block does not begin with {BEGIN}."),
        (f"{BEGIN} game:x", FieldWords(), f"the block has no {END} line; paste it whole."),
        (f"{BEGIN} game turn:1 {END}", FieldWords(), "'game' is not a key:value field."),
        (f"{BEGIN} game:x day:1 {END}", FieldWords(unknown="no {key} here ({known})"), "no day here (game, turn)"),
        (f"{BEGIN} game:x game:y {END}", FieldWords(), "game appears twice."),
        (f"{BEGIN} game:x {END}", FieldWords(), "the block lacks turn."),
        (f"{BEGIN} game:x turn:1 day:2 {END}", FieldWords(unknown=None, extra="{keys}: not ours"), "day: not ours"),
    ],
)
def test_each_shape_fault_is_said_in_the_games_words(block: str, words: FieldWords, message: str) -> None:
    with pytest.raises(SaveError) as err:
        read_fields(block, KEYS, words)
    assert str(err.value) == message


def test_begin_anywhere_lets_words_come_before_the_block() -> None:
    words = FieldWords(begin_anywhere=True)
    assert read_fields(f"resume: {BEGIN} game:x turn:1 {END}", KEYS, words)["turn"] == "1"


def test_a_tape_met_for_the_first_time_shows_its_days_as_they_are_worked_out(tmp_path, monkeypatch) -> None:
    # A card file's own tape has no shipped sets: the first SAVE checked on it works its mornings
    # out a day at a time (up to a minute under load), so a terminal sees a bar of those days.
    from contextlib import contextmanager

    import cardgm.save as save
    from cardgm.progress import Task

    seen: list[tuple[str, int | None, int]] = []

    class Counting(Task):
        def __init__(self) -> None:
            self.done = 0

        def advance(self, n: int = 1) -> None:
            self.done += n

    @contextmanager
    def task(description: str, total: int | None = None, *, quiet: bool = False):  # type: ignore[no-untyped-def]
        t = Counting()
        yield t
        seen.append((description, total, t.done))

    monkeypatch.setattr(save, "task", task)
    monkeypatch.setenv("CARDGM_CACHE", str(tmp_path))
    kept = save.Kept("test", (1, 2, 3), None, [save])
    assert kept.upto([0], 4, lambda d: d + 1, lambda days: days) == 3
    assert seen == [("Working out this tape's mornings (once)", 3, 3)]
    assert kept.upto([0, 1, 2, 3], 4, lambda d: d + 1, lambda days: days) == 3 and len(seen) == 1  # held: no bar
