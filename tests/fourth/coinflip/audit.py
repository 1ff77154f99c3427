"""COINFLIP's part of the audit: its LEDGER read, and a state rebuilt from an AI's own LEDGER."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cardgm.game import Game
from cardgm.verify.audit import Adapter

from . import notation
from .state import Table


class CoinflipAdapter(Adapter):
    game_id = "coinflip"
    counters = ("turn",)

    def parse(self, line: str) -> dict[str, str]:
        s = notation.parse_ledger(line)
        return {"turn": str(s.turn), "toss": str(s.toss), "right": str(s.right), "tape": str(s.tape)}

    def fields(self, game: Game[Any, Any], state: Any) -> dict[str, str]:
        return self.parse(notation.ledger(state))

    def state_from(self, game: Game[Any, Any], fields: dict[str, str], base: Table) -> Table:
        return replace(base, **{k: int(v) for k, v in fields.items()})


ADAPTER = CoinflipAdapter()
