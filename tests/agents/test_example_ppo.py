"""examples/maskable_ppo.py runs, with a tiny budget: MaskablePPO takes the structured
observation of each card with no wrapper of the user's own, and the example reports its margin
over masked random play. Skipped without sb3-contrib (the `learn` extra, not in `test`: it
brings torch); the full run is the documented command (docs/agents.md)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("sb3_contrib", reason="sb3-contrib (and torch) are the optional `learn` extra: pip install -e '.[learn]'")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "maskable_ppo.py"


def test_the_example_trains_on_each_card_and_reports_its_margin(capsys) -> None:
    spec = importlib.util.spec_from_file_location("maskable_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    from cardgm.agents.session import with_moves

    rows = example.main(["--steps", "256", "--episodes", "2"])
    assert [r["card"] for r in rows] == list(with_moves())
    for r in rows:
        assert r["margin"] == pytest.approx(r["ppo"] - r["random"]) and r["random"] >= 0 and r["ppo"] >= 0
    printed = capsys.readouterr().out
    assert printed.count("MaskablePPO") == len(rows) and "margin" in printed


def test_sb3_contribs_get_action_masks_reaches_the_masks_through_gym_makes_wrappers() -> None:
    import gymnasium as gym
    import numpy as np
    from sb3_contrib.common.maskable.utils import get_action_masks
    from stable_baselines3.common.vec_env import DummyVecEnv

    import cardgm.env as cenv

    for game_id, (_, env_id) in cenv.ENV_IDS.items():
        vec = DummyVecEnv([lambda env_id=env_id: gym.make(env_id, obs="structured", best=False)])
        vec.reset()
        masks = get_action_masks(vec)
        want = vec.envs[0].unwrapped.action_masks()
        assert masks.shape == (1, len(want)) and np.array_equal(masks[0], want.astype(bool)), game_id
        vec.close()
