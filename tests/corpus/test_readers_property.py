"""Property: whatever a player types, every reader answers without raising, and a reading that
runs hands the rules only what they accept (a reply to anything else changes nothing)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from .support import STATES, game

WORDS = [
    # BECALMED
    "full", "short", "dry", "sail", "awning", "down", "row", "fish", "bail", "mend", "watch", "shrot", "sial", "wacth",
    "no", "wait", "actually", "make", "that", "i", "mean", "the", "measures", "2", "4", "3", "ration", "oars", "nance",
    "mends", "keep", "flares", "dry", "save", "pls", "what", "if", "we", "tomorrow", "tape", "9", "day", "let", "her",
    "drive", "stop", "at", "maybe", "yes", "ok", "take", "leave", "burn", "both", "one", "help", "who's", "?", ".", ",",
    "-", "—", "!", "🎯",
    # DEADRECKONING
    "b5", "c 7", "c-7", "row 4 column c", "or", "and", "then", "was a hit so", "since", "again", "back to", "fire",
    "give up", "surrender", "strike", "colours", "4d", "a9", "z1", "instead of", "not",
    # DROVER'S AUTUMN
    "push", "steady", "easy", "rest", "PUSH", "buy", "meal", "hire", "a hand", "sell", "10", "trade", "roof", "park",
    "shoe", "one boat", "two boats", "ford", "toll", "pay", "unless", "when", "otherwise", "turn for home", "go home",
]
MESSAGES = st.lists(st.sampled_from(WORDS), min_size=1, max_size=14).map(" ".join) | st.text(max_size=60)


@given(st.sampled_from(("becalmed", "deadreckoning", "cattle-trail")), st.data(), MESSAGES, MESSAGES)
@settings(max_examples=300, deadline=None)
def test_property_any_message_is_read_and_only_legal_moves_run(game_id: str, data, first: str, second: str) -> None:
    g = game(game_id)
    states = STATES[game_id]()
    state = states[data.draw(st.sampled_from(sorted(states)))]
    pending = g.read(state, first, None)  # an earlier message's question may be pending
    if pending.kind.value not in ("ask", "confirm"):
        pending = None
    reading = g.read(state, second, pending)
    if reading.runs:
        g.apply(state, reading.action)  # raises GameError if the reader handed over anything illegal
