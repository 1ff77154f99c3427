"""What each tool of `cardgm mcp` does, apart from the protocol: plain methods on a runs store that
return JSON-able objects and raise `ToolRefusal` with one line for the model to read.

`cardgm.mcp.server` wraps these as MCP tools; tests and the benchmark can call them bare. Every
run lives in the store (`cardgm.store`), so nothing here holds a run between calls: a run id is
the run's play token, and any client holding it plays the same run. A hidden setup (a sealed
berth) is drawn through the registry, written only to the store, and shown by nothing here
before the run ends; after the end, a result carries its reveal file so the seal can be checked.

A reply object is `Reply.as_json()` (README: the --json contract) without `prose` (the reply's
`text` holds it, with the closing lines), with `run_id`, `card` and `title` added; a structured
move's result also lists the words `sent`. `OUTPUT` holds each tool's result schema, which the
server declares as the tool's `outputSchema`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import Any, NotRequired

# typing_extensions' TypedDict (pydantic, under FastAPI, brings it): on Python 3.11 pydantic reads
# the result types into the tools' outputSchema only from this one.
from typing_extensions import TypedDict

from cardgm import games
from cardgm.card import Card, CardError, load_card
from cardgm.game import secret_name
from cardgm.save import BEGIN, find_block, save_game_id, several_blocks
from cardgm.store import RunNotFound, Store, StoredRun, StoreError, play

__all__ = ["CardList", "LegalMoves", "ReplyResult", "ToolRefusal", "Tools", "move_schema"]


# -- what each tool returns: the server declares these as the tools' `outputSchema` -------------


class CardInfo(TypedDict):
    card: str  # the game id start_run takes
    title: str
    version: str
    sealed: bool  # each run draws a hidden setup that cardgm keeps until the end
    tape: str | None  # the printed tape's seed
    moves: bool  # legal_moves and play_move serve it
    resource: str
    prompt: str


class CardList(TypedDict):
    cards: list[CardInfo]


class Reveal(TypedDict):
    name: str  # the reveal file's name, whose SHA-256 the opening read out
    text: str


class ReplyResult(TypedDict):
    """One reply of cardgm (the `--json` object less `prose`) and where it stands."""

    run_id: str
    card: str
    title: str
    turn: int
    message: str | None
    read_as: str
    command: str | None
    ledger: str
    state: dict[str, Any]
    ended: bool
    end: str | None
    score: int | None
    result: str | None
    save: str | None
    text: str  # the whole reply as the player reads it, LEDGER last
    asked: NotRequired[list[str]]  # play_move: the replies before the last
    sent: NotRequired[list[str]]  # play_move: the words it played
    share_id: NotRequired[str]
    reveal: NotRequired[Reveal]  # a sealed setup, once the run has ended
    note: NotRequired[str]  # a reply that printed the SAVE block: how this run is taken up again
    status: NotRequired[str]  # show_run
    messages: NotRequired[int]  # show_run


class LegalMove(TypedDict):
    move: dict[str, Any]
    words: str


class LegalMoves(TypedDict):
    run_id: str
    card: str
    turn: int
    ended: bool
    ledger: str
    moves: list[LegalMove]

class ToolRefusal(Exception):
    """A call cardgm refuses; the text says why in words a model can act on. Nothing was written."""


@cache
def _moves(game_id: str) -> ModuleType | None:
    found: ModuleType | None = games.part(games.entry(game_id), "moves")
    return found


def move_schema() -> dict[str, Any]:
    """The JSON schema of one structured move of any card that has them: each card's own
    `moves.schema()` (the calls, the cells, the orders and their counts, by name), one of them."""
    arms = []
    for entry in games.entries():
        moves = _moves(entry.id)
        if moves is not None:
            arms.append(moves.schema())
    return {"anyOf": arms} if len(arms) != 1 else arms[0]


def _card_info(game_id: str) -> dict[str, Any]:
    entry = games.entry(game_id)
    card = load_card(game_id)
    return {
        "card": game_id,
        "title": entry.title,
        "version": card.version,
        "sealed": games.hides_secret(game_id),
        "tape": card.seed,
        "moves": _moves(game_id) is not None,
        "resource": card_uri(game_id),
        "prompt": prompt_name(game_id),
    }


def card_uri(game_id: str) -> str:
    """Where the card's text is read as an MCP resource."""
    return f"cardgm://cards/{game_id}"


def prompt_name(game_id: str) -> str:
    """The MCP prompt that sets a chat AI up to play the card with cardgm."""
    return f"play-{game_id}"


@dataclass
class Tools:
    """The tools over one store. `rng` draws hidden setups (None: the system's secure randomness;
    tests give a seeded one)."""

    store: Store
    rng: random.Random | None = None
    _cards: dict[str, Card] = field(default_factory=dict, repr=False)

    # -- the cards -------------------------------------------------------------------------------

    def list_cards(self) -> dict[str, Any]:
        return {"cards": [_card_info(game_id) for game_id in games.ids()]}

    def card(self, name: str) -> Card:
        """A card the registry knows, by its game id (never a path: a client names cards, not files)."""
        key = name.strip().lower().removesuffix(".md")
        if key not in games.ids():
            raise ToolRefusal(f"No card is called {name!r}; the cards are {', '.join(games.ids())} (list_cards describes them).")
        if key not in self._cards:
            self._cards[key] = load_card(key)
        return self._cards[key]

    def card_text(self, game_id: str) -> str:
        return games.card_text(game_id)

    # -- starting --------------------------------------------------------------------------------

    def start_run(self, card: str, name: str | None = None, options: dict[str, Any] | None = None) -> dict[str, Any]:
        the_card = self.card(card)
        try:
            new, _ = play.start(self.store, the_card, options or {}, name=name, rng=self.rng)
        except play.Refused as exc:
            raise ToolRefusal(str(exc)) from None
        except TypeError:
            raise ToolRefusal(f"{the_card.title} does not take those options ({', '.join(sorted(options or {}))}).") from None
        except (ValueError, CardError) as exc:
            raise ToolRefusal(_line(exc, "bad options")) from None
        return self._reply(new.token, new.run, [new.run.messages[-1].reply], share=True)

    def resume_run(self, save: str, reveal: str | None = None, name: str | None = None) -> dict[str, Any]:
        block = find_block(save)
        if block is None:
            raise ToolRefusal(f"That is not a SAVE block: a SAVE block starts with the line {BEGIN}.")
        several = several_blocks(save)  # only the block is played below, so the paste round it is asked here
        if several is not None:
            raise ToolRefusal(f"That SAVE block cannot be resumed: {several}")
        game_id = save_game_id(block)
        if game_id is None:
            raise ToolRefusal(
                "That SAVE block has no game: line as cards write it (game: then the card's id, in "
                "letters, digits and dashes), so it names no card."
            )
        card = self.card(game_id)
        secret = reveal.replace("\r\n", "\n") if reveal and reveal.strip() else None
        if secret is not None and not games.hides_secret(card.game_id):
            raise ToolRefusal(f"{card.title} hides nothing: a reveal file is only for a card with a sealed setup.")
        try:
            # The block alone: the words pasted round it (a long chat message, say) are not the save.
            new, _ = play.start(self.store, card, first_message=block, secret=secret, draw=False, name=name)
        except play.Spent as exc:
            raise ToolRefusal(f"{exc} Its share_id: {exc.run.share_id}.") from None
        except play.Refused as exc:
            raise ToolRefusal(str(exc)) from None
        except (ValueError, CardError) as exc:
            raise ToolRefusal(f"That reveal file cannot be played: {_line(exc, 'it is not one')}") from None
        return self._reply(new.token, new.run, [new.run.messages[-1].reply], share=True)

    # -- playing ---------------------------------------------------------------------------------

    def send_message(self, run_id: str, message: str) -> dict[str, Any]:
        message = message.replace("\r\n", "\n")
        try:
            run, _ = play.send(self.store, run_id, message)
        except play.Refused as exc:
            raise ToolRefusal(str(exc)) from None
        except (RunNotFound, StoreError) as exc:
            raise self._lost(exc) from None
        out = self._reply(run_id, run, [run.messages[-1].reply])
        return self._with_save_note(run_id, run, out) if out.get("command") == "save" else out

    def legal_moves(self, run_id: str) -> dict[str, Any]:
        stored = self._load(run_id)
        moves = self._moves_of(stored)
        try:
            live = play.restore(stored)
        except StoreError as exc:
            raise self._lost(exc) from None
        legal = [] if live.ended else list(moves.legal(live.game, live.state))
        return {
            "run_id": run_id,
            "card": stored.game_id,
            "turn": stored.turn,
            "ended": stored.ended,
            "ledger": stored.ledger,
            "moves": [{"move": moves.to_json(a), "words": moves.say(a)} for a in legal],
        }

    def play_move(self, run_id: str, move: dict[str, Any] | str) -> dict[str, Any]:
        stored = self._load(run_id)
        moves = self._moves_of(stored)
        move = _move_object(move)
        try:
            action = moves.from_json(move)
        except ValueError as exc:
            raise ToolRefusal(f"That is not a {stored.card_title} move: {_line(exc, 'it cannot be read')}. legal_moves lists this moment's.") from None
        try:
            run, replies = play.send_move(self.store, run_id, moves, action)
        except play.Refused as exc:
            raise ToolRefusal(str(exc)) from None
        except (RunNotFound, StoreError) as exc:
            raise self._lost(exc) from None
        out = self._reply(run_id, run, [m.reply for m in run.messages[-len(replies):]])
        out["sent"] = [r.message for r in replies]
        return out

    def save_run(self, run_id: str) -> dict[str, Any]:
        """The card's SAVE block, as the card prints it when the player says "save"."""
        try:
            run, _ = play.send_save(self.store, run_id)
        except play.Refused as exc:
            raise ToolRefusal(str(exc)) from None
        except (RunNotFound, StoreError) as exc:
            raise self._lost(exc) from None
        return self._with_save_note(run_id, run, self._reply(run_id, run, [run.messages[-1].reply]))

    def _with_save_note(self, run_id: str, run: StoredRun, out: dict[str, Any]) -> dict[str, Any]:
        """A reply that printed the SAVE block (save_run, or the player's own "save" or "brb"),
        with the note on how a chat takes the run up again: for a sealed duel it stands in the
        text where the card's note sends a terminal player to a reveal file a chat player never had."""
        note = (
            f"cardgm keeps this run after every move: its run_id {run_id} continues it from any chat or client "
            "(show_run, then send_message)."
            + (
                " Its sealed setup stays with cardgm until the end and the player holds no file of it, so this "
                "run is resumed only by its run_id, never by the SAVE block."
                if run.secret_hidden else " resume_run starts a new run from the SAVE block."
            )
        )
        out["note"] = note
        if run.secret_hidden:
            # The card's own note sends a terminal player to the reveal file they sealed; in a chat
            # the berth was sealed here and the player has no file, so the way back is the run_id.
            try:
                live = play.restore(run)  # from the snapshot just written: the row holds no earlier messages
            except StoreError as exc:
                raise self._lost(exc) from None
            card_note = live.game.save_note(live.state)
            if card_note and card_note in out["text"]:
                out["text"] = out["text"].replace(card_note, note)
        return out

    def show_run(self, run_id: str) -> dict[str, Any]:
        """Where a run stands: its last reply, for a new chat taking it up."""
        run = self._load(run_id)
        out = self._reply(run_id, run, [run.messages[-1].reply], share=True)
        if out.get("command") == "save" and not run.ended:
            out = self._with_save_note(run_id, run, out)
        out["status"] = run.status
        out["messages"] = run.n_messages
        out["ranked"] = run.ranked  # on the epilogue's main board (a resumed run never is)
        out["resumed_from"] = run.resumed_from
        return out

    # -- helpers ---------------------------------------------------------------------------------

    def _load(self, run_id: str) -> StoredRun:
        try:
            run = self.store.load(run_id)
        except StoreError as exc:
            raise self._lost(exc) from None
        if run is None:
            raise self._lost(RunNotFound())
        return run

    def _lost(self, exc: Exception) -> ToolRefusal:
        """The refusal for a run that cannot be had. Never the database's address: the model
        reads this, and a URL can carry a password."""
        if isinstance(exc, RunNotFound):
            return ToolRefusal(
                "No run has that run_id. Give the run_id exactly as start_run returned it, or start a new run."
            )
        if isinstance(exc, play.ReplayMismatch):
            return ToolRefusal(_line(exc, "this run no longer replays"))
        return ToolRefusal("cardgm could not use its runs database just now; nothing was played. Try the call again.")

    def _moves_of(self, run: StoredRun) -> ModuleType:
        moves = _moves(run.game_id)
        if moves is None:
            raise ToolRefusal(f"{run.card_title} has no structured moves; send the player's words with send_message.")
        return moves

    def _reply(self, run_id: str, run: StoredRun, replies: list[dict[str, Any]], *, share: bool = False) -> dict[str, Any]:
        """The last reply with the run's names; `replies` before it (a confirm line) under `asked`."""
        reply = {k: v for k, v in replies[-1].items() if k != "prose"}  # `text` holds it, with the closing lines
        out: dict[str, Any] = {"run_id": run_id, "card": run.game_id, "title": run.card_title, **reply}
        if len(replies) > 1:
            out["asked"] = [r["text"] for r in replies[:-1]]
        if share:
            out["share_id"] = run.share_id
        if run.ended and run.secret is not None:
            # The sealed setup, now the duel is done: the file whose hash the opening read out.
            out["reveal"] = {"name": secret_name(run.secret), "text": run.secret}
        return out


def _move_object(move: dict[str, Any] | str) -> dict[str, Any]:
    """The move, an object. Text reaches here only when it is not JSON (the SDK reads an object
    sent as its JSON text): that is words, refused in one line that says where words go."""
    if isinstance(move, dict):
        return move
    raise ToolRefusal(
        f"A move is a JSON object, as legal_moves lists it under 'move'; not the text {move[:60]!r}. "
        "To send the player's words, use send_message."
    )


def _line(exc: BaseException, default: str) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else default
