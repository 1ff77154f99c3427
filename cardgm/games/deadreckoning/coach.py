"""DEADRECKONING's coach: "hint" answered with the hunter's heat map, the hit odds of every open
cell over every berth still possible, and, once few enough berths fit, the rollout hunter's shot.
Built from what the player can see (the grid and the sunk list), never from the berth the game
holds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .state import Duel


def make_coach(game: Any, *, quiet: bool = False) -> Callable[[Duel], str]:
    """The Run's coach for one duel (`Run(game, coach=make_coach(game))`). The berth space is
    built on the first hint and kept (a few seconds, shown on stderr unless `quiet`)."""
    from .hunt import odds

    space = None

    def hint(state: Duel) -> str:
        nonlocal space
        if space is None:  # every legal berth, built once: the first hint takes a few seconds
            from cardgm.progress import task

            with task("Listing every legal berth for the first hint", quiet=quiet):
                space = odds.space()
        text = "Hit odds for every open cell, in percent, from every berth still possible:\n\n" + odds.heatmap(
            state.grid, state.sunk, space
        )
        line = odds.advice(state.grid, state.sunk, space)  # the rollout hunter's shot, once few berths fit
        # A hint is a reply, and rule 8 prints "the full shot grid every turn" (`.`/`o`/`x`, ruling
        # 12): the heat map puts odds where the card's grid has `.`, so the grid follows it.
        return "\n\n".join(p for p in (f"{text}\n{line}" if line else text, game.status(state)) if p)

    return hint
