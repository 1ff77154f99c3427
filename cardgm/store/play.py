"""Playing a stored run: what the web site and the MCP server do with one message.

Nothing is kept between requests. A run is rebuilt for each message by replaying its stored
messages through a fresh `Run` (the rules are pure, so the replay is exact); every replayed reply
is checked against the one stored, then the new message is answered and written, in the same
locked transaction, before anyone sees the reply.

    new, replies = start(store, card, options, name=None)   # the opening (and a resumed SAVE)
    run, reply = send(store, token, message)                # one message, answered and kept
    run = rebuild(stored)                                    # a `Run` standing where the stored one stands

`Refused` is raised, and nothing is written, for a message no run should read: empty, over the
reader's limit (`cardgm.run.MAX_MESSAGE`), or a SAVE block sent to a run whose secret the player
has not seen (each refused block would say whether a made-up grid is true of the hidden berth).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cardgm.card import Card, parse_card
from cardgm.game import Game
from cardgm.run import MAX_MESSAGE, Reply, Run, find_save_block

from . import NewRun, Store, StoredRun, StoreError
from . import _secrets

__all__ = ["Refused", "ReplayMismatch", "card_of", "check_message", "rebuild", "replay_replies", "send", "start"]


class Refused(ValueError):
    """A message refused before any run reads it; the text says why in one line."""


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
    return _secrets.make_game(_card(text, source), json.loads(options), secret)


def game_of(run: StoredRun) -> Game:
    """The game the run plays: its card, options and secret."""
    return _game(run.card_text, run.card_source, json.dumps(run.options, sort_keys=True), run.secret)


def _plain(reply: Reply) -> dict[str, Any]:
    """The reply object as the store keeps it (JSON's lists, not tuples)."""
    return json.loads(json.dumps(reply.as_json(), ensure_ascii=False))


def check_message(message: str) -> str:
    """The message as a run will read it, or Refused with the reason."""
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
    Raises ValueError or TypeError (bad options or secret) or Refused."""
    options = dict(options or {})
    for key in options:
        if key.endswith("_file"):
            raise Refused(f"the option {key} names a file on this machine; a run here keeps its own")
    given = secret is not None
    if secret is None and draw:
        secret = _secrets.draw_secret(card, rng)
    live = Run(_secrets.make_game(card, options, secret))
    replies = [live.start()]
    more: list[tuple[str, dict[str, Any]]] = []
    if first_message is not None:
        reply = live.reply(check_message(first_message))
        if find_save_block(first_message) is not None and reply.command != "resume":
            raise Refused(reply.prose.split("\n\n")[0])
        replies.append(reply)
        more.append((first_message, _plain(reply)))
    new = store.create_run(
        card, options, secret, _plain(replies[0]), name=clean_name(name), secret_hidden=not given, more=more,
    )
    return new, replies


def send(store: Store, token: str, message: str) -> tuple[StoredRun, Reply]:
    """Answer one message on the run this token opens, and keep both before returning.
    Raises RunNotFound, Refused or ReplayMismatch."""
    check_message(message)
    with store.playing(token) as locked:
        if locked.run.secret_hidden and find_save_block(message) is not None:
            raise Refused(
                "A SAVE block is not read in a run whose hidden berth is kept here: it would tell "
                "whether a made-up grid is true of it. This run's own address resumes it."
            )
        live = rebuild(locked.run)
        reply = live.reply(message)
        stored = locked.append(message, _plain(reply))
    return stored, reply


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
