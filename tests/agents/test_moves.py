"""Structured moves (cardgm/games/<game>/moves.py): every legal move of every moment, said in
words the game's own reader reads back as exactly that move, over random play of every card;
the universe, the JSON and its schema."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import jsonschema
import pytest

from cardgm.agents import _games
from cardgm.card import load_card
from cardgm.game import ReadAs
from cardgm.games import make_game
from cardgm.games.cattle_trail import rules as trail_rules
from cardgm.games.cattle_trail.state import Drove

GAMES = _games.game_ids()
# Random games per card for the round trip: every legal move of every moment in them is read back.
RANDOM_GAMES = {"deadreckoning": 6}
RANDOM_GAMES_DEFAULT = 25


def _setup(game_id: str) -> tuple[Any, Any]:
    return _games.moves(game_id), make_game(load_card(game_id))


def key(moves: Any, action: Any) -> str:
    return json.dumps(moves.to_json(action), sort_keys=True)


def read_back(game: Any, state: Any, words: str) -> Any:
    """The action the reader takes `words` for, as a player's message with nothing pending (a
    confirm line answered yes); None if they move nothing."""
    reading = game.read(state, words, None)
    if reading.kind is ReadAs.CONFIRM:
        reading = game.read(state, "yes", reading)
    if reading.kind in (ReadAs.MOVE, ReadAs.COMMAND) and reading.action is not None:
        return reading.action
    return None


def random_states(game_id: str, seed: int = 0):
    """Every state of a few random games (a uniformly random legal move each time; the stand-down
    only where nothing else is legal, so the games run long)."""
    moves, game = _setup(game_id)
    rng = random.Random(f"{game_id}:{seed}")
    for _ in range(RANDOM_GAMES.get(game_id, RANDOM_GAMES_DEFAULT)):
        state = game.new()
        while game.ending(state) is None:
            yield state
            legal = moves.legal(game, state)
            stay = [a for a in legal if key(moves, a) != key(moves, legal[-1])] or legal
            state, _ = game.apply(state, rng.choice(stay))
        yield state


@pytest.mark.parametrize("game_id", GAMES)
def test_every_legal_move_is_read_back_as_itself_over_random_play(game_id: str) -> None:
    moves, game = _setup(game_id)
    universe = {key(moves, a) for a in moves.universe(game)}
    said = 0
    for state in random_states(game_id):
        for action in moves.legal(game, state):
            assert key(moves, action) in universe, action
            back = read_back(game, state, moves.say(action))
            assert back is not None and key(moves, back) == key(moves, action), (moves.say(action), back)
            said += 1
    assert said > 500


@pytest.mark.parametrize("game_id", GAMES)
def test_legal_moves_run_through_the_rules(game_id: str) -> None:
    """Each legal move is one the rules take (no GameError), read back or built from JSON."""
    moves, game = _setup(game_id)
    for state in list(random_states(game_id))[:200]:
        for action in moves.legal(game, state):
            game.apply(state, moves.from_json(moves.to_json(action)))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_universe_is_fixed_distinct_and_round_trips_through_json(game_id: str) -> None:
    moves, game = _setup(game_id)
    universe = moves.universe(game)
    assert universe == moves.universe(game) and isinstance(universe, tuple)
    assert len({key(moves, a) for a in universe}) == len(universe)
    for action in universe:
        data = moves.to_json(action)
        assert moves.from_json(json.loads(json.dumps(data))) == action
        jsonschema.validate(data, moves.schema())


@pytest.mark.parametrize("game_id", GAMES)
def test_the_schema_turns_away_what_from_json_turns_away(game_id: str) -> None:
    moves, game = _setup(game_id)
    schema = moves.schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    wrong: list[Any] = [{}, {"move": "dance"}, {"move": None}, [], "fire D4"]
    for action in moves.universe(game):
        data = moves.to_json(action)
        wrong.append({**data, "extra": 1})
        for name in data:
            if name != "move":
                wrong.append({**data, name: "nonsense"})
    for data in wrong:
        with pytest.raises(ValueError):
            moves.from_json(data)
        assert not jsonschema.Draft202012Validator(schema).is_valid(data), data


def test_becalmed_calls_carry_no_day_and_the_reader_stamps_today() -> None:
    moves, game = _setup("becalmed")
    state = game.new()
    call = moves.legal(game, state)[0]
    assert call.day == 0
    back = read_back(game, state, moves.say(call))
    assert back.day == state.day and key(moves, back) == key(moves, call)


def test_becalmed_waiting_dusks_offer_the_turtle_and_the_signal() -> None:
    moves, game = _setup("becalmed")
    seen = {moves.to_json(a)["move"] for s in random_states("becalmed") for a in moves.legal(game, s)}
    assert seen == {"calls", "turtle", "signal", "let her drive"}


def test_deadreckoning_legal_moves_are_the_unfired_cells_and_the_strike() -> None:
    moves, game = _setup("deadreckoning")
    state = game.new()
    assert len(moves.legal(game, state)) == 65
    state, _ = game.apply(state, moves.from_json({"move": "fire", "cell": "C3"}))
    legal = [moves.to_json(a) for a in moves.legal(game, state)]
    assert {"move": "fire", "cell": "C3"} not in legal and len(legal) == 64
    assert legal[-1] == {"move": "strike colours"}


# -- DROVER'S AUTUMN: the bound ------------------------------------------------------------------


def _mornings():
    """Every store and crossing, with purses and herds from empty to full."""
    for mile in (0, 12, 33, 57, 90, 118, 143):
        for silver in (0, 1, 2, 3, 4, 5, 6, 9, 20, 40):
            for head, meal, crew in ((60, 8, None), (3, 0, None), (30, 12, ("you", "Ewan", "Bran")), (50, 2, ("you", "Ewan", "Calum", "Hector", "Bran"))):
                s = replace(Drove(), mile=mile, silver=silver, head=head, meal=meal)
                yield replace(s, crew=crew) if crew else s


def test_drovers_autumn_legal_business_always_does_something() -> None:
    """The bound: no errand the rules would refuse or that changes nothing (a HIRE past two hands,
    a SHOE without its silver, MEAL past the bag or the purse, a ROOF without its silver)."""
    moves, game = _setup("cattle-trail")
    for state in _mornings():
        for action in moves.legal(game, state):
            after, events = trail_rules.apply(game.tape, state, action)
            assert not [e for e in events if type(e).__name__ == "Refused"], (state, action)
            if moves.to_json(action)["move"] == "business":
                assert after != state


def test_drovers_autumn_counts_are_bounded_as_documented() -> None:
    moves, game = _setup("cattle-trail")
    counts: dict[str, set[int]] = {}
    for action in moves.universe(game):
        for name, value in moves.to_json(action).items():
            if isinstance(value, int) and not isinstance(value, bool):
                counts.setdefault(name, set()).add(value)
    assert counts == {"meal": set(range(1, 13)), "hire": {1}, "sell": set(range(1, 14)), "trade": set(range(1, 5))}


def test_drovers_autumn_business_with_an_order_is_one_json_move() -> None:
    moves, game = _setup("cattle-trail")
    action = moves.from_json({"move": "order", "order": "STEADY", "meal": 3, "sell": 2})
    state = replace(Drove(), mile=90)
    assert key(moves, read_back(game, state, moves.say(action))) == key(moves, action)
    with pytest.raises(ValueError, match="only TOLL takes a 'pace'"):
        moves.from_json({"move": "order", "order": "EASY", "pace": "PUSH"})
    with pytest.raises(ValueError, match="TOLL takes 'pace'"):
        moves.from_json({"move": "order", "order": "TOLL"})
    with pytest.raises(ValueError, match="at least one errand"):
        moves.from_json({"move": "business"})
