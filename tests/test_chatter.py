"""cardgm.chatter: the SAVE asked for amid chatter, heard the same way by every card's reader."""

from __future__ import annotations

import re

import pytest

from cardgm.chatter import asks_for_save

SAVE = frozenset({"save", "saving", "pause", "bank"})


def words(message: str) -> list[str]:
    return re.findall(r"[a-z']+|[,;.!?]", message.lower())


@pytest.mark.parametrize(
    "message",
    ["save", "save pls", "save pls, gotta go", "i want to save", "can you save the game", "ok save it now",
     "time to save", "ready to save, thanks", "pause here please", "bank my progress", "save the voyage",
     "don't save yet. ok, save", "save my spot brb", "saving, real quick", "pls save i need to go",
     "save and exit", "save before i go", "save then bye", "save i gotta go"],
)  # fmt: skip
def test_a_save_with_chatter_is_a_save(message: str) -> None:
    assert asks_for_save(words(message), SAVE, frozenset({"voyage"}))


@pytest.mark.parametrize(
    "message",
    ["save the water", "don't save", "how do i save?", "what does save do", "enough to save the crew",
     "never save", "should i save", "save 2 water", "save the beasts", "save the voyage",
     "bank the fire and row", "save i think the water", "save then push", "save so we can row", ""],
)  # fmt: skip
def test_the_word_in_a_move_or_a_question_is_not(message: str) -> None:
    assert not asks_for_save(words(message), SAVE)  # "voyage" is no game word here


def test_the_first_save_word_heard_decides() -> None:
    assert not asks_for_save(words("save the water and save pls"), SAVE)
    assert asks_for_save(words("save pls and then save the water"), SAVE)


def test_each_card_reads_a_save_amid_chatter_through_it() -> None:
    from cardgm.games.becalmed.reader import _is_save
    from cardgm.games.becalmed.words import tokens
    from cardgm.games.cattle_trail.reader import casual_save
    from cardgm.games.deadreckoning.reader import _casual_save

    for message in ("save pls, gotta go", "i want to save", "can you save the game"):
        assert _is_save(tokens(message)) and casual_save(message) and _casual_save(message)
    assert casual_save("save the drove") and _casual_save("save the duel") and _is_save(tokens("save the voyage"))
    assert not casual_save("save the beasts") and not _casual_save("save the ships") and not _is_save(tokens("save the water"))


def test_a_pause_alone_is_a_pause():
    from cardgm.chatter import is_pause

    for said in (["brb"], ["ok", "gotta", "go", "now"], ["sorry", ",", "need", "a", "break"], ["stop"]):
        assert is_pause(said), said
    for said in (["stop", "rowing"], ["wait"], ["hold", "on"], ["gotta", "go", "fishing"]):
        assert not is_pause(said), said
