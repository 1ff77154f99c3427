"""The Gymnasium environments (cardgm/env.py): gymnasium's own checker on every environment, a
random agent's episodes, reproducible resets, the score and the best in `info`, and a berth that
nothing shows before the end."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import cardgm.env as cenv  # noqa: E402
from cardgm.agents.session import with_moves  # noqa: E402
from cardgm.card import load_card  # noqa: E402

ALL_IDS = [env_id for ids in cenv.ENV_IDS.values() for env_id in ids]


def test_every_card_has_both_environments_named_from_its_title() -> None:
    assert set(cenv.ENV_IDS) == set(with_moves())
    for game_id, (words, moves) in cenv.ENV_IDS.items():
        name = cenv.env_name(load_card(game_id).title)
        assert (words, moves) == (f"cardgm/{name}-v0", f"cardgm/{name}-moves-v0")
        assert words in gym.registry and moves in gym.registry
    assert cenv.env_name("DROVER'S AUTUMN") == "DroversAutumn"
    assert cenv.env_name("BECALMED") == "Becalmed"


@pytest.mark.parametrize("env_id", ALL_IDS)
def test_gymnasium_env_checker_passes(env_id: str) -> None:
    env = gym.make(env_id, best=False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert not [str(w.message) for w in caught], "the checker warned"
    env.close()


@pytest.mark.parametrize("game_id", with_moves())
def test_a_random_agent_plays_whole_episodes(game_id: str) -> None:
    """Masked random moves: every episode ends (or is cut), the reward is the score, once, at the
    end, and nothing illegal is ever sent. The stand-down (last in each universe) is left to the
    last episode, so the others run long."""
    env = gym.make(cenv.ENV_IDS[game_id][1], best=False)
    rng = np.random.default_rng(0)
    lengths = []
    for episode in range(4):
        obs, info = env.reset(seed=episode)
        total, steps, done = 0.0, 0, False
        while not done:
            mask = info["action_mask"]
            assert mask.dtype == np.int8 and mask.any() and np.array_equal(mask, env.unwrapped.action_masks())
            choices = np.flatnonzero(mask)
            if episode < 3 and len(choices) > 1:
                choices = choices[choices != len(mask) - 1]
            obs, reward, terminated, truncated, info = env.step(int(rng.choice(choices)))
            assert info["legal"] and obs.endswith(info["ledger"])
            total += float(reward)
            steps += 1
            done = terminated or truncated
        if terminated:
            assert total == info["score"] and info["end"] is not None and not info["action_mask"].any()
        assert steps <= cenv.MAX_STEPS
        lengths.append(steps)
    assert min(lengths[:3]) >= 5
    env.close()


@pytest.mark.parametrize("game_id", with_moves())
def test_gymnasiums_own_masked_sample_draws_only_legal_moves(game_id: str) -> None:
    """`env.action_space.sample(mask=info["action_mask"])`, the way Gymnasium's docs sample a
    masked Discrete space, takes the mask as it comes (it asks for np.int8) and draws a legal move."""
    env = gym.make(cenv.ENV_IDS[game_id][1], best=False)
    obs, info = env.reset(seed=0)
    env.action_space.seed(0)
    for _ in range(30):
        action = env.action_space.sample(mask=info["action_mask"])
        assert info["action_mask"][action] == 1
        obs, reward, terminated, truncated, info = env.step(action)
        assert info["legal"]
        if terminated or truncated:
            break
    env.close()


def test_the_words_environment_plays_the_players_words() -> None:
    env = gym.make("cardgm/Deadreckoning-v0", best=False)
    obs, info = env.reset(seed=3)
    assert info["read_as"] == "opening" and "turn:1 shots:0" in obs
    obs, reward, terminated, truncated, info = env.step("what is the weather like")
    assert info["read_as"] in ("ask", "answer") and info["nothing"] == 1 and reward == 0.0
    obs, reward, terminated, truncated, info = env.step("fire A1")
    assert info["read_as"] == "move" and "shots:1" in info["ledger"]
    obs, reward, terminated, truncated, info = env.step("I strike my colours")
    assert terminated and info["end"] == "struck-colours" and info["score"] == 0 and info["deal"] == "deadreckoning:1.0.0:" + info["deal"].rsplit(":", 1)[1]


def test_reset_with_a_seed_is_reproducible_and_options_name_the_deal() -> None:
    env = gym.make("cardgm/Becalmed-moves-v0", best=False)
    first = env.reset(seed=11)
    again = env.reset(seed=11)
    assert first[0] == again[0] and first[1]["deal"] == again[1]["deal"]
    other = env.reset(seed=12)
    assert other[1]["deal"] != first[1]["deal"]
    _, printed = env.reset(options={"deal": "printed"})
    assert printed["deal"] == "printed" and env.unwrapped.session.deal.card.tape == load_card("becalmed").tape
    _, named = env.reset(options={"deal": 7})
    assert named["deal"] == "becalmed:1.0.0:7"
    pool = cenv.MovesEnv("becalmed", deals=[3, 5], best=False)
    assert {pool.reset(seed=s)[1]["deal"] for s in range(12)} == {"becalmed:1.0.0:3", "becalmed:1.0.0:5"}


def test_info_carries_the_score_and_the_score_over_the_best_line() -> None:
    from cardgm.games.becalmed.solve import solve

    env = cenv.MovesEnv("becalmed")
    obs, info = env.reset(options={"deal": 4})
    assert info["best"] is None and info["score"] is None  # the search waits for the end
    drive = next(i for i, a in enumerate(env.universe) if env.moves.to_json(a) == {"move": "let her drive"})
    obs, reward, terminated, truncated, info = env.step(drive)
    assert terminated and info["end"] == "given-over" and reward == 0.0
    assert info["best"] == solve(env.session.deal.card.tape).score and info["score_over_best"] == 0.0


def test_an_illegal_move_changes_nothing() -> None:
    env = cenv.MovesEnv("deadreckoning", best=False)
    obs, info = env.reset(seed=1)
    obs, *_ = env.step(0)  # A1
    again = env.step(0)
    assert again[0] == obs and again[4]["legal"] is False and again[4]["turn"] == 2 and again[1] == 0.0


@pytest.mark.parametrize("env_id", [moves for _, moves in cenv.ENV_IDS.values()])
def test_a_made_moves_environment_is_remade_from_its_spec(env_id: str) -> None:
    """`gym.make(env.spec)` (and the checker, which remakes the env it is given) rebuilds the
    Masks wrapper: it records its arguments, as every wrapper in a spec must."""
    env = gym.make(env_id, best=False)
    again = gym.make(env.spec)
    assert again.spec == env.spec and hasattr(again, "action_masks")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "use env.unwrapped": this checks the made env on purpose
        check_env(env)


@pytest.mark.parametrize("action", [2.7, 1.0, "3", None, np.array([1])])
def test_a_moves_action_that_is_no_index_is_refused_not_rounded(action: object) -> None:
    env = cenv.MovesEnv("deadreckoning", best=False)
    env.reset(seed=1)
    with pytest.raises(TypeError, match="a move's index, an int from 0 to 64"):
        env.step(action)
    assert env.session is not None and env.session.turn == 1  # nothing was played
    obs, *_, info = env.step(np.array(2))  # a 0-d integer array is what a vector env may hand over
    assert info["legal"] and info["turn"] == 2


def test_an_empty_list_of_deals_is_refused_when_made() -> None:
    with pytest.raises(ValueError, match="at least one deal"):
        cenv.CardEnv("becalmed", deals=[])


def test_no_observation_or_info_shows_the_berth_before_the_end() -> None:
    """Two duels whose berths differ, fired on the same cells that both answer alike, give the
    same observations and infos, but for each seal's own commitment; the berth shows at the end."""
    a, b = cenv.MovesEnv("deadreckoning", best=False), cenv.MovesEnv("deadreckoning", best=False)
    seen_a, seen_b = [a.reset(options={"deal": 1})], [b.reset(options={"deal": 2})]
    hulls_a = a.session.game._berth.hull_cells  # the test may look; nothing the agent gets may
    hulls_b = b.session.game._berth.hull_cells
    assert hulls_a != hulls_b
    water = [i for i, m in enumerate(a.universe) if getattr(m, "cell", None) and m.cell not in hulls_a | hulls_b]
    for i in water[:12]:
        seen_a.append(a.step(i))
        seen_b.append(b.step(i))

    def public(env: cenv.MovesEnv, step: tuple) -> str:
        seal = env.session.game.seal
        return repr(step).replace(seal.commitment, "<commitment>").replace(seal.reveal_name, "<reveal>")

    for sa, sb in zip(seen_a, seen_b):
        assert public(a, sa) == public(b, sb)
        assert "berth" not in sa[-1]["state"] and sa[-1]["deal"] is None
    strike = len(a.universe) - 1
    *_, info = a.step(strike)
    assert sorted(c for cells in info["state"]["berth"].values() for c in cells) == sorted(hulls_a)
    assert info["deal"] == "deadreckoning:1.0.0:1"
    from cardgm.games.deadreckoning.seal import verify

    assert verify(info["reveal"], a.session.game.seal.commitment)  # the reveal file checks the seal
    assert all(step[-1]["reveal"] is None for step in seen_a)


def test_replies_fit_the_observation_space() -> None:
    """The longest replies (a DROVER'S AUTUMN tryst reached early rests the days out in one reply)
    are well inside it."""
    env = cenv.MovesEnv("cattle-trail", best=False)
    longest = 0
    for seed in range(4):
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            mask = info["action_mask"]
            pushes = [i for i in np.flatnonzero(mask) if env.moves.to_json(env.universe[i]).get("order") in ("PUSH", "TWO BOATS", "FORD")]
            i = pushes[0] if pushes else int(np.flatnonzero(mask)[0])
            obs, _, terminated, truncated, info = env.step(i)
            longest = max(longest, len(obs))
            done = terminated or truncated
    assert longest < cenv.MAX_REPLY / 4
    assert re.search(r"RESULT: AIGC\|cattle-trail\|", obs)


# -- the structured observation, the masks through gym.make's wrappers, the shaped reward ---------

MOVES_IDS = [cenv.ENV_IDS[g][1] for g in with_moves()]


@pytest.mark.parametrize("env_id", MOVES_IDS)
@pytest.mark.parametrize("reward", ["score", "shaped"])
def test_the_structured_observation_passes_gymnasiums_checker(env_id: str, reward: str) -> None:
    env = gym.make(env_id, best=False, obs="structured", reward=reward)
    assert isinstance(env.observation_space, gym.spaces.Dict)
    kinds = {type(s) for s in env.observation_space.spaces.values()}
    assert kinds <= {gym.spaces.Box, gym.spaces.Discrete, gym.spaces.MultiBinary} and gym.spaces.Box in kinds
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert not [str(w.message) for w in caught], "the checker warned"


@pytest.mark.parametrize("game_id", with_moves())
def test_masked_random_play_on_the_structured_observation_stays_in_its_space(game_id: str) -> None:
    """Every observation of whole masked random episodes lies in the space, and says what the
    LEDGER says (its numbers are the state's own); action_masks() is reached through gym.make's
    wrappers; the shaped rewards add up to the score plus 100 x the progress made."""
    env = gym.make(cenv.ENV_IDS[game_id][1], best=False, obs="structured", reward="shaped")
    moves = env.unwrapped.game_moves
    rng = np.random.default_rng(3)
    for episode in range(3):
        obs, info = env.reset(seed=episode)
        start = moves.progress(env.unwrapped.session.game, env.unwrapped.session.run.state)
        total, done = 0.0, False
        while not done:
            assert env.observation_space.contains(obs)
            mask = env.action_masks()  # through Masks, TimeLimit, OrderEnforcing and the checker
            assert np.array_equal(mask, info["action_mask"])
            choices = np.flatnonzero(mask)
            if len(choices) > 1:
                choices = choices[choices != len(mask) - 1]
            obs, reward, terminated, truncated, info = env.step(int(rng.choice(choices)))
            total += float(reward)
            done = terminated or truncated
        session = env.unwrapped.session
        want = moves.observe(session.game, session.run.state)
        for name, value in want.items():
            assert np.array_equal(np.asarray(obs[name]).ravel(), np.asarray(value).ravel()), name
        end = moves.progress(session.game, session.run.state)
        if terminated:
            assert total == pytest.approx(info["score"] + 100 * (end - start))


def test_the_shot_grid_is_the_ledgers_three_planes_then_three_read_from_them() -> None:
    env = gym.make("cardgm/Deadreckoning-moves-v0", best=False, obs="structured")
    obs, info = env.reset(options={"deal": "printed"})
    assert obs["grid"].shape == (6, 8, 8) and obs["grid"][0].all() and not obs["grid"][1:].any()
    universe = env.unwrapped.universe
    d4 = next(i for i, a in enumerate(universe) if env.unwrapped.moves.to_json(a) == {"move": "fire", "cell": "D4"})
    obs, *_ = env.step(d4)
    row, col = 3, 3  # D4: the fourth row, the fourth column
    assert obs["grid"][0, row, col] == 0 and obs["grid"][1:3, row, col].sum() == 1
    grid = env.unwrapped.session.fields()["grid"]
    assert obs["grid"][2, row, col] == (grid[row * 8 + col] == "x")
    assert obs["numbers"].tolist() == [2, 1, int(grid.count("x")), 0]


def _fire(env: gym.Env, cell: str) -> dict[str, np.ndarray]:  # type: ignore[type-arg]
    obs, *_ = env.step(env.unwrapped.moves.CELLS.index(cell))
    return obs


def _cells(plane: np.ndarray) -> set[str]:
    return {f"{'ABCDEFGH'[c]}{r + 1}" for r, c in zip(*np.nonzero(plane))}


def test_the_read_planes_hunt_around_a_hit_and_close_the_water_round_a_sunk_hull() -> None:
    """The printed berth: the Cutter at B2 C2. A lone hit is afloat, with its four sides in line
    and its corners open water; the second hit sinks it, and the water round it closes."""
    env = gym.make("cardgm/Deadreckoning-moves-v0", best=False, obs="structured")
    env.reset(options={"deal": "printed"})
    obs = _fire(env, "B2")
    afloat, in_line, open_water = obs["grid"][3:]
    assert _cells(afloat) == {"B2"} and _cells(in_line) == {"B1", "A2", "C2", "B3"}
    assert _cells(open_water) == {"A1", "C1", "A3", "C3"}
    obs = _fire(env, "C2")  # SUNK: the Cutter
    afloat, in_line, open_water = obs["grid"][3:]
    assert not afloat.any() and not in_line.any()
    assert _cells(open_water) == {"A1", "B1", "C1", "D1", "A2", "D2", "A3", "B3", "C3", "D3"}


def test_the_read_planes_never_contradict_the_berth() -> None:
    """Whole masked random duels on the printed berth, in many orders: no hull cell is ever read
    as open water, a hit on a hull still afloat is always read afloat, and in-line cells are
    unfired cells beside an afloat hit."""
    hulls = {"Cutter": {"B2", "C2"}, "Sloop": {"F2", "F3", "F4"}, "Brigantine": {"B5", "C5", "D5"}, "Frigate": {"H6", "H7"}}
    env = gym.make("cardgm/Deadreckoning-moves-v0", best=False, obs="structured")
    rng = np.random.default_rng(5)
    for _ in range(20):
        obs, info = env.reset(options={"deal": "printed"})
        done = False
        while not done:
            obs, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"][:-1]))))
            done = terminated or truncated
            unfired, _, hit, afloat, in_line, open_water = obs["grid"]
            sunk = env.unwrapped.session.run.state.sunk
            assert not _cells(open_water) & set().union(*hulls.values())
            assert _cells(open_water) <= _cells(unfired) and _cells(in_line) <= _cells(unfired) - _cells(open_water)
            struck_afloat = {c for name, cells in hulls.items() if name not in sunk for c in cells} & _cells(hit)
            assert struck_afloat <= _cells(afloat) <= _cells(hit)
            beside = {
                f"{'ABCDEFGH'[c + dc]}{r + dr + 1}"
                for r, c in zip(*np.nonzero(afloat))
                for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 0 <= r + dr < 8 and 0 <= c + dc < 8
            }
            assert _cells(in_line) <= beside


def test_the_text_observation_and_the_score_reward_are_still_the_default() -> None:
    env = gym.make("cardgm/Becalmed-moves-v0", best=False)
    obs, info = env.reset(seed=0)
    assert isinstance(obs, str) and obs.endswith(info["ledger"])
    obs, reward, *_ = env.step(0)
    assert reward == 0.0  # no signal before the end unless asked for
    with pytest.raises(ValueError, match="'text' .* or 'structured'"):
        gym.make("cardgm/Becalmed-moves-v0", obs="pixels")
    with pytest.raises(ValueError, match="'score' .* or 'shaped'"):
        gym.make("cardgm/Becalmed-moves-v0", reward="dense")


def test_a_vector_env_reaches_the_masks_through_its_wrappers() -> None:
    """What sb3-contrib's get_action_masks does on a VecEnv (env_method("action_masks") on each
    env, which SB3 finds with get_wrapper_attr), done with Gymnasium's own vector env."""
    envs = gym.vector.SyncVectorEnv([lambda: gym.make("cardgm/Deadreckoning-moves-v0", best=False, obs="structured") for _ in range(2)])
    envs.reset(seed=0)
    masks = np.stack(envs.call("action_masks"))
    assert masks.shape == (2, 65) and masks.all()
    envs.close()
