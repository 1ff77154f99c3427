"""The card loader: both layouts, every shipped card, clear errors."""

import pytest

from cardgm.card import CardError, load_card, parse_card
from cardgm.games import card_text as builtin_text


@pytest.mark.parametrize(
    "game_id,title,mode,seed,n",
    [
        ("becalmed", "BECALMED", "open-boat", "becalmed:1.0.0", 40),
        ("deadreckoning", "DEADRECKONING", "duel", None, 0),
        ("cattle-trail", "DROVER'S AUTUMN", "drove", "cattle-trail:1.0.0", 40),
    ],
)
def test_shipped_cards_load(game_id, title, mode, seed, n) -> None:
    card = load_card(game_id)
    assert (card.game_id, card.title, card.mode, card.version, card.seed, len(card.tape)) == (
        game_id, title, mode, "1.0.0", seed, n,
    )


def test_flattened_and_line_broken_forms_read_the_same() -> None:
    text = builtin_text("cattle-trail")
    flat = " ".join(text.split())
    a, b = parse_card(text), parse_card(flat)
    assert (a.title, a.game_id, a.version, a.seed, a.tape) == (b.title, b.game_id, b.version, b.seed, b.tape)
    assert b.flattened and not a.flattened
    assert b.section("THE ROAD").startswith("THE ROAD")


def test_becalmed_arrives_flattened_and_its_sections_are_found() -> None:
    card = load_card("becalmed")
    assert card.flattened
    assert card.section("THE RECKONING").startswith("THE RECKONING")
    assert card.tape[:4] == (12, 14, 16, 3)


def test_a_card_file_by_path(tmp_path) -> None:
    p = tmp_path / "mine.md"
    p.write_text(builtin_text("becalmed"), encoding="utf-8")
    assert load_card(str(p)).game_id == "becalmed"


def test_missing_parts_are_named() -> None:
    with pytest.raises(CardError) as err:
        parse_card("# SOMETHING\n\nno sections here")
    assert "RESULT" in str(err.value) and "section" in str(err.value)


def test_missing_tape_values_are_named() -> None:
    text = builtin_text("cattle-trail").replace("16 3 6 5 18 11 9 2 9 8 15 1 8 12 8 3 6 18 6 15 7 1 15 4 12 7 1 19 20 6 9 13 7 8 4 3 17 5 17 12", "")
    with pytest.raises(CardError, match="DICE TAPE values"):
        parse_card(text)


def test_empty_and_unknown_cards() -> None:
    with pytest.raises(CardError, match="empty"):
        parse_card("   ")
    with pytest.raises(CardError, match="no such card file"):
        load_card("/nonexistent/card.md")
