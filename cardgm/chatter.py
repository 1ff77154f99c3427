"""Words every card's reader hears the same way: a player asking for the SAVE block with chatter
around it ("save pls, gotta go", "i want to save", "can you save the game"), told from the same
word in a move or a question ("save the water", "don't save", "how do I save?").

Each reader tokenises in its own way and passes the message's words and clause marks here, with
its card's save words and the nouns of its own game ("voyage", "drove", "duel")."""

from __future__ import annotations

from collections.abc import Sequence

# A message that opens with one of these asks about saving; it does not ask for the block.
QUESTION_OPENERS = frozenset("how where why what did does when is will should".split())
# A save word right after one of these is negated ("don't save", "how save").
NEGATORS = frozenset("no not don't dont never how can't cant won't wont skip avoid forget stop".split())
# "to save" asks for the block only after a wish: "want to save", "time to save".
WANT = frozenset("want wanna like need needs going have got ready time".split())
# What may follow the save word in its own clause when the block is meant.
CHATTER = frozenset(
    "game it this progress position now here pls plz please state run spot place my the our for later "
    "and quit me up gotta go brb thanks thx quick quickly real "
    # stepping away after it: "pls save i need to go", "save and exit", "save before i go"
    "exit leave stop bye gtg g2g i need must have before so then".split()
)
CLAUSE_MARKS = frozenset(",;.!?:\n")


def asks_for_save(words: Sequence[str], save_words: frozenset[str], game_words: frozenset[str] = frozenset()) -> bool:
    """True when some save word stands with nothing but chatter (or the game's own nouns) after it
    in its clause, negated by nothing and not "to save" after anything but a wish. `words` holds
    the message's words, lower case with straight apostrophes, and its clause marks (`,;.!?:`). A
    negated save word does not end the search ("don't save yet - ok, save" is a save); the first
    one that is not decides."""
    if words and words[0] in QUESTION_OPENERS:
        return False
    for k, word in enumerate(words):
        if word not in save_words:
            continue
        before = [w for w in words[max(0, k - 2) : k] if w not in CLAUSE_MARKS]
        if before and before[-1] in NEGATORS:
            continue
        if before and before[-1] == "to" and not (len(before) > 1 and before[-2] in WANT):
            continue  # "enough to save", "how to save": not asking for the block
        after: list[str] = []
        for w in words[k + 1 : k + 3]:
            if w in CLAUSE_MARKS:
                break  # the clause ends: "save pls, gotta go"
            after.append(w)
        return all(w in CHATTER or w in game_words for w in after)  # the first save word heard decides
    return False


# A whole message that only says the player is stepping away: the cards' SAVE / RESUME prints the
# block "On "save" or at any pause", so a pause is a save. "wait" and "hold on" pause a sentence,
# not the game, and are not here.
_PAUSES = frozenset(
    (
        "brb", "be right back", "gotta go", "got to go", "gtg", "g2g", "i have to go", "i need to go", "i've got to go",
        "i gotta go", "need a break", "taking a break", "break time", "time for a break", "stop", "exit", "bye",
        "goodbye", "good night", "goodnight", "i'm off", "im off", "back later", "i'll be back", "ill be back",
        "see you later", "later", "i need to stop", "i have to stop", "gotta stop", "that's enough for today",
        "enough for today", "done for today", "done for now",
    )
)  # fmt: skip
_PAUSE_FILLER = frozenset("ok okay sorry well hmm right oh ugh sigh argh now pls please lol soon".split())


def is_pause(words: Sequence[str]) -> bool:
    """"brb", "ok gotta go", "sorry, need a break": the whole message is a pause, with only filler
    around it. `words` as for `asks_for_save` (clause marks are ignored)."""
    ws = [w for w in words if w not in CLAUSE_MARKS]
    while ws and ws[0] in _PAUSE_FILLER:
        ws = ws[1:]
    while ws and ws[-1] in _PAUSE_FILLER | {"now", "for", "a", "bit", "while"}:
        ws = ws[:-1]
    return " ".join(ws) in _PAUSES
