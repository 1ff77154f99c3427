"""Gymnasium environments for every card: the player's words in, cardgm's reply out.

Two environments per card, registered under ids made from the card's title when this module is
imported (`import cardgm.env`, then `gymnasium.make(...)`; or `gymnasium.make("cardgm.env:ID")`):

- `cardgm/Becalmed-v0` (`CardEnv`): the action is the player's message, any text; the
  observation is cardgm's whole reply, exactly as `cardgm play` prints it (LEDGER last).
- `cardgm/Becalmed-moves-v0` (`MovesEnv`): the action is an index into the game's fixed universe
  of structured moves (`cardgm/games/<game>/moves.py`), played as its words; `info["action_mask"]`
  and `action_masks()` say which are legal now. A move that is not legal is not sent: nothing
  changes, the observation stays, and `info["legal"]` is False.

`obs="structured"` (`gym.make(ID, obs="structured")`) makes the observation a `Dict` of `Box`,
`Discrete` and `MultiBinary` parts instead of the reply's text, from the game's own `features` and
`observe` (its moves module): the LEDGER's numbers and flags, DEADRECKONING's shot grid as 8x8
planes (the grid's three marks, and the afloat hits, the cells in line with them and the open
water, read from the grid and the sunk list). It holds what the LEDGER shows, nothing hidden. `reward="shaped"` adds, on each step, the change in the
game's `progress` (0 to 1: westing, miles, hull cells struck) times 100, so that a learner has a
signal before the end; the card's score still comes at the end, and over a whole episode the
shaping adds 100 x (progress at the end - progress at the start). Off by default: the reward is
then the score alone. The moves environments are made with an outer wrapper (`Masks`) that
forwards `action_masks()`, so `gym.make(ID).action_masks()` and sb3-contrib's
`get_action_masks` reach it through Gymnasium's own wrappers.

`reset(seed=…)` is reproducible. Each reset deals a run: deal n plays the tape derived from
`{id}:{version}:{n}` (BECALMED, DROVER'S AUTUMN) or a berth drawn from a generator seeded with it
(DEADRECKONING), with n drawn from the environment's `np_random`; `deals=[…]` draws n from that
list instead, and `reset(options={"deal": n})` names it (`"printed"`: the card's own tape or
berth). The reward is the card's score, given once, at the end. The episode is cut
(`truncated`) after 500 steps.

`info` carries: `turn`, `read_as` (move, ask, confirm, answer, command; `opening` after a reset),
`ledger`, `state` (the game's fields: nothing hidden before the end), `deal` (its label; None for
a hidden berth until the end), `score` and `end` (None until the end), `best` (the best score the
deal allows, from the game's exact solver; worked out at the end, once per tape, unless
`best=False`) and `score_over_best`, `nothing` (messages read as an ask or an answer), and
`reveal` (at the end of a sealed deal: the reveal file's text, whose SHA-256 the opening read
out; None otherwise).

>>> import gymnasium as gym
>>> env = gym.make("cardgm/Deadreckoning-moves-v0")
>>> obs, info = env.reset(seed=7)
>>> obs, reward, terminated, truncated, info = env.step(0)
>>> info["ledger"].split(" | ")[0], int(info["action_mask"][0]), info["deal"]
('[L] turn:2 shots:1 hits:0 sunk:none', 0, None)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, SupportsFloat

import numpy as np

try:
    import gymnasium as gym
    from gymnasium import spaces
except ImportError as exc:  # pragma: no cover - the message is the point
    raise ImportError(
        "cardgm.env needs Gymnasium, an optional extra: pip install 'cardgm[env]'"
    ) from exc

from cardgm.agents.session import IllegalMove, Session, moves_of, with_moves
from cardgm.card import Card, load_card
from cardgm.run import MAX_MESSAGE, Reply

__all__ = ["CardEnv", "MovesEnv", "Masks", "ENV_IDS", "env_name", "register_envs"]

MAX_STEPS = 500  # a run that loops is cut here (truncated)
MAX_REPLY = 65_536  # no reply comes near it (the longest, an early tryst's rests, is under 10,000)
DEAL_RANGE = 2**31  # deal numbers drawn by a reset
OBS = ("text", "structured")
REWARDS = ("score", "shaped")
SHAPING = 100.0  # the shaped reward's scale: the scores' own (DEADRECKONING's best is 100)


def structured_space(features: dict[str, tuple[Any, ...]]) -> spaces.Dict:
    """A game's `features()` as a Gymnasium space: box -> Box(0, high) float32, discrete ->
    Discrete, binary -> MultiBinary."""
    parts: dict[str, spaces.Space[Any]] = {}
    for name, spec in features.items():
        kind = spec[0]
        if kind == "box":
            parts[name] = spaces.Box(0.0, float(spec[2]), shape=tuple(spec[1]), dtype=np.float32)
        elif kind == "discrete":
            parts[name] = spaces.Discrete(int(spec[1]))
        elif kind == "binary":
            parts[name] = spaces.MultiBinary(int(spec[1]))
        else:
            raise ValueError(f"feature {name}: {kind!r} is not box, discrete or binary")
    return spaces.Dict(parts)


class Words(spaces.Text):
    """Text of up to `max_length` characters, any characters at all: a reply carries the card's
    own dashes and arrows, and a player types what they like. (Gymnasium's `Text` admits only its
    charset; the charset here is only what `sample()` draws from.)"""

    def __init__(self, max_length: int) -> None:
        super().__init__(max_length, min_length=0, charset="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ,.?!")

    def contains(self, x: Any) -> bool:
        return isinstance(x, str) and self.min_length <= len(x) <= self.max_length


class CardEnv(gym.Env[str, str]):
    """One card, played by words. `card`: a game id, a card file, or a `Card`."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # ansi: the reply's text; fps is a formality

    def __init__(
        self,
        card: str | Card,
        *,
        deals: Sequence[int | str | None] | None = None,
        best: bool = True,
        render_mode: str | None = None,
        obs: str = "text",
        reward: str = "score",
    ) -> None:
        if obs not in OBS:
            raise ValueError(f"obs {obs!r}: 'text' (the reply) or 'structured' (a Dict of the LEDGER's numbers and flags)")
        if reward not in REWARDS:
            raise ValueError(f"reward {reward!r}: 'score' (the card's score at the end) or 'shaped' (and progress on each step)")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: the one render mode is 'ansi' (the reply's text)")
        self.card: Card = card if isinstance(card, Card) else load_card(card)
        self.game_moves = moves_of(self.card.game_id)  # a clear error now for a game with no structured moves
        self.obs_kind = obs
        self.shaped = reward == "shaped"
        if obs == "structured" and not hasattr(self.game_moves, "observe"):
            raise ValueError(f"{self.card.title} has no structured observation (its moves module has no observe)")
        self.deals = None if deals is None else tuple(_deal_number(d) for d in deals)
        if self.deals == ():
            raise ValueError("deals: at least one deal to draw from (or None: any deal)")
        self.with_best = best
        self.render_mode = render_mode
        self.observation_space: spaces.Space[Any] = (
            Words(MAX_REPLY) if obs == "text" else structured_space(self.game_moves.features(None))
        )
        self.action_space: spaces.Space[Any] = Words(MAX_MESSAGE)
        self.session: Session | None = None
        self._obs: Any = ""
        self._progress = 0.0

    # -- the Gymnasium API -------------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
        super().reset(seed=seed)
        options = options or {}
        if "deal" in options:
            n = _deal_number(options["deal"])
        elif self.deals is not None:
            n = self.deals[int(self.np_random.integers(len(self.deals)))]
        else:
            n = int(self.np_random.integers(DEAL_RANGE))
        self.session = Session(self.card, n)
        reply = self.session.start()
        self._obs = self._observe(reply)
        self._progress = self._potential()
        return self._obs, self._info(reply, fresh=True)

    def step(self, action: str) -> tuple[str, SupportsFloat, bool, bool, dict[str, Any]]:
        session = self._session()
        if not isinstance(action, str):
            raise TypeError(f"the action is the player's message, a str; not {type(action).__name__}")
        was_over = session.ended
        reply = session.send(action)
        return self._after([reply], was_over)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        reply = self.session.reply if self.session is not None else None
        return reply.text if reply is not None else ""

    def _observe(self, reply: Reply) -> Any:
        """The reply's text, or the structured observation of where the run stands."""
        if self.obs_kind == "text":
            return reply.text
        session = self._session()
        raw = self.game_moves.observe(session.game, session.run.state)
        space = self.observation_space
        assert isinstance(space, spaces.Dict)
        out: dict[str, Any] = {}
        for name, part in space.spaces.items():
            if isinstance(part, spaces.Discrete):
                out[name] = np.int64(raw[name])
            else:
                out[name] = np.asarray(raw[name], dtype=part.dtype).reshape(part.shape)
        return out

    def _potential(self) -> float:
        session = self._session()
        return float(self.game_moves.progress(session.game, session.run.state)) if self.shaped else 0.0

    # -- shared ------------------------------------------------------------------------------------

    def _session(self) -> Session:
        if self.session is None:
            raise gym.error.ResetNeeded("call reset() before step()")
        return self.session

    def _after(self, replies: list[Reply], was_over: bool) -> tuple[str, float, bool, bool, dict[str, Any]]:
        session = self._session()
        reply = replies[-1]
        self._obs = self._observe(reply)
        ended = session.ended
        reward = float(session.score or 0) if ended and not was_over else 0.0
        if self.shaped:
            now = self._potential()
            reward += SHAPING * (now - self._progress)
            self._progress = now
        return self._obs, reward, ended, False, self._info(reply, fresh=True)

    def _info(self, reply: Reply, fresh: bool = False) -> dict[str, Any]:
        """`fresh`: the reply was made for this call, so its fields are this call's own dict."""
        session = self._session()
        ended = session.ended
        best = session.best() if ended and self.with_best else None
        score = session.score
        return {
            "turn": session.turn,
            "read_as": reply.read_as.value if reply.read_as else "opening",
            "ledger": reply.ledger,
            "state": reply.fields if fresh else session.fields(),
            "deal": session.deal.label if session.deal.public or ended else None,
            "score": score,
            "end": session.end,
            "best": best,
            "score_over_best": (score / best) if score is not None and best else None,
            "nothing": session.nothing,
            "reveal": session.deal.secret if ended else None,  # a sealed berth's reveal file, to check the seal
        }


class MovesEnv(CardEnv):
    """One card, played by structured moves: a `Discrete` action over the game's universe of moves,
    with a mask of the legal ones (`info["action_mask"]`, `action_masks()`)."""

    def __init__(
        self,
        card: str | Card,
        *,
        deals: Sequence[int | str | None] | None = None,
        best: bool = True,
        render_mode: str | None = None,
        obs: str = "text",
        reward: str = "score",
    ) -> None:
        super().__init__(card, deals=deals, best=best, render_mode=render_mode, obs=obs, reward=reward)
        probe = Session(self.card, None)  # the universe is fixed: any deal of the card gives it
        self.universe: tuple[Any, ...] = probe.universe
        self.moves = probe.moves
        self.action_space = spaces.Discrete(len(self.universe))

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
        obs, info = super().reset(seed=seed, options=options)
        info["legal"] = True
        info["action_mask"] = self.action_masks()
        return obs, info

    def step(self, action: Any) -> tuple[str, SupportsFloat, bool, bool, dict[str, Any]]:
        session = self._session()
        i = _move_index(action, len(self.universe))
        if not 0 <= i < len(self.universe):
            raise ValueError(f"action {i}: the moves are numbered 0 to {len(self.universe) - 1}")
        was_over = session.ended
        try:
            replies = session.play(self.universe[i])
        except IllegalMove:
            assert session.reply is not None
            info = self._info(session.reply)
            info["read_as"] = None
            info["legal"] = False
            info["action_mask"] = self.action_masks()
            return _fresh(self._obs), 0.0, session.ended, False, info
        obs, reward, terminated, truncated, info = self._after(replies, was_over)
        info["legal"] = True
        info["action_mask"] = self.action_masks()
        return obs, reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The legal moves of this moment over the universe, 1 for legal: `np.int8`, the dtype
        `Discrete.sample(mask=…)` asks for (sb3-contrib's MaskablePPO takes it too)."""
        return np.array(self._session().mask(), dtype=np.int8)


class Masks(gym.Wrapper[Any, Any, Any, Any], gym.utils.RecordConstructorArgs):
    """The outermost wrapper of a moves environment made by `gym.make`: forwards `action_masks()`
    through Gymnasium's own wrappers (TimeLimit, OrderEnforcing, the checker), which do not.
    It records its (no) arguments, so that `gym.make(env.spec)` and the checker can remake it."""

    def __init__(self, env: gym.Env[Any, Any]) -> None:
        gym.utils.RecordConstructorArgs.__init__(self)
        gym.Wrapper.__init__(self, env)

    def action_masks(self) -> np.ndarray:
        found: np.ndarray = self.env.get_wrapper_attr("action_masks")()
        return found


def _fresh(obs: Any) -> Any:
    """The same observation in new arrays: a caller keeps what it was given, and may change it."""
    if isinstance(obs, dict):
        return {k: v.copy() for k, v in obs.items()}
    return obs


def _move_index(action: Any, n: int) -> int:
    """A move's index from what `Discrete(n)` holds (an int, a NumPy integer, a 0-d integer array):
    2.7 or "3" is no move, and is not rounded into one."""
    if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
        action = action.item()
    if not isinstance(action, (int, np.integer)):
        raise TypeError(f"the action is a move's index, an int from 0 to {n - 1}; not {action!r}")
    return int(action)


def _deal_number(value: int | str | None) -> int | None:
    if value is None or value == "printed":
        return None
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool) and value >= 0:
        return int(value)
    raise ValueError(f"a deal is a number 0 or more, or 'printed'; not {value!r}")


# -- registration --------------------------------------------------------------------------------


def env_name(title: str) -> str:
    """An environment name from a card's title: "DROVER'S AUTUMN" -> "DroversAutumn"."""
    words = re.sub(r"[^A-Za-z0-9 ]+", "", title).split()
    return "".join(w[:1].upper() + w[1:].lower() for w in words)


ENV_IDS: dict[str, tuple[str, str]] = {}  # game id -> (words env id, moves env id)


def register_envs() -> dict[str, tuple[str, str]]:
    """Register both environments of every card with structured moves (once)."""
    for game_id in with_moves():
        if game_id in ENV_IDS:
            continue
        name = env_name(load_card(game_id).title)
        ids = (f"cardgm/{name}-v0", f"cardgm/{name}-moves-v0")
        masks = (gym.envs.registration.WrapperSpec("Masks", "cardgm.env:Masks", {}),)
        for env_id, cls, wrappers in zip(ids, ("CardEnv", "MovesEnv"), ((), masks)):
            if env_id not in gym.registry:
                gym.register(
                    env_id, entry_point=f"cardgm.env:{cls}", kwargs={"card": game_id}, max_episode_steps=MAX_STEPS,
                    additional_wrappers=wrappers,
                )
        ENV_IDS[game_id] = ids
    return ENV_IDS


register_envs()
