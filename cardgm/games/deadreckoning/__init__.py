"""DEADRECKONING — a sealed hidden-fleet duel, played exactly.

The package's layout is every game's: state.py (the shot grid; the berth apart), actions.py,
events.py, rules.py, notation.py, reader.py, voice.py, game.py (the `Game` the Run drives, which
alone holds the berth); and what this card needs besides: seal.py (drawing and sealing berths),
cli.py (`cardgm seal`), coach.py (the "hint" heat map), hunt/ (hunting strategies, `cardgm
analyze`), audit.py, moves.py (structured moves for
programs), board.py (the clickable grid a front end draws, through `DeadReckoning.board`).

This file only tells the registry what the game offers; it imports none of it.
"""

from cardgm.game import GameEntry, Option

ENTRY = GameEntry(
    id="deadreckoning",
    title="DEADRECKONING",
    card="deadreckoning.md",
    package=__name__,
    factory=".game:make_game",
    audit=".audit:ADAPTER",
    moves=".moves",
    coach=".coach:make_coach",
    analyze=".hunt.analysis:run_analysis",
    draw_secret=".game:draw_secret",
    check_secret=".seal:check",
    options=(Option("--sealed", "sealed_file", "DEADRECKONING: play the berth in this reveal file.", "path"),),
    commands=(".cli:seal_cmd", "verify .cli:verify_seal"),
)
