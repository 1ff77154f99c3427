"""DEADRECKONING's prose: the Gunnery Master at the rail, dry and nautical.

Every sentence here is built from what the player may know: the shot grid, the counts, the sunk
list, the public fleet (four ships, ten cells, 2, 3, 3 and 2, none touching) and, after the end
only, the berth. Flavour lines are picked by the shot count, never by anything hidden, so two
berths that answer the same shots the same way print the same words.
"""

from __future__ import annotations

from cardgm.game import Event

from .notation import grid_picture, ship_line
from .rules import AlreadyFired, ColoursStruck, Fired, FleetCleared, Sunk, reveal_grid, score
from .state import HIT, PAR, Berth, Duel, Seal, cell_index

MISS_LINES = (
    "A white plume, and nothing under it.",
    "Cold water. The shot goes under without a sound.",
    "Spray and silence.",
    "The ball skips once and sinks. Open water.",
)
HIT_LINES = (
    "Timber splinters across the water.",
    "A crack of oak, and shouting somewhere in the murk.",
    "Smoke on the water where the shot struck home.",
)
NEXT = "Your next salvo?"


def salvos(n: int) -> str:
    return f"{n} salvo" if n == 1 else f"{n} salvos"


def grid(state: Duel) -> str:
    """THE SHOT GRID, printed on every reply (rule 8)."""
    return grid_picture(state.grid)


def sunk_words(state: Duel) -> str:
    return ", ".join(state.sunk) if state.sunk else "none"


# -- the opening, the seal -------------------------------------------------------------------


def commitment_words(seal: Seal) -> str:
    if seal.sealed_here:
        return f"SHA-256 commitment {seal.commitment}, the hash of the reveal file {seal.reveal_name}"
    return f"SHA-256 commitment {seal.commitment}… (the card prints only its first {len(seal.commitment)} hex digits)"


def opening(state: Duel, seal: Seal) -> str:
    lines = [
        "You stand at the rail with a glass to your eye and nothing in it but grey water. Somewhere "
        "out there four ships lie at anchor, and they are not going anywhere. The guns are run out.",
        "The duel: four enemy ships, ten hull cells between them, on an 8x8 sea, columns A-H and "
        "rows 1-8. Every hull runs straight, across or down, and no two touch, not even at a corner. "
        "Their berth was sealed before the first shot and cannot move.",
    ]
    if seal.sealed_here:
        lines.append(
            f"The seal: {commitment_words(seal)}, fixed before you weighed anchor. Once the duel is "
            f"done, check it: cardgm verify seal {seal.reveal_name} {seal.commitment}"
        )
    else:
        lines.append(
            f"The seal: {commitment_words(seal)}. You can verify it at aigamecards.com/verify once the "
            "duel is done. This duel plays the berth printed in the card, which anyone holding the card "
            "can read; for a berth no one has seen, seal a fresh one with cardgm seal and play it with "
            "cardgm play deadreckoning --sealed REVEAL."
        )
    lines += [grid(state), "Call your first salvo: a cell such as D4."]
    return "\n\n".join(lines)


def seal_answer(seal: Seal) -> str:
    """Asked about the seal or the commitment: say plainly what can and cannot be checked."""
    if seal.sealed_here:
        return (
            f"The seal is the {commitment_words(seal)}, fixed before the first shot. When the duel is "
            f"done the berth is revealed, and you can check it: cardgm verify seal {seal.reveal_name} "
            f"{seal.commitment}"
        )
    where = f" ({seal.card_reveal_url})" if seal.card_reveal_url else ""
    return (
        f"The card's seal is a {commitment_words(seal)}. It can be checked only against the card's "
        f"reveal file{where}, which cardgm does not hold and cannot fetch, so cardgm cannot check "
        "this seal. This duel plays the berth the card prints. For a seal you can check here, start "
        "a duel sealed by cardgm: cardgm seal, then cardgm play deadreckoning --sealed REVEAL."
    )


# -- one move ----------------------------------------------------------------------------------


def narrate(before: Duel, events: tuple[Event, ...], after: Duel) -> str:
    parts: list[str] = []
    ended = False
    for event in events:
        if isinstance(event, AlreadyFired):
            parts.append(
                f"Belay that: already fired on {event.cell}. No salvo spent; the count stands at "
                f"{after.shots}."
            )
        elif isinstance(event, Fired):
            word = "HIT" if event.hit else "MISS"
            lines = HIT_LINES if event.hit else MISS_LINES
            parts.append(f"Salvo at {event.cell}: {word}. {lines[after.shots % len(lines)]}")
        elif isinstance(event, Sunk):
            parts.append(f"SUNK — {event.ship} ({event.length} cells)")
        elif isinstance(event, FleetCleared):
            parts.append(f"That was the last of them: all four ships sunk in {event.shots} salvos. The sea is clear.")
            ended = True
        elif isinstance(event, ColoursStruck):
            parts.append(f"You strike your colours after {salvos(after.shots)}. The guns fall silent.")
            ended = True
    if not ended:  # the final reply's grid is the reveal, in the finale
        parts += [grid(after), NEXT]
    return "\n\n".join(parts)


# -- the end -----------------------------------------------------------------------------------


def reveal(state: Duel, berth: Berth) -> str:
    """SCORING 1: each ship and its cells, and the grid with every hull shown as `x`."""
    lines = []
    for ship in berth.ships:
        line = ship_line(ship.name, ship.length, ship.cells)
        untouched = [c for c in ship.cells if state.grid[cell_index(c)] != HIT]
        if untouched:
            line += f" (never struck: {', '.join(untouched)})"
        lines.append(line)
    return (
        "The seal is broken. The berth, as it lay from the first shot:\n\n"
        + "\n".join(lines)
        + "\n\n"
        + grid_picture(reveal_grid(state, berth))
    )


def scoring(state: Duel) -> str:
    if state.cleared:
        raw = 100 - (state.shots - PAR)
        if state.shots == PAR:
            return "Fleet CLEARED in ten salvos, a flawless hunt at par: score 100."
        clamp = "" if 0 <= raw <= 100 else f", clamped to {score(state)}"
        return (
            f"Fleet CLEARED in {state.shots} salvos against a par of {PAR}: score 100 - "
            f"({state.shots} - {PAR}) = {raw}{clamp}."
        )
    return f"Colours struck after {salvos(state.shots)}. A surrender is not a completed hunt: score 0."


def seal_check(seal: Seal) -> str:
    """SCORING 3: how the player rebuilds the commitment."""
    if seal.sealed_here:
        return (
            f"The berth above is the one sealed in {seal.reveal_name}, whose SHA-256 is {seal.commitment}. "
            f"Rebuild it and see that the berth never moved: cardgm verify seal {seal.reveal_name} "
            f"{seal.commitment}"
        )
    where = f" at {seal.card_reveal_url}" if seal.card_reveal_url else ""
    return (
        f"The berth above is the one the card prints. Its seal ({seal.commitment}…) can be checked "
        f"only with the card's reveal file{where}; cardgm does not hold that file and cannot fetch "
        "it, so it cannot check this seal. Fetch the file yourself, or paste it into a chat, and "
        "verify at aigamecards.com/verify."
    )


def finale(state: Duel, berth: Berth, seal: Seal) -> str:
    return "\n\n".join([reveal(state, berth), scoring(state), seal_check(seal)])


def pointers(seal: Seal) -> str:
    """SCORING 5."""
    if seal.sealed_here:
        return (
            "Share your run at aigamecards.com/epilogue, and verify the seal with "
            f"cardgm verify seal {seal.reveal_name} {seal.commitment}"
        )
    return "Share your run at aigamecards.com/epilogue, and verify the seal at aigamecards.com/verify."


# -- save and resume ---------------------------------------------------------------------------


def save_note(seal: Seal) -> str:
    note = (
        "Position banked. To resume the hunt exactly where you left it, start a new run "
        "(cardgm play deadreckoning) and paste this block as its first message; in a chat, start a "
        "NEW chat, paste the full cartridge, then paste this save. The grid string restores every shot."
    )
    if seal.sealed_here:
        note = (
            "Position banked. This block holds no berth: the hulls are sealed in "
            f"{seal.reveal_name}. To resume the hunt exactly where you left it, start a new run with "
            f"the same file (cardgm play deadreckoning --sealed {seal.reveal_name}) and paste this "
            "block as its first message. Without that file this duel cannot be resumed. The grid "
            "string restores every shot."
        )
    return note


def resumed(state: Duel, seal: Seal) -> str:
    which = (
        f"the sealed berth in {seal.reveal_name} (commitment {seal.commitment})"
        if seal.sealed_here
        else "the berth printed in the card"
    )
    return "\n\n".join(
        [
            f"Back at the rail, turn {state.turn}: {salvos(state.shots)} fired, {state.hits} hits, "
            f"sunk: {sunk_words(state)}. This duel plays {which}.",
            grid(state),
            NEXT,
        ]
    )


# -- what the reader answers -------------------------------------------------------------------

ASK_NO_CELL = (
    "I could not find a cell in that. Call one to fire: a column A-H and a row 1-8, as in "
    '"D4", "fire H1" or "salvo C7". No salvo fired.'
)
ASK_ONE_AT_A_TIME = "One salvo at a time: that names {cells}. Call a single cell. No salvo fired."
ASK_OFF_SEA = "{cell} is off the chart: the sea runs columns A-H and rows 1-8. No salvo fired."
ASK_SAY_FIRE = 'To fire on {cell}, say "{cell}" or "fire {cell}". No salvo fired.'
ASK_WHICH = "{cells}: which one? One salvo at a time; call a single cell. No salvo fired."
ASK_REVERSED = 'A cell is called column first, then row: "{cell}". No salvo fired.'
ASK_STRIKE_OR_FIRE = (
    'That names a cell and strikes your colours in one breath. To give up, say "I strike my colours" '
    "on its own; to fire, call the cell on its own. No salvo fired, and the colours stay up."
)
ANSWER_UNDO = (
    "A salvo fired stands: the sea answers once, and the shot grid keeps every shot. There is no "
    "undo; call the next cell."
)
ANSWER_NEVER_MOVED = (
    "Not a hull moves, ever: the berth was fixed and sealed before the first shot, and every shot "
    "is resolved from it alone."
)
CONFIRM_STRIKE = (
    "Strike your colours? The duel ends now with score 0, and the berth is revealed. (yes/no)"
)
STRIKE_DECLINED = "Colours stay up. " + NEXT
SAVE_HEAD = "The shot grid as it stands:"

REFUSE_BERTH = (
    "The berth stays sealed until the last hull goes down or you strike your colours, and not a "
    "cell of it comes out before. Your guns will have to find them."
)
REFUSE_CELL = (
    "I confirm nothing about a cell before it is fired on, not even what the rules might let you "
    "work out. Fire on it and the sea will answer."
)
REFUSE_HINT = (
    "No warmer, no colder, no hints, and no cell picked for you: the sea gives nothing away. Read "
    "your misses as hard as your hits."
)
REFUSE_HULL = (
    "A hull's length and the way she lies are yours to read from the water. I name a ship and her "
    "length only when her last cell is struck."
)
REFUSE_NAMES = (
    "The ships' names are sealed with the berth; you will hear each one as she goes down."
)
REFUSE_SEAL_EARLY = (
    "The seal is not broken before the end: it opens when the last hull is sunk or your colours "
    "come down."
)
ANSWER_FLEET = (
    "Public knowledge, all of it: four ships, ten cells between them, in hulls of 2, 3, 3 and 2 "
    "cells; each hull a straight line, across or down; no two touching, not even at a corner; on an "
    "8x8 sea, columns A-H and rows 1-8. The rest is yours to read."
)
HOW_TO_SAVE = (
    'Say "save" and the SAVE block is printed with the shot grid. To resume, start a new run '
    "(cardgm play deadreckoning) and paste the block as its first message, or keep it in a file and "
    "run cardgm play deadreckoning --resume FILE; in a chat, paste the full cartridge, then the block."
)
ANSWER_HELP = (
    'Call a cell to fire: "D4", "fire H1" or "salvo C7", a column A-H and a row 1-8. Each new cell '
    'is a HIT or a MISS; a ship is SUNK when her last cell is struck. Say "save" to bank your '
    'position, or "I strike my colours" to give up.'
)


def answer_fired(cell: str, mark: str) -> str:
    """What a fired cell showed: the shot grid is the player's own record."""
    return f"{cell} was fired on: {'a HIT' if mark == HIT else 'a MISS'}, as the shot grid shows."


def answer_sunk_length(ship: str, length: int) -> str:
    return f"The {ship} went down with {length} cells struck; that much the sea has told you."


def answer_status(state: Duel) -> str:
    return (
        f"Salvos fired: {state.shots}. Hits: {state.hits}. Sunk: {sunk_words(state)}. Par is {PAR}: "
        "a cleared sea scores 100 - (salvos - 10), never below 0; striking your colours scores 0."
    )
