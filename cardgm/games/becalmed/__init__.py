"""BECALMED — an open-boat drift, played exactly.

The package's layout is every game's: state.py (the boat), actions.py (what a message orders),
events.py (what the rules did), rules.py (pure: apply, refusal, legal actions, the end and the
score), notation.py (LEDGER, SAVE, RESULT), reader.py (words to a Reading), voice.py (events to
prose), game.py (the `Game` the Run drives), moves.py (structured moves for programs); and its
tools: audit.py, solve.py, par.py.

This file only tells the registry what the game offers; it imports none of it.
"""

from cardgm.game import GameEntry, Option

ENTRY = GameEntry(
    id="becalmed",
    title="BECALMED",
    card="becalmed.md",
    package=__name__,
    factory=".game:make_game",
    audit=".audit:ADAPTER",
    moves=".moves",
    solver=".solve:SOLVER",
    par=".par:PAR",
    options=(
        Option("--stop-day", "stop_day", "BECALMED: a stated limit: the voyage stops at the end of day N, given over.", "int"),
        Option("--deaths", "deaths", "BECALMED: a stated limit: 'plain' tells every death in one plain line.", "choice", ("plain",)),
    ),
)
