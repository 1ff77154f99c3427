"""The casual-message corpus: how a corpus row is read, and the morning it is read in.

Each `tests/corpus/<game>.tsv` row is five tab-separated columns:

    state    message    reading    card    sure|arguable

- state: a fixture named below, optionally followed by ` + ` and messages played from it first
  through a Run (each must move the game: the run's history, for "same as yesterday" and "the one
  below my last hit"), then ` > ` and earlier messages (split by ` > `) read in that state, each
  one's Reading handed on as the pending question (none of them may move the game);
- message: the player's words (`\\n` stands for a line break);
- reading: what it must be read as, summed up by `summary()` for the game, optionally followed
  by ` ~ ` and words that must appear in the reply's text;
- card: the card's words that decide it;
- sure or arguable: arguable rows are choices between two readings; each such choice is a ruling
  in docs/rulings.md.

Lines starting with `#` and blank lines are comments.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from cardgm.card import load_card
from cardgm.game import ReadAs, Reading
from cardgm.games import make_game

HERE = Path(__file__).parent


@dataclass(frozen=True)
class Row:
    game: str
    line: int
    state: str
    before: tuple[str, ...]
    message: str
    reading: str
    text: str  # words the reply must hold ("" for none)
    card: str
    certainty: str
    played: tuple[str, ...] = ()  # messages played through a Run first (its history)

    @property
    def id(self) -> str:
        return f"{self.game}:{self.line}"


def rows(game: str) -> list[Row]:
    out = []
    for n, line in enumerate((HERE / f"{game}.tsv").read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        assert len(cols) == 5, f"{game}.tsv:{n}: {len(cols)} columns, not 5: {line!r}"
        state, message, reading, card, certainty = cols
        fixture, *before = [x.strip() for x in state.split(" > ")]
        fixture, *played = [x.strip() for x in fixture.split(" + ")]
        want, _, text = reading.partition(" ~ ")
        out.append(
            Row(game, n, fixture, tuple(before), message.replace("\\n", "\n"), want.strip(), text.strip(), card, certainty, tuple(played))
        )
    return out


@cache
def game(game_id: str) -> Any:
    return make_game(load_card(game_id))


# -- fixtures: the mornings a message is read in ------------------------------------------------------


def becalmed_states() -> dict[str, Any]:
    from cardgm.games.becalmed.notation import parse_crew
    from cardgm.games.becalmed.state import State

    def st(**f: Any) -> State:
        crew = f.pop("crew", None)
        s = replace(State(), **f)
        if crew is not None:
            s = replace(s, crew=parse_crew(crew))
        if "tape" not in f:
            s = replace(s, tape=2 * s.day - 1)
        return s

    from cardgm.games.becalmed import rules as R

    tape = load_card("becalmed").tape

    def dusk(s: State) -> State:
        """The day's calls made (dry, down, bail): the dusk stops on the printed turtle or ship."""
        after, _ = R.apply(s, R.Calls("DRY", "DOWN", "BAIL", s.day), tape)
        assert after.phase in ("turtle", "signal"), after.phase
        return after

    return {
        "morning": st(),  # day 1: STEADY BREEZE (12), dusk AN EMPTY SEA (14)
        "day4": st(day=4, westing=11, water=31, thirst=3),  # HARD WEATHER (20)
        "day5": st(day=5, westing=11, water=27, thirst=3),  # DEAD CALM (3)
        "lost": st(day=5, westing=11, water=27, thirst=3, canvas="lost"),
        "lost-nance-down": st(day=7, westing=13, water=28, thirst=6, canvas="lost", crew="Ps1Cs2O.N!Y."),
        "butchering": st(day=10, westing=16, water=20, thirst=2, butchering=True, in_lane=True),
        "sharks": st(day=9, westing=14, water=22, thirst=2, sharks=3, in_lane=True),
        "three-down": st(day=8, westing=14, water=10, thirst=5, crew="P!C!O!N.Y.", in_lane=True),
        "turtle": dusk(st(day=9, westing=14, water=20, thirst=2, in_lane=True)),  # tape 18 reads 17
        "signal18": dusk(st(day=10, westing=15, water=20, thirst=2, in_lane=True)),  # tape 20 reads 18
        "signal20": dusk(st(day=12, westing=19, water=20, thirst=2, in_lane=True, flares=1)),  # tape 24 reads 20
        "day14": st(day=14, westing=26, water=12, thirst=3, in_lane=False),
    }


def deadreckoning_states() -> dict[str, Any]:
    from cardgm.games.deadreckoning.state import Duel, cell_index

    def grid(**marks: str) -> str:
        g = ["."] * 64
        for cell, mark in marks.items():
            g[cell_index(cell)] = mark
        return "".join(g)

    return {
        "fresh": Duel(),
        "b2hit": Duel.of(grid(B2="x"), turn=2),
        "hunting": Duel.of(grid(B2="x", C2="x", A1="o", D4="o", H8="o"), turn=6, sunk=("Cutter",)),
    }


def cattle_states() -> dict[str, Any]:
    import sys

    sys.path.insert(0, str(HERE.parent))
    from cattle_trail.orders_support import PLACES

    return dict(PLACES)


STATES = {"becalmed": cache(becalmed_states), "deadreckoning": cache(deadreckoning_states), "cattle-trail": cache(cattle_states)}


# -- a reading summed up -----------------------------------------------------------------------------


def summary(game_id: str, r: Reading) -> str:
    if game_id == "becalmed":
        return _becalmed(r)
    if game_id == "deadreckoning":
        return _deadreckoning(r)
    import sys

    sys.path.insert(0, str(HERE.parent))
    from cattle_trail.orders_support import summary as cattle

    return cattle(r)


def _becalmed(r: Reading) -> str:
    """`move FULL,SAIL,ROW`, `ask -,SAIL,ROW` (the calls held), `ask`, `confirm FULL,-,WATCH`,
    `move take` / `move leave`, `move burn 2`, `command save`, `command end`, `command limit`,
    `answer`."""
    from cardgm.games.becalmed import rules as R

    a = r.action
    kind = r.kind.value
    if r.kind is ReadAs.COMMAND:
        return f"command {r.command}"
    if isinstance(a, R.Calls):
        return f"{kind} {a.issue or '-'},{a.canvas or '-'},{a.hands or '-'}"
    if isinstance(a, R.Turtle):
        return f"{kind} {'take' if a.take else 'leave'}"
    if isinstance(a, R.Signal):
        return f"{kind} burn {a.burn}"
    return kind


def _deadreckoning(r: Reading) -> str:
    """`move B5`, `move strike`, `confirm strike`, `ask which`, `ask two-cells`, `ask say-fire`,
    `ask off-sea`, `ask no-cell`, `answer refuse-cell`, `answer help`, `command save`."""
    from cardgm.games.deadreckoning.rules import Salvo, StrikeColours

    if r.kind is ReadAs.COMMAND:
        return f"command {r.command}"
    if isinstance(r.action, Salvo) and r.kind is ReadAs.MOVE:
        return f"move {r.action.cell}"
    if isinstance(r.action, StrikeColours):
        return f"{r.kind.value} strike"
    return f"{r.kind.value} {r.detail.get('topic', '')}".strip()


def read_row(row: Row) -> tuple[str, Reading]:
    from cardgm.run import Run

    g = game(row.game)
    state = STATES[row.game]()[row.state]
    history: tuple[Any, ...] = ()
    if row.played:
        run = Run(g, state=state, moved=True)
        for said in row.played:
            reply = run.reply(said)
            assert reply.action is not None, f"{row.id}: {said!r} does not move the game"
        state, history = run.state, tuple(run.history)
    state = replace(state, turn=state.turn + 1)  # as the Run counts this reply before reading it
    pending: Reading | None = None
    for earlier in row.before:
        pending = g.read_in_run(state, earlier, pending, history)
        assert not pending.runs, f"{row.id}: the earlier message {earlier!r} moves the game"
        if pending.kind not in (ReadAs.ASK, ReadAs.CONFIRM):
            pending = None
    reading = g.read_in_run(state, row.message, pending, history)
    return summary(row.game, reading), reading
