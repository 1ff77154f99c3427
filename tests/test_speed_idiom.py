"""The one speed idiom every game's engine follows (docs/performance.md, "One speed idiom for
every game"), pinned so that it does not drift back: slotted frozen records built by their own
`__init__` (by keyword past a handful of fields), pure helpers memoised with functools where they
stand (no module dictionary kept by hand), shared records from each game's `shared.py`, and rules
functions that take a record rather than a long list of loose values. Every registered game is
checked, a card plugged in through CARDGM_GAMES too."""

from __future__ import annotations

import ast
import dataclasses
import functools
import importlib
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from cardgm import games
from cardgm.game import Event

PACKAGE = Path(__file__).resolve().parent.parent / "cardgm"
CORE = ("state", "actions", "events", "rules", "notation", "reader", "voice")
RECORDS = ("state", "actions", "events")  # the modules whose classes are the engine's records
HANDFUL = 5  # a record of more fields than this is built by keyword
MOST_PARAMETERS = 6  # positional parameters of a function of a game's core (the 11-value _reckon took 12)

ENTRIES = {e.id: e for e in games.entries()}


def _package_dir(game_id: str) -> Path:
    spec = importlib.util.find_spec(ENTRIES[game_id].package)
    assert spec is not None and spec.submodule_search_locations, game_id
    return Path(next(iter(spec.submodule_search_locations)))


def _engine_files(game_id: str) -> list[Path]:
    """A game's core modules and its shared records: what runs in every reply."""
    here = _package_dir(game_id)
    return [here / f"{m}.py" for m in (*CORE, "shared") if (here / f"{m}.py").is_file()]


def _records_of(game_id: str) -> list[type]:
    out: list[type] = []
    for name in RECORDS:
        module = importlib.import_module(f"{ENTRIES[game_id].package}.{name}")
        out += [v for v in vars(module).values() if isinstance(v, type) and dataclasses.is_dataclass(v) and v.__module__ == module.__name__]
    return out


def test_nothing_in_cardgm_builds_code_from_text() -> None:
    # exec/eval/compile were how an `__init__` was once built by hand for speed; a slotted
    # dataclass's own __init__ is as quick and reads as the record it is.
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("exec", "eval", "compile"):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {node.func.id}()")
            if isinstance(node, (ast.Assign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                found += [
                    f"{path.relative_to(PACKAGE.parent)}:{node.lineno} sets __init__" for t in targets if isinstance(t, ast.Attribute) and t.attr == "__init__"
                ]
    assert not found, found


@pytest.mark.parametrize("game_id", sorted(ENTRIES))
def test_every_record_is_a_slotted_frozen_dataclass_with_its_own_init(game_id: str) -> None:
    records = _records_of(game_id)
    assert records, f"{game_id}: no dataclasses in {RECORDS}"
    for cls in records:
        params = cls.__dataclass_params__  # type: ignore[attr-defined]
        assert params.frozen, f"{cls.__qualname__} is not frozen"
        assert "__slots__" in vars(cls) and "__dict__" not in vars(cls), f"{cls.__qualname__} is not slotted"
        # dataclasses writes its __init__ from text ("<string>"); nothing else in cardgm may (above)
        assert params.init and vars(cls)["__init__"].__code__.co_filename == "<string>", f"{cls.__qualname__}: a hand-made __init__"
    assert "__slots__" in vars(Event) and Event.__dataclass_params__.frozen  # type: ignore[attr-defined]


def _dataclass_fields(tree: ast.Module) -> dict[str, int]:
    out = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and any(
            (isinstance(d, ast.Name) and d.id == "dataclass") or (isinstance(d, ast.Call) and getattr(d.func, "id", "") == "dataclass")
            for d in node.decorator_list
        ):
            out[node.name] = sum(isinstance(b, ast.AnnAssign) for b in node.body)
    return out


@pytest.mark.parametrize("game_id", sorted(ENTRIES))
def test_no_record_of_more_than_a_handful_of_fields_is_built_by_position(game_id: str) -> None:
    # A 20-field State(...) by position was built twice once: a field moved is a silent bug.
    here = _package_dir(game_id)
    trees = {p: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(here.rglob("*.py"))}
    sizes: dict[str, int] = {}
    for tree in trees.values():
        sizes.update(_dataclass_fields(tree))
    engine = set(_engine_files(game_id))
    found = []
    for path, tree in trees.items():
        if path not in engine:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
                if name in sizes and sizes[name] > HANDFUL and len(node.args) > HANDFUL:
                    found.append(f"{path.name}:{node.lineno} {name}(...) with {len(node.args)} positional values")
    assert not found, found


@pytest.mark.parametrize("game_id", sorted(ENTRIES))
def test_a_games_core_functions_take_records_not_long_lists_of_values(game_id: str) -> None:
    found = []
    for path in _engine_files(game_id):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names = [a.arg for a in (*node.args.posonlyargs, *node.args.args) if a.arg not in ("self", "cls")]
                if len(names) > MOST_PARAMETERS:
                    found.append(f"{path.name}:{node.lineno} {node.name}({', '.join(names)})")
    assert not found, found


def _module_names(tree: ast.Module) -> set[str]:
    names = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


MUTATORS = ("setdefault", "update", "pop", "popitem", "clear", "append", "add", "__setitem__")


@pytest.mark.parametrize("game_id", sorted(ENTRIES))
def test_no_module_cache_is_kept_by_hand(game_id: str) -> None:
    # Memoise with functools.cache / lru_cache where the function stands; a module dictionary
    # filled from inside functions is the idiom this replaced.
    found = []
    for path in sorted(_package_dir(game_id).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = _module_names(tree)
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.Global):
                    found.append(f"{path.name}:{node.lineno} global {', '.join(node.names)}")
                targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AugAssign) else []
                for t in targets:
                    if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name) and t.value.id in module:
                        found.append(f"{path.name}:{t.lineno} {t.value.id}[...] = ")
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name)
                    and node.func.value.id in module
                    and node.func.attr in MUTATORS
                ):
                    found.append(f"{path.name}:{node.lineno} {node.func.value.id}.{node.func.attr}(...)")
    # DEADRECKONING's hunter reuses one numpy work buffer between calls: scratch space, not a cache of results.
    found = [f for f in found if not f.startswith("tree.py:") or "_SCRATCH" not in f]
    assert not found, found


def _shared(game_id: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"{ENTRIES[game_id].package}.shared")
    except ModuleNotFoundError:
        return None


@pytest.mark.parametrize("game_id", sorted(ENTRIES))
def test_shared_records_are_functools_caches_of_frozen_events(game_id: str) -> None:
    shared = _shared(game_id)
    if shared is None:
        pytest.skip(f"{game_id} shares no records")  # a small card needs none (COINFLIP)
    assert shared.__file__ is not None
    made = {k: getattr(shared, k) for k in _module_names(ast.parse(Path(shared.__file__).read_text(encoding="utf-8")))}
    assert made, f"{game_id}: shared.py hands out nothing"
    for name, record in made.items():
        assert isinstance(record, functools._lru_cache_wrapper), f"shared.{name} is not a functools cache"
        cls = record.__wrapped__
        assert isinstance(cls, type) and issubclass(cls, Event) and cls.__dataclass_params__.frozen, name  # type: ignore[attr-defined]


def test_the_shipped_games_each_share_their_records() -> None:
    shipped = [e.id for e in ENTRIES.values() if e.package.startswith("cardgm.games.")]
    assert shipped and all(_shared(g) is not None for g in shipped)


@pytest.mark.parametrize("game_id", sorted(ENTRIES))
def test_a_record_built_open_then_closed_is_the_record_its_init_builds(game_id: str) -> None:
    # cardgm.game.builder: the rules' one faster way to build a state; nothing may tell its
    # records from __init__'s (equality, hash, repr, class, replace, pickling), and it stays frozen
    import pickle

    from cardgm.game import builder

    built = 0
    for cls in _records_of(game_id):
        if cls.__bases__ != (object,) or hasattr(cls, "__post_init__"):
            with pytest.raises(TypeError):
                builder(cls)
            continue
        try:
            plain = cls()
        except TypeError:  # a record with no defaults (an event, an action): the rules share those
            continue
        if not dataclasses.fields(cls):
            continue
        build = builder(cls)
        values = [getattr(plain, f.name) for f in dataclasses.fields(cls)]
        for made in (build(), build(*values), build(**{f.name: v for f, v in zip(dataclasses.fields(cls), values)})):
            assert type(made) is cls and made == plain and hash(made) == hash(plain) and repr(made) == repr(plain)
            assert pickle.loads(pickle.dumps(made)) == plain
            assert dataclasses.replace(made) == plain
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(made, dataclasses.fields(cls)[0].name, values[0])
        built += 1
    assert built, f"{game_id}: no state record with defaults to build"


def test_builder_refuses_what_it_cannot_build_the_same() -> None:
    from cardgm.game import builder

    @dataclasses.dataclass(frozen=True)
    class Unslotted:
        a: int = 0

    @dataclasses.dataclass(slots=True)
    class Open:
        a: int = 0

    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        a: int = 0

        def __post_init__(self) -> None:
            if self.a < 0:
                raise ValueError("a")

    for cls in (Unslotted, Open, Checked, int):
        with pytest.raises(TypeError):
            builder(cls)
