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


def _open_states(game_id: str) -> list[tuple[type, type]]:
    """Each (open class, record) in a game's rules: a subclass of a state record that adds no
    slots, which the rules write and then give the record's class (item 5 of the idiom)."""
    rules = importlib.import_module(f"{ENTRIES[game_id].package}.rules")
    records = set(_records_of(game_id))
    return [
        (v, v.__bases__[0])
        for v in vars(rules).values()
        if isinstance(v, type) and v.__module__ == rules.__name__ and len(v.__bases__) == 1 and v.__bases__[0] in records
    ]


def test_each_shipped_game_writes_its_state_open_and_closes_it_in_place() -> None:
    found = {g: [(o.__name__, r.__name__) for o, r in _open_states(g)] for g in ("becalmed", "cattle-trail", "deadreckoning")}
    assert found == {"becalmed": [("_OpenState", "State")], "cattle-trail": [("_Work", "Drove")], "deadreckoning": [("_NextDuel", "Duel")]}


@pytest.mark.parametrize("game_id", sorted(ENTRIES))
def test_an_open_state_has_the_records_layout_and_plain_writes(game_id: str) -> None:
    # Its class can become the record's only while the slots are the record's; its writes are
    # plain slot stores only while `__setattr__` and `__delattr__` are object's (a frozen record's
    # raise); and it names the record's fields again, in order, only so mypy lets the rules write.
    for opened, record in _open_states(game_id):
        assert vars(opened)["__slots__"] == (), opened
        assert opened.__setattr__ is object.__setattr__ and opened.__delattr__ is object.__delattr__, opened
        assert list(opened.__annotations__) == [f.name for f in dataclasses.fields(record)], opened


@pytest.mark.parametrize("game_id", sorted(ENTRIES))
def test_a_record_written_open_then_closed_is_the_record_its_init_builds(game_id: str) -> None:
    # Nothing may tell what the rules close from what `__init__` builds: class, equality, hash,
    # repr, replace, pickling; and it is frozen again.
    import pickle

    for opened, record in _open_states(game_id):
        plain = record()
        made = object.__new__(opened)
        for f in dataclasses.fields(record):
            setattr(made, f.name, getattr(plain, f.name))
        made.__class__ = record
        assert type(made) is record and made == plain and hash(made) == hash(plain) and repr(made) == repr(plain)
        assert pickle.loads(pickle.dumps(made)) == plain and dataclasses.replace(made) == plain
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, dataclasses.fields(record)[0].name, getattr(plain, dataclasses.fields(record)[0].name))


def test_every_field_is_written_wherever_becalmed_opens_its_state() -> None:
    # A field the rules forget to write is an empty slot, read only when some later step asks:
    # each place that opens a State writes all twenty, each once.
    from cardgm.games.becalmed import rules

    tree = ast.parse(Path(rules.__file__).read_text(encoding="utf-8"))
    names = [f.name for f in dataclasses.fields(rules.State)]
    sites = 0
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef):
            continue
        opened = {
            t.id
            for node in ast.walk(fn)
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and ast.unparse(node.value) == "_new(_OpenState)"
            for t in node.targets
            if isinstance(t, ast.Name)
        }
        for var in opened:
            written = [
                t.attr
                for node in ast.walk(fn)
                if isinstance(node, ast.Assign)
                for t in node.targets
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == var
            ]
            assert sorted(written) == sorted(names), (fn.name, set(names) ^ set(written))
            sites += 1
    assert sites == 2
