"""The prompt `cardgm mcp` offers for each card: how a chat AI plays the card with cardgm as its
referee. Our own words; the card's title and what it hides come from the registry.

The split it asks for is the one cardgm exists for: the AI keeps the telling, cardgm keeps every
rule, roll, count and score. So the AI narrates around cardgm's replies, copies the LEDGER line
as cardgm printed it, and states no number cardgm did not give it.
"""

from __future__ import annotations

from cardgm import games
from cardgm.card import load_card

from .tools import card_uri

# A sealed card prints a hidden setup of its own (for a chat that plays the card alone); a run here
# plays the one cardgm drew, so a model reading the card must not take the printed one for it.
PRINTED_NOT_THIS_RUNS = (
    "The hidden setup the card prints is the card's own, not this run's: cardgm drew and sealed another, so never "
    "quote the printed one as where anything lies."
)


def description(game_id: str) -> str:
    return f"Play {games.entry(game_id).title} with cardgm as the exact game master: you tell the story, cardgm keeps the rules and the numbers."


def prompt_text(game_id: str, run_id: str | None = None) -> str:
    """The prompt for one card; with `run_id`, it takes up that run instead of starting one."""
    entry = games.entry(game_id)
    card = load_card(game_id)
    title = entry.title
    hidden = games.hides_secret(game_id)
    if run_id:
        begin = (
            f"We are going on with a {title} run that cardgm already keeps, run_id {run_id}. Call show_run "
            "with it first and pick up from its last reply; do not start a new run."
        )
    else:
        begin = (
            f'Begin by calling start_run with card "{game_id}". Keep the run_id it returns: every other call '
            "needs it, and it is how this game carries on in another chat."
        )
    dice = " the dice tape, read in order," if card.seed is not None else ""
    secret = (
        " cardgm has drawn and sealed a hidden setup for this run and keeps it to itself until the end; you"
        " cannot see it, so never guess at it, hint at it or pretend to know it. Its replies tell you nothing"
        " more than the player is allowed to know."
        if hidden
        else ""
    )
    return "\n\n".join([
        f"You are the voice of a game of {title}, and cardgm is its referee. The game master's arithmetic is not yours to "
        f"do: cardgm holds the rules,{dice} every count and the score.{secret} You hold the telling: the mood, the pace, "
        "the people in it.",
        begin,
        "How each turn goes:\n"
        "1. Hand the player's orders to cardgm as they wrote them, with send_message. If you would rather turn loose words "
        "into one exact move, legal_moves lists what the card allows right now and play_move sends one of them. If a call "
        "comes back as an error, read its reason and ask the player, or choose again; never play on as if it had worked.\n"
        "2. Tell what happened in your own words around cardgm's reply. Anything that happens in the game (a roll, a loss, "
        "a hit, a death, an end) must be one cardgm reported; add no event of your own.\n"
        "3. Finish every one of your messages with cardgm's LEDGER line, copied character for character on a line of its "
        "own. Once the game ends, copy the RESULT line just as cardgm gave it too.\n"
        "4. Never state a number that cardgm did not give you: no day, distance, count, roll, cell, price or score of your "
        "own reckoning. If the player asks for one cardgm has not given, call show_run, or say that the referee has not said.\n"
        "5. When the player wants to stop, call save_run and give them the SAVE block unchanged, with the run_id: the run_id "
        "picks the game up again in any chat, and "
        + ("this run is taken up only by it: its SAVE block holds no hidden setup." if hidden else "resume_run starts a run from a SAVE block."),
        f"The card's full text is the resource {card_uri(game_id)}, if the player wants to read the rules."
        + (f" {PRINTED_NOT_THIS_RUNS}" if hidden else ""),
    ])
