"""MaskablePPO (sb3-contrib) on each card's structured observation, against masked random play.

    pip install 'cardgm[env,learn]'              # gymnasium, torch (CPU), sb3-contrib
    python examples/maskable_ppo.py              # every card, 50,000 steps each, on one CPU thread
    python examples/maskable_ppo.py --steps 2000 --episodes 5 --card deadreckoning   # a quick look

No wrapper of your own: `gym.make(ID, obs="structured", reward="shaped")` is a Dict observation
that SB3's MultiInputPolicy takes, and sb3-contrib finds `action_masks()` through gym.make's
wrappers. Training uses the shaped reward (a signal before the end); both players are scored on
the card's own score, on the same held-out deals, and the margin is printed per card.
"""

from __future__ import annotations

import argparse
import statistics
import sys

import gymnasium as gym
import numpy as np

import cardgm.env as cenv
from cardgm.agents.session import with_moves

TRAIN_DEALS = list(range(1000, 1200))  # the tapes and berths it learns on
TEST_DEALS = list(range(50))  # the deals both players are scored on: none seen in training


def play(env: gym.Env, choose, episodes: int) -> list[float]:  # type: ignore[type-arg, no-untyped-def]
    scores = []
    for k in range(episodes):
        obs, info = env.reset(options={"deal": TEST_DEALS[k % len(TEST_DEALS)]})
        done = False
        while not done:
            obs, _, terminated, truncated, info = env.step(choose(obs, info["action_mask"]))
            done = terminated or truncated
        scores.append(float(info["score"] or 0))
    return scores


def random_player(rng: np.random.Generator):  # type: ignore[no-untyped-def]
    """Masked random play as cardgm's RandomMove plays: never the stand-down (listed last) while
    another move is legal, so that its runs go the distance."""

    def choose(obs: object, mask: np.ndarray) -> int:
        return int(rng.choice(np.flatnonzero(mask[:-1]))) if mask[:-1].any() else len(mask) - 1

    return choose


def ppo_player(model):  # type: ignore[no-untyped-def]
    def choose(obs: object, mask: np.ndarray) -> int:
        return int(model.predict(obs, action_masks=mask, deterministic=True)[0])

    return choose


def main(argv: list[str] | None = None) -> list[dict[str, object]]:
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)  # one CPU: a small policy trains faster on one thread than on contended many
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=50_000, help="training steps per card")
    parser.add_argument("--episodes", type=int, default=50, help="scored episodes per player and card")
    parser.add_argument("--card", action="append", help="a game id (repeatable; every card by default)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    rows = []
    for game_id in args.card or with_moves():
        env_id = cenv.ENV_IDS[game_id][1]
        train = gym.make(env_id, obs="structured", reward="shaped", best=False, deals=TRAIN_DEALS)
        model = MaskablePPO("MultiInputPolicy", train, seed=args.seed, n_steps=256, batch_size=64, verbose=0, device="cpu")
        model.learn(total_timesteps=args.steps)

        scored = gym.make(env_id, obs="structured", best=False)
        rng = np.random.default_rng(args.seed)
        random_scores = play(scored, random_player(rng), args.episodes)
        ppo_scores = play(scored, ppo_player(model), args.episodes)
        row = {
            "card": game_id,
            "steps": args.steps,
            "random": statistics.fmean(random_scores),
            "ppo": statistics.fmean(ppo_scores),
        }
        row["margin"] = float(row["ppo"]) - float(row["random"])  # type: ignore[arg-type]
        rows.append(row)
        print(f"{game_id}: masked random {row['random']:.1f}, MaskablePPO {row['ppo']:.1f} "
              f"(margin {row['margin']:+.1f}) over {args.episodes} held-out deals, {args.steps:,} steps", flush=True)
    return rows


if __name__ == "__main__":
    main(sys.argv[1:])
