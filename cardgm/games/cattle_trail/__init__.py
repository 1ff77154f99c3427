"""DROVER'S AUTUMN (game id `cattle-trail`): a trail survival game on a printed d20 tape.

The package's layout is every game's: state.py (the Drove), actions.py, events.py, rules.py
(pure: THE DAY, STORES, THE CROSSINGS, ends, SCORING), notation.py (LEDGER, SAVE, RESULT),
reader.py (ORDERS: words to a Reading), voice.py (events to prose), game.py (the `Game` the Run
drives); what this card needs besides: orders_*.py (the words of ORDERS), questions.py (answers
and what-ifs, computed by the same rules), search.py, moves.py (structured moves for programs); and
its tools: audit.py, solve.py, par.py.

This file only tells the registry what the game offers; it imports none of it.
"""

from cardgm.game import GameEntry

ENTRY = GameEntry(
    id="cattle-trail",
    title="DROVER'S AUTUMN",
    card="cattle-trail.md",
    package=__name__,
    factory=".game:make_game",
    audit=".audit:ADAPTER",
    moves=".moves",
    solver=".solve:SOLVER",
    par=".par:PAR",
)
