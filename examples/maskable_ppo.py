"""MaskablePPO (sb3-contrib) on each card's structured observation, against masked random play.

    pip install 'cardgm[learn]'                  # gymnasium, torch (CPU), sb3-contrib
    python examples/maskable_ppo.py --report ppo.json   # every card, its full budget, one CPU thread
    python examples/maskable_ppo.py --steps 5000 --episodes 50 --card deadreckoning   # a quick look

No wrapper of your own: `gym.make(ID, obs="structured", reward="shaped")` is a Dict observation
that SB3's MultiInputPolicy takes, and sb3-contrib finds `action_masks()` through gym.make's
wrappers. BECALMED and DROVER'S AUTUMN train sb3's own MultiInputPolicy; DEADRECKONING trains
MaskablePPO's own policy class with a small convolutional network over its grid (`cell_policy`,
the one piece of model code here). Training uses the shaped reward (a signal before the end);
both players are scored on the card's own score, on the same held-out deals (none of them seen
in training), and the report gives each player's mean with its 95% interval and the margin with
the paired interval (the same deal played by both).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np

import cardgm.env as cenv
from cardgm.agents.session import with_moves

TRAIN_DEALS = range(1_000, 101_000)  # the tapes and berths it learns on
# The deals both players are scored on, 0 to --episodes - 1: none of them in TRAIN_DEALS.

# Per card: the training steps of the full run (about ten minutes each on one CPU thread) and
# what differs from the common settings below. DEADRECKONING's 64 salvos map cell for cell onto
# its grid's planes, so its policy reads the planes with shared convolutions and scores each cell
# from what lies round it (`CellPolicy`): a flat layer must learn "fire beside an afloat hit" once
# per cell, 64 times over, from a few salvos each.
BUDGET: dict[str, dict[str, Any]] = {
    "becalmed": {"steps": 30_000},
    "deadreckoning": {"steps": 20_000, "cells": True, "gamma": 0.5},  # a hit now counts most
    "cattle-trail": {"steps": 30_000},
}
PPO = {"n_steps": 512, "batch_size": 64, "n_epochs": 10, "learning_rate": 1e-3, "ent_coef": 0.01}


def cell_policy() -> type:
    """MaskablePPO's own policy with a convolutional reader of the grid's planes and a head that
    takes the last convolution's map as the 64 cells' logits (the strike: one more logit from
    the pooled map and the LEDGER's numbers). Built in a function: torch is imported only here."""
    import torch
    from sb3_contrib.common.maskable.policies import MaskableMultiInputActorCriticPolicy
    from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
    from torch import nn

    cells = 64

    class Planes(BaseFeaturesExtractor):
        """The cells' scores (64), the convolutions' channels pooled (16), the numbers (scaled to
        about 0-1) and the flags."""

        def __init__(self, space: Any, channels: int = 16) -> None:
            planes = space["grid"].shape[0]
            extra = space["numbers"].shape[0] + space["flags"].n
            super().__init__(space, cells + channels + extra)
            self.conv = nn.Sequential(
                nn.Conv2d(planes, channels, 3, padding=1), nn.ReLU(),
                nn.Conv2d(channels, channels, 3, padding=1), nn.ReLU(),
            )  # fmt: skip
            self.score = nn.Conv2d(channels, 1, 1)

        def forward(self, obs: dict[str, torch.Tensor]) -> torch.Tensor:
            h = self.conv(obs["grid"])
            parts = [self.score(h).flatten(1), h.mean((2, 3)), obs["numbers"] / cells, obs["flags"]]
            return torch.cat(parts, 1)

    class Head(nn.Module):
        def __init__(self, width: int) -> None:
            super().__init__()
            self.strike = nn.Linear(width - cells, 1)

        def forward(self, latent: torch.Tensor) -> torch.Tensor:
            return torch.cat([latent[:, :cells], self.strike(latent[:, cells:])], 1)

    class CellPolicy(MaskableMultiInputActorCriticPolicy):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.update(features_extractor_class=Planes, net_arch={"pi": [], "vf": [128, 128]}, share_features_extractor=False)
            super().__init__(*args, **kwargs)

        def _build(self, lr_schedule: Any) -> None:
            super()._build(lr_schedule)
            self.action_net = Head(self.mlp_extractor.latent_dim_pi)  # pi: [] leaves the features as they are
            self.optimizer = self.optimizer_class(self.parameters(), lr=lr_schedule(1), **self.optimizer_kwargs)  # type: ignore[call-arg]

    return CellPolicy


Policy = Callable[[Any, np.ndarray], int]


def play(env: gym.Env, choose: Policy, deals: list[int]) -> list[float]:
    """The card's score of each deal, played by `choose` (which sees the observation and the mask);
    every move it picks must be legal."""
    scores = []
    for deal in deals:
        obs, info = env.reset(options={"deal": deal})
        done = False
        while not done:
            obs, _, terminated, truncated, info = env.step(choose(obs, info["action_mask"]))
            if not info["legal"]:
                raise AssertionError(f"deal {deal}: the policy chose a move its mask forbids")
            done = terminated or truncated
        scores.append(float(info["score"] or 0))
    return scores


def random_player(rng: np.random.Generator) -> Policy:
    """Masked random play as cardgm's RandomMove plays: never the stand-down (listed last) while
    another move is legal, so that its runs go the distance."""

    def choose(obs: object, mask: np.ndarray) -> int:
        return int(rng.choice(np.flatnonzero(mask[:-1]))) if mask[:-1].any() else len(mask) - 1

    return choose


def ppo_player(model: Any) -> Policy:
    def choose(obs: object, mask: np.ndarray) -> int:
        return int(model.predict(obs, action_masks=mask, deterministic=True)[0])

    return choose


def interval(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (normal approximation: 1.96 standard errors)."""
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
    return mean, half


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)  # one CPU: a small policy trains faster on one thread than on contended many
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--steps", type=int, help="training steps per card (default: each card's full budget)")
    parser.add_argument("--episodes", type=int, default=200, help="held-out deals each player is scored on")
    parser.add_argument("--card", action="append", help="a game id (repeatable; every card by default)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rollout", type=int, help="steps per PPO rollout (default 512; the suite's tiny run uses less)")
    parser.add_argument("--report", type=Path, help="write the rows as JSON here")
    args = parser.parse_args(argv)

    deals = list(range(args.episodes))
    rows = []
    for game_id in args.card or with_moves():
        budget = BUDGET.get(game_id, {"steps": 30_000})
        steps = args.steps or budget["steps"]
        env_id = cenv.ENV_IDS[game_id][1]
        train = gym.make(env_id, obs="structured", reward="shaped", best=False, deals=TRAIN_DEALS)
        train.reset(seed=args.seed)
        settings = {**PPO, **{k: v for k, v in budget.items() if k not in ("steps", "cells")}}
        if args.rollout:
            settings.update(n_steps=args.rollout, batch_size=min(args.rollout, settings["batch_size"]))
        policy = cell_policy() if budget.get("cells") else "MultiInputPolicy"
        model = MaskablePPO(policy, train, seed=args.seed, verbose=0, device="cpu", **settings)
        started, cpu = time.perf_counter(), time.process_time()
        model.learn(total_timesteps=steps)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu  # cpu: this process's own

        scored = gym.make(env_id, obs="structured", best=False)
        random_scores = play(scored, random_player(np.random.default_rng(args.seed)), deals)
        ppo_scores = play(scored, ppo_player(model), deals)
        (rmean, rhalf), (pmean, phalf) = interval(random_scores), interval(ppo_scores)
        margin, mhalf = interval([p - r for p, r in zip(ppo_scores, random_scores)])
        row = {
            "card": game_id, "steps": steps, "train_seconds": round(seconds, 1), "train_cpu_seconds": round(cpu, 1), "episodes": len(deals),
            "random": rmean, "random_ci95": rhalf, "ppo": pmean, "ppo_ci95": phalf,
            "margin": margin, "margin_ci95": mhalf, "beats_random": margin - mhalf > 0,
        }  # fmt: skip
        rows.append(row)
        print(
            f"{game_id}: masked random {rmean:.1f} ± {rhalf:.1f}, MaskablePPO {pmean:.1f} ± {phalf:.1f} "
            f"(margin {margin:+.1f} ± {mhalf:.1f}) over {len(deals)} held-out deals; "
            f"{steps:,} steps in {seconds:.0f} s ({cpu:.0f} s of CPU)",
            flush=True,
        )
    if args.report:
        args.report.write_text(json.dumps(rows, indent=2) + "\n")
    return rows


if __name__ == "__main__":
    main(sys.argv[1:])
