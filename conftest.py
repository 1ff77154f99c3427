# Lets `python -m pytest` import the package from a checkout without installing it.
#
# A card plugged in for the run (docs/adding-a-card.md: CARDGM_GAMES=coinflip PYTHONPATH=tests/fourth)
# must reach the subprocesses the tests start in other folders too: a relative PYTHONPATH entry is
# made absolute here, once, so `cardgm` run from a tmp folder finds the same packages.
import os

_entries = [e for e in os.environ.get("PYTHONPATH", "").split(os.pathsep) if e]
if _entries:
    os.environ["PYTHONPATH"] = os.pathsep.join(os.path.abspath(e) for e in _entries)
