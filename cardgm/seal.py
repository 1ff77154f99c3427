"""Moved: the sealed-berth tools are DEADRECKONING's, in `cardgm.games.deadreckoning.seal`.

This name stays only while `cardgm/solve/hunt.py` (moving into that package too) imports it.
"""

from cardgm.games.deadreckoning.seal import *  # noqa: F403
from cardgm.games.deadreckoning.seal import __all__  # noqa: F401
