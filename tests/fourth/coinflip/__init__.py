"""COINFLIP — the fourth card, written outside cardgm to prove a card plugs in by its package
alone (docs/adding-a-card.md walks through it). Five calls of a coin on a printed tape.

The registry finds this package through CARDGM_GAMES=coinflip (with tests/fourth on the path), an
entry point in the group `cardgm.games`, or `cardgm.games.register(ENTRY)` in-process.
"""

from cardgm.game import GameEntry

ENTRY = GameEntry(
    id="coinflip",
    title="COINFLIP",
    card="coinflip.md",
    package=__name__,
    factory=".game:make_game",
    audit=".audit:ADAPTER",
)
