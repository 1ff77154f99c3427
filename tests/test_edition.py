"""Editions: a card is recognised by its rules text, the tape aside, and an edited card is not
silently played by the built-in rules (cardgm/edition.py, docs/rulings.md "Editions")."""

from __future__ import annotations

import json
import random
import re

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgm.card import builtin_text, load_card, parse_card
from cardgm.cli import main
from cardgm.edition import EditionError, check, difference, fingerprint, known, recognise, rules_text, shipped

BECALMED = builtin_text("becalmed")
WATER_30 = BECALMED.replace("the breaker starts at **26 measures**", "the breaker starts at **30 measures**")


def test_every_shipped_card_is_a_known_edition_computed_from_its_own_text() -> None:
    cards = shipped()
    assert len(cards) == 3 and len(known()) == 3
    for card in cards:
        assert recognise(card) is card and known()[fingerprint(card.text)] is card
        assert recognise(load_card(card.game_id)) is card


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(range(3)), st.integers(0, 2**32))
def test_the_fingerprint_ignores_how_whitespace_fell(which: int, seed: int) -> None:
    card, rng = shipped()[which], random.Random(seed)  # a seed, not drawn gaps: a card is thousands of words
    gaps = [" ", "\n", "  ", "\n\n", "\t", " \r\n"]
    text = "".join(word + rng.choice(gaps) for word in card.text.split())
    assert fingerprint(text) == fingerprint(card.text)
    assert recognise(parse_card(text)) is card


def test_a_card_with_its_own_tape_and_seed_is_the_same_edition_and_plays_its_tape() -> None:
    mine = BECALMED.replace("seed becalmed:1.0.0) 12 14 16", "seed harbour:2.0.0) 1 2 3")
    assert rules_text(mine) == rules_text(BECALMED)
    card = parse_card(mine, source="mine.md")
    assert recognise(card) is not None and check(card) is None and card.tape[:3] == (1, 2, 3)


def test_an_edited_rule_is_named_with_its_section_and_its_words() -> None:
    card = parse_card(WATER_30, source="edited.md")
    assert recognise(card) is None
    diff = difference(card)
    assert diff is not None and diff.edition.game_id == "becalmed"
    assert diff.sections == ("## THE BOAT FIVE SOULS",)
    assert "**30 measures**" in diff.card_reads and "**26 measures**" in diff.edition_reads
    with pytest.raises(EditionError, match=r"edited.md: its rules differ from BECALMED v1\.0\.0.*THE BOAT"):
        check(card)
    warning = check(card, known_rules=True)
    assert warning is not None and "the edits are NOT played" in warning


def test_another_version_of_a_card_is_not_the_known_edition() -> None:
    card = parse_card(BECALMED.replace("v1.0.0", "v1.1.0"), source="next.md")
    assert recognise(card) is None and difference(card) is not None


def test_play_refuses_an_edited_card_and_plays_the_known_rules_only_when_told(tmp_path) -> None:
    f = tmp_path / "edited.md"
    f.write_text(WATER_30, encoding="utf-8")
    refused = CliRunner().invoke(main, ["play", str(f)], input="FULL, SAIL, ROW\n")
    assert refused.exit_code == 2 and refused.stdout == ""
    assert re.search(r"edited\.md: its rules differ .* ## THE BOAT FIVE SOULS: the card reads .*30 measures", refused.stderr)
    assert "--known-rules" in refused.stderr
    played = CliRunner().invoke(main, ["play", str(f), "--known-rules", "--json"], input="")
    assert played.exit_code == 0 and "the edits are NOT played" in played.stderr
    assert json.loads(played.stdout.splitlines()[0])["state"]["water"] == 26  # the rules cardgm knows


def test_solve_refuses_an_edited_card_without_offering_an_option_it_lacks(tmp_path) -> None:
    f = tmp_path / "edited.md"
    f.write_text(WATER_30, encoding="utf-8")
    refused = CliRunner().invoke(main, ["solve", "becalmed", "--card", str(f)])
    assert refused.exit_code == 2 and "will not play this card as written" in refused.stderr
    assert "--known-rules" not in refused.stderr
