"""Playing a stored run: what the web site and the MCP server do with one message.

Nothing is kept between requests. Each run's row keeps its current state (a snapshot: the Run's
state, its waiting question and whether it has moved), written in the same transaction as the
message it follows; a message is answered from it, and the message, its reply and the new
snapshot are written in one locked transaction before anyone sees the reply. So a move costs the
same at move 200 as at move 1. The replay (a fresh `Run` driven through every stored message, each
reply compared) is the check: when a run ends, on a share page's "check", and in `verify`; a run
whose snapshot is missing or from another version of cardgm is replayed once instead.

    new, replies = start(store, card, options, name=None)   # the opening (and a resumed SAVE)
    run, reply = send(store, token, message)                # one message, answered and kept
        # (each returns the run's row with the messages it added, not the whole history:
        # `store.load(token)` reads that)
    run, replies = send_move(store, token, moves, action)   # one structured move, as its words
    run, reply = send_save(store, token)                    # the card's SAVE block ("save")
    run = restore(stored)                                    # a `Run` standing where the stored one stands
    run = rebuild(stored)                                    # the same, by replaying every message

A score is ranked (the epilogue's main board) only when nothing under it was known or impossible:
the run began at its opening, not from a SAVE block, and its secret, if any, was drawn here; and
when it ends, a replay gives back every stored reply. A SAVE block resumed on a secret this site
drew (a sealed berth revealed at its duel's end) is refused as `Spent`: that berth is spent, and
the run that played it is the only one that ever will.

`Refused` is raised, and nothing is written, for a message no run should read: empty, over the
reader's limit (`cardgm.run.MAX_MESSAGE`), or a SAVE block sent to a run whose secret the player
has not seen (each refused block could say whether a made-up grid is true of the hidden berth),
unless the game knows it, without its secret, as one of its own (`game.own_save(block)`: a
sealed duel's SAVE whose mark checks).
"""

from __future__ import annotations

import dataclasses
import enum
import io
import json
import pickle
import random
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from cardgm import games
from cardgm.card import Card, parse_card
from cardgm.game import Game, ReadAs
from cardgm.run import MAX_MESSAGE, Reply, Run
from cardgm.save import find_block

from . import Live, NewRun, Store, StoredRun, StoreError, Unstorable, storable

__all__ = [
    "AlreadySent", "Refused", "ReplayMismatch", "Spent", "Stale", "card_of", "check_message", "check_options", "rebuild", "replay_replies", "restore",
    "send", "send_move", "send_save", "snapshot", "start",
]


class Refused(ValueError):
    """A message refused before any run reads it; the text says why in one line."""


class Spent(Refused):
    """A SAVE block resumed on a secret this site drew and has revealed: that berth is spent. The
    run that played it (`run`) is where the block's duel stands; no new run is made on it."""

    def __init__(self, run: StoredRun) -> None:
        super().__init__(
            "That reveal file is the berth of a duel played on this site; a revealed berth is spent, "
            "and a SAVE of that duel brings back only that run, at its address."
        )
        self.run = run


class ReplayMismatch(StoreError):
    """The stored run does not replay to its stored replies (the rules or the card changed)."""

    def __init__(self, seq: int) -> None:
        super().__init__(
            f"this run's reply {seq} does not replay the same with this version of cardgm; "
            "the run is kept as it was, but it cannot go on here"
        )
        self.seq = seq


@lru_cache(maxsize=64)
def _card(text: str, source: str) -> Card:
    return parse_card(text, source=source)


def card_of(run: StoredRun) -> Card:
    """The card the run was played on, from the text kept with it."""
    return _card(run.card_text, run.card_source)


@lru_cache(maxsize=256)
def _game(text: str, source: str, options: str, secret: str | None) -> Game:
    # A game object holds only its card and configuration (the state is the Run's), so one is
    # made per run and process, not per request: a sealed berth's file is read once.
    return make_game(_card(text, source), json.loads(options), secret)


def make_game(card: Card, options: dict[str, Any], secret: str | None) -> Game:
    """The game for `card` with `options`, playing `secret` (a hidden setup's text) when there is one."""
    if secret is None:
        return games.make_game(card, **options)
    return games.make_game(card, secret=secret, **options)


def game_of(run: StoredRun) -> Game:
    """The game the run plays: its card, options and secret."""
    return _game(run.card_text, run.card_source, json.dumps(run.options, sort_keys=True), run.secret)


def _plain(reply: Reply) -> dict[str, Any]:
    """The reply object as the store keeps it (JSON's lists, not tuples)."""
    return json.loads(json.dumps(reply.as_json(), ensure_ascii=False))


def check_message(message: str) -> str:
    """The message as a run will read it, or Refused with the reason."""
    _storable(message, "That message")
    if len(message) > MAX_MESSAGE:
        raise Refused(
            f"That message is {len(message):,} characters long; cardgm reads up to {MAX_MESSAGE:,}. "
            "Nothing was sent."
        )
    if not message.strip():
        raise Refused("That message is empty. Type your orders, as you would to a chat.")
    return message


def replay_replies(run: StoredRun) -> tuple[Run, list[Reply]]:
    """A fresh Run driven through the stored messages, and its replies (opening first);
    raises ReplayMismatch at the first reply that differs from the stored one."""
    live = Run(game_of(run))
    replies: list[Reply] = []
    for stored in run.messages:
        reply = live.start() if stored.message is None and stored.seq == 0 else live.reply(stored.message or "")
        if _plain(reply) != stored.reply:
            raise ReplayMismatch(stored.seq)
        replies.append(reply)
    return live, replies


def rebuild(run: StoredRun) -> Run:
    """A Run standing exactly where the stored run stands (checked reply by reply)."""
    return replay_replies(run)[0]


def _storable(text: str, what: str) -> str:
    try:
        return storable(text, what)
    except Unstorable as exc:
        raise Refused(str(exc)) from None


# -- snapshots ------------------------------------------------------------------------------------

# A snapshot names the cardgm that wrote it: another version's classes may differ, so its runs
# are replayed once (and checked reply by reply) rather than unpickled.
SNAPSHOT = ("cardgm-run", 3)  # 2: the moves it ran ride along, for "same as yesterday"; 3: a Duel holds masks


def _cardgm_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("cardgm")
    except PackageNotFoundError:  # pragma: no cover - a checkout without install
        return "0"


_VERSION = _cardgm_version()
_PLAIN = frozenset({"frozenset", "set", "tuple", "list", "dict", "int", "float", "str", "bytes", "bool", "complex", "object"})


class _Unpickler(pickle.Unpickler):
    """Only the dataclasses and enums cardgm defines, and plain builtin types: a snapshot is data, never code to
    run, even from a database someone else could write to. (A module's other names are refused:
    a function, or a module a cardgm module imports, is no state.)"""

    def find_class(self, module: str, name: str) -> Any:
        if "." not in name:
            if module == "builtins" and name in _PLAIN:
                return super().find_class(module, name)
            if module == "copyreg" and name in ("_reconstructor", "__newobj__"):
                return super().find_class(module, name)
            if module == "cardgm" or module.startswith("cardgm."):
                found = super().find_class(module, name)
                # State is frozen dataclasses and enums: no other class (one whose constructor
                # might do something) is made from a snapshot.
                if (
                    isinstance(found, type) and str(getattr(found, "__module__", "")).startswith("cardgm")
                    and (dataclasses.is_dataclass(found) or issubclass(found, enum.Enum))
                ):
                    return found
        raise pickle.UnpicklingError(f"a snapshot may not name {module}.{name}")


def snapshot(live: Run) -> bytes:
    """The run's current state, as its row keeps it: enough to answer the next message (the moves
    it ran included, which words like "same as yesterday" refer back to)."""
    return pickle.dumps((SNAPSHOT, _VERSION, live.state, live.pending, live.moved, tuple(live.history)), protocol=pickle.HIGHEST_PROTOCOL)


def _from_snapshot(run: StoredRun) -> Run | None:
    if run.snapshot is None or run.snapshot_seq != run.last_seq:
        return None
    try:
        kind, version, state, pending, moved, history = _Unpickler(io.BytesIO(run.snapshot)).load()
    except (pickle.UnpicklingError, AttributeError, ImportError, EOFError, ValueError, TypeError):
        return None
    if kind != SNAPSHOT or version != _VERSION:
        return None
    return Run(game_of(run), state=state, pending=pending, moved=bool(moved), history=list(history))


def restore(run: StoredRun, messages: Any = None) -> Run:
    """A Run standing where the stored run stands: from its snapshot, without replaying; where it
    has none that this cardgm wrote, by a replay of its messages (`messages()` reads them when the
    run was loaded without)."""
    live = _from_snapshot(run)
    if live is not None:
        return live
    if messages is not None and not run.messages:
        run = replace(run, messages=messages())
    return rebuild(run)


def _locked(locked: Live) -> Run:
    return restore(locked.run, locked.messages)


def _settle(locked: Live, was_ended: bool) -> None:
    """At the end, once: the run replays from its messages to every reply it kept, or it comes off
    the main board (a snapshot is a shortcut, never a score's warrant)."""
    run = locked.run
    if was_ended or not run.ended or not run.ranked:
        return
    try:
        _, replies = replay_replies(replace(run, messages=locked.messages()))
    except ReplayMismatch:
        locked.unrank()
        return
    if replies[-1].result != run.result:
        locked.unrank()


def start(
    store: Store,
    card: Card,
    options: dict[str, Any] | None = None,
    *,
    name: str | None = None,
    first_message: str | None = None,
    secret: str | None = None,
    draw: bool = True,
    rng: random.Random | None = None,
) -> tuple[NewRun, list[Reply]]:
    """A new run of `card`: a fresh secret drawn if its game hides one (or `secret`, one the
    player gave and has seen; or none with `draw=False`: the card's own, as a chat plays it),
    the opening answered, and `first_message` (a SAVE block to resume) answered after it.
    Nothing is written when the game cannot be made or the SAVE block cannot be resumed.
    Raises ValueError or TypeError (bad options or secret) or Refused.

    A pasted reveal file often comes without its last newline (a text box drops it), and the
    file's SHA-256 keys a sealed duel's SAVE marks: a block the secret as given cannot resume is
    tried again with the file as cardgm writes one, ending in a newline (nothing was written)."""
    try:
        return _start(store, card, options, name=name, first_message=first_message, secret=secret, draw=draw, rng=rng)
    except Refused as refused:
        if secret is None or first_message is None or secret.endswith("\n") or isinstance(refused, Spent):
            raise
        try:
            return _start(store, card, options, name=name, first_message=first_message, secret=secret + "\n", draw=draw, rng=rng)
        except Spent:
            raise
        except Refused:
            raise refused from None


def _start(
    store: Store,
    card: Card,
    options: dict[str, Any] | None,
    *,
    name: str | None,
    first_message: str | None,
    secret: str | None,
    draw: bool,
    rng: random.Random | None,
) -> tuple[NewRun, list[Reply]]:
    """`start`, for one reading of the secret."""
    options = dict(options or {})
    _storable(json.dumps(options, ensure_ascii=False), "The options")
    if secret is not None:
        _storable(secret, "The reveal file")
    for key in options:
        if key.endswith("_file"):
            raise Refused(f"the option {key} names a file on this machine; a run here keeps its own")
        if key == "secret":
            raise Refused("the option secret would choose the hidden setup; a run here draws its own")
    check_options(card, options)
    if secret is not None and not games.hides_secret(card.game_id):
        raise Refused(f"{card.title} hides nothing: a reveal file is only for a card with a sealed setup.")
    given = secret is not None
    if secret is None and draw:
        secret = games.draw_secret(card.game_id, rng)
    live = Run(make_game(card, options, secret))
    replies = [live.start()]
    more: list[tuple[str, dict[str, Any]]] = []
    resumed_from = None
    if first_message is not None:
        reply = live.reply(check_message(first_message))
        if find_block(first_message) is not None and reply.command != "resume":
            raise Refused(reply.prose.split("\n\n")[0])
        if reply.command == "resume":
            resumed_from = reply.ledger
        replies.append(reply)
        more.append((first_message, _plain(reply)))
    if given and secret is not None:
        # Checked after the block resumed (a block that does not resume says so first), before
        # anything is written: a berth drawn here and revealed at its end plays no second run.
        spent = store.run_with_secret(secret)
        if spent is not None:
            raise Spent(spent)
    new = store.create_run(
        card, options, secret, _plain(replies[0]), name=clean_name(name), secret_hidden=not given, more=more,
        snapshot=snapshot(live), resumed_from=resumed_from,
    )
    return new, replies


def check_options(card: Card, options: dict[str, Any]) -> None:
    """Each option is one the card's game lists (`GameEntry.options`), of its own kind, or
    Refused naming it. A name the entry does not list never reaches the game: JSON cannot make
    the objects such a keyword takes (DROVER'S `rulings`), and a run made with one would fail at
    its first move, or play another reading of the card than the site's."""
    listed = {o.name: o for o in games.entry(card.game_id).options}
    unknown = sorted(k for k in options if k not in listed)
    if unknown:
        raise Refused(f"{card.title} does not take those options ({', '.join(unknown)})")
    for name, value in options.items():
        option = listed[name]
        if value is None:  # JSON's null: the option left unset
            continue
        if option.type == "int":
            fits = (isinstance(value, int) and not isinstance(value, bool)) or (isinstance(value, str) and value.strip().isdigit())
            kind = "a whole number"
        elif option.type == "choice":
            fits, kind = value in option.choices, " or ".join(repr(c) for c in option.choices)
        elif option.type == "flag":
            fits, kind = isinstance(value, bool), "true or false"
        else:
            fits, kind = isinstance(value, str), "text"
        if not fits:
            raise Refused(f"{card.title}'s option {name} is {kind}, not {json.dumps(value)}: {option.help.split(': ', 1)[-1]}")


class Stale(Refused):
    """The message was written after reply `after`, but the run has moved on since (another tab,
    window or client sent one first): it is not read, since it answers a moment that has passed.
    `after` is where the sender stood; the run now stands at `seq`."""

    def __init__(self, after: int, seq: int) -> None:
        super().__init__(
            "This run moved on since that page was drawn (a message from another tab or window?): "
            "yours was not sent. Here is where the run stands now."
        )
        self.after, self.seq = after, seq


class AlreadySent(Refused):
    """The very message was already answered right after reply `after`: the same send twice (a
    double click, a retry after a lost answer). Nothing is played again; `seq` is its reply."""

    def __init__(self, after: int, seq: int) -> None:
        super().__init__("That message was already sent and answered; it is not played twice.")
        self.after, self.seq = after, seq


def send(store: Store, token: str, message: str, after: int | None = None) -> tuple[StoredRun, Reply]:
    """Answer one message on the run this token opens, and keep both before returning.
    `after`, when given, is the seq of the last reply the sender had seen: if the run has moved
    on since, nothing is played (AlreadySent when the move after it was this very message, else
    Stale), decided under the run's lock, so two sends of one page never both apply.
    Raises RunNotFound, Refused or ReplayMismatch."""
    check_message(message)
    with store.playing(token) as locked:
        if after is not None and after != locked.run.last_seq:
            nxt = next((m for m in locked.messages() if m.seq == after + 1), None) if 0 <= after < locked.run.last_seq else None
            if nxt is not None and nxt.message == message:
                raise AlreadySent(after, nxt.seq)
            raise Stale(after, locked.run.last_seq)
        was_ended = locked.run.ended
        live = _locked(locked)
        block = find_block(message) if locked.run.secret_hidden else None
        if block is not None and not _own_save(live.game, block):
            raise Refused(
                "A SAVE block is not read in a run whose hidden berth is kept here, unless this run "
                "printed it: another could tell whether a made-up grid is true of it. This run's own "
                "address resumes it."
            )
        reply = live.reply(message)
        stored = locked.append(message, _plain(reply), snapshot(live))
        if reply.command == "resume" and stored.resumed_from is None:
            locked.resumed(reply.ledger)  # the block pasted after the opening: as resumed as a run begun with it
            stored = locked.run
        _settle(locked, was_ended)
    return stored, reply


def send_move(store: Store, token: str, moves: Any, action: Any) -> tuple[StoredRun, list[Reply]]:
    """Play one structured move (an action of the game's moves module, `moves`) on the run this
    token opens, as the words a player types for it (`moves.say`): the stored run stays a
    transcript a person could have typed, and replays as any other. Where the card asks to
    confirm that very move ("…? (yes/no)"), a yes follows. Where the last reply asked something
    that would take the move's words otherwise (a confirm line or a question still waiting), the
    question is first declined with a bare "no", as a player does, and the move's words follow.
    All of it is kept before returning.

    Refused, and nothing written, when the run has ended, when the card does not allow the move
    here (the game's own `refusal`, word for word), or when its words are still not read as that
    move: the reply is the card's, or there is none. Raises RunNotFound and ReplayMismatch as
    `send` does."""
    with store.playing(token) as locked:
        live = _locked(locked)
        if live.ended:
            raise Refused(f"This run has ended ({locked.run.result}); start a new run to play again.")
        why = live.game.refusal(live.state, action)
        if why is not None:
            raise Refused(f"{locked.run.card_title} does not allow that move here: {why}")
        words = moves.say(action)
        waiting = live.pending is not None
        played = _attempt(live, moves, action, (words,))
        if played is None and waiting:  # the attempt ran in memory only: start again from the store
            live = _locked(locked)
            played = _attempt(live, moves, action, (DECLINE, words))
        if played is None:
            raise Refused(
                f"At this moment the card reads {words!r} otherwise than as that move (the last reply "
                "asked something it would answer). Send the player's words instead."
            )
        for i, (message, reply) in enumerate(played):
            stored = locked.append(message, _plain(reply), snapshot(live) if i == len(played) - 1 else None)
        _settle(locked, False)
    return stored, [reply for _, reply in played]


DECLINE = "no"  # a bare no: what every card reads as turning its waiting question down


def _attempt(live: Run, moves: Any, action: Any, messages: tuple[str, ...]) -> list[tuple[str, Reply]] | None:
    """`messages` answered on `live`, then a yes if the card asks to confirm that very move; the
    messages and replies, or None if the last reply did not play the move."""
    played = [(m, live.reply(m)) for m in messages]
    pending = live.pending
    if played[-1][1].read_as is ReadAs.CONFIRM and pending is not None and _same_move(moves, pending.action, action):
        played.append(("yes", live.reply("yes")))
    return played if _same_move(moves, played[-1][1].action, action) else None


SAVE_WORD = "save"  # what every card reads as "bank the position" (each card: 'Say "save"')


def send_save(store: Store, token: str) -> tuple[StoredRun, Reply]:
    """The run's SAVE block: the reply the card gives the player's "save", kept before returning.
    Refused, and nothing written, when the run has ended or the card reads the word otherwise
    (a question the last reply asked). Raises RunNotFound and ReplayMismatch as `send` does."""
    with store.playing(token) as locked:
        live = _locked(locked)
        if live.ended:
            raise Refused(f"This run has ended ({locked.run.result}); there is nothing to save.")
        reply = live.reply(SAVE_WORD)
        if reply.save is None:
            raise Refused(f"{locked.run.card_title} does not read {SAVE_WORD!r} as a save at this moment: {(reply.prose.splitlines() or [''])[0]}")
        stored = locked.append(SAVE_WORD, _plain(reply), snapshot(live))
    return stored, reply


def _same_move(moves: Any, a: Any, b: Any) -> bool:
    """One move, by its JSON (a BECALMED call the reader stamped with today's day is the day-free
    call a program names)."""
    if a is None or b is None:
        return False
    try:
        return bool(a == b) or moves.to_json(a) == moves.to_json(b)
    except TypeError:  # not a move of this game at all
        return False


def _own_save(game: Game, block: str) -> bool:
    """Does the game know `block` as a SAVE it printed, by a mark and not by its secret?
    (Optional in the contract: a game that cannot tell says no.)"""
    own = getattr(game, "own_save", None)
    return bool(own is not None and own(block))


def clean_name(name: str | None) -> str | None:
    """A player's name for the epilogue: printable, one line, at most 40 characters."""
    if not name:
        return None
    flat = " ".join("".join(ch for ch in name if ch.isprintable()).split())[:40]
    return flat or None


@dataclass(frozen=True)
class Check:
    """A run's replay check, for a share link: every stored reply against a fresh replay."""

    ok: bool
    replies: int
    result: str | None
    detail: str


def replay_check(run: StoredRun) -> Check:
    try:
        _, replies = replay_replies(run)
    except ReplayMismatch as exc:
        return Check(False, exc.seq, run.result, str(exc))
    final = replies[-1]
    ok = final.result == run.result
    detail = (
        f"All {len(replies)} replies replayed from the card and the player's messages, byte for byte."
        if ok
        else "The replay ends on a different RESULT line from the one kept."
    )
    return Check(ok, len(replies), final.result, detail)
