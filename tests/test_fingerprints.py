"""The rules' behaviour, pinned: each game's fingerprint (bench/fingerprint_*.py: every state,
event, legal list, refusal and error message over random games, hashed) on a fixed number of
games, against the hash taken before the game contract and the speed idiom changed any code.
A change meant to leave behaviour alone must leave every hash alone."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"

PINS = {
    # script: (size, games, sha256)
    # re-pinned when ROW's refusal named the souls off their feet in words (2026-12-02): with the
    # older wording the first pin comes back (test below), so nothing else has moved
    "fingerprint_becalmed": (15, 465, "6b66131f1c1e1034e8ff6c263410378950fc1bf010a2e3625bc8275493d37853"),
    "fingerprint_cattle_trail": (15, 465, "6eb4c4f6e1fc7354baabb53024d029024c27b344da7eeb7c3aff0a6fc14794e6"),
    "fingerprint_deadreckoning": (100, 100, "6acd9b5c638d2a7e3015ad3b8fbd8a18e3ffa644e03c710a281fb1f41eec5f2e"),
}


def _script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", sorted(PINS))
def test_fingerprint_is_pinned(name: str) -> None:
    size, games, digest = PINS[name]
    assert _script(name).fingerprint(size) == (games, digest)


def test_becalmed_differs_from_its_first_pin_by_the_row_refusal_words_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """BECALMED's first pin (taken before the game contract changed any code) still holds with
    ROW's refusal worded as it was then ("2 are (Carrick !, Ockle s1, you !)")."""
    from cardgm.games.becalmed import rules as R
    from cardgm.games.becalmed.state import UP

    now = R._refusals

    def as_first_pinned(state, calls, need):  # type: ignore[no-untyped-def]
        out = now(state, calls, need)
        if out.get("hands", "").startswith("ROW needs three souls"):
            off = ", ".join(f"{R.NAMES[R.SOULS[i]]} {state.crew[i]}" for i in state.living() if state.crew[i] != UP)
            out["hands"] = f"ROW needs three souls on their feet; {len(state.on_feet())} are ({off})."
        return out

    monkeypatch.setattr(R, "_refusals", as_first_pinned)
    assert _script("fingerprint_becalmed").fingerprint(15) == (465, "6dae4ae666d6fbf0c401d7f30b658419efe402dd9f7e3542236d4cfbd48d490a")
