"""examples/maskable_ppo.py runs end to end with a tiny budget: MaskablePPO takes the structured
observation of each card with no wrapper of the user's own, both players keep to the masks, and
the report holds each player's mean with its interval and the margin. Skipped without
sb3-contrib (the `learn` extra, not in `test`: it brings torch); the full run and its figures are
in docs/agents.md."""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("sb3_contrib", reason="sb3-contrib (and torch) are the optional `learn` extra: pip install -e '.[learn]'")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "maskable_ppo.py"


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("maskable_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    return example


def test_the_example_trains_on_each_card_and_writes_its_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cardgm.agents.session import with_moves

    example = _example()
    report = tmp_path / "report.json"
    rows = example.main(["--steps", "64", "--rollout", "64", "--episodes", "3", "--report", str(report)])
    assert [r["card"] for r in rows] == list(with_moves())
    assert json.loads(report.read_text()) == rows
    for r in rows:
        assert r["episodes"] == 3 and r["steps"] == 64 and r["train_seconds"] > 0
        assert 0 <= r["random"] <= 100 and 0 <= r["ppo"] <= 100
        assert r["margin"] == pytest.approx(r["ppo"] - r["random"])
        assert all(math.isfinite(r[k]) and r[k] >= 0 for k in ("random_ci95", "ppo_ci95", "margin_ci95"))
        assert r["beats_random"] == (r["margin"] - r["margin_ci95"] > 0)
    printed = capsys.readouterr().out
    assert printed.count("MaskablePPO") == len(rows) and printed.count("held-out deals") == len(rows)


def test_a_player_that_breaks_the_mask_is_caught() -> None:
    """`play` checks every move against the mask: the example's figures are of legal play only."""
    import gymnasium as gym
    import numpy as np

    example = _example()
    env = gym.make("cardgm/Deadreckoning-moves-v0", obs="structured", best=False)
    assert example.play(env, example.random_player(np.random.default_rng(0)), [0])[0] > 0
    with pytest.raises(AssertionError, match="mask forbids"):
        example.play(env, lambda obs, mask: 0, [0])  # A1, again and again


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
