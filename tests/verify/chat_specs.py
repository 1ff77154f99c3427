"""The chats `test_audit_chat_ai.py` audits: honest ones (no finding may appear) in the shapes chat
AIs write, and one planted error each (exactly one finding, of its kind, at its reply).
Replies are numbered as the chat shows them: the opening is reply 1, the answer to the k-th
player message after the card is reply k + 1."""

from __future__ import annotations

from dataclasses import replace

from cardgm.games.becalmed.rules import Rulings as BecalmedRulings
from cardgm.games.cattle_trail.rules import Rulings as DroveRulings
from tests.verify.chat_ai import Chat, Ex, backtick_style, emoji_style, grid_table_style, passing_style, styles, table_style

CHATS: list[Chat] = []


def chat(*args, **kw) -> Chat:
    c = Chat(*args, **kw)
    CHATS.append(c)
    return c


# The printed tape's first days: 1 STEADY BREEZE / AN EMPTY SEA; 2 RAIN SQUALLS / HEAVY DEW; 3 LIGHT AIRS /
# a ship outside the lane; 4 HARD WEATHER / A SWELL; 5 DEAD CALM / HEAVY DEW; 6 HARD WEATHER / THE SEAMS WORK;
# 7 STEADY BREEZE / A SWELL; 8 LIGHT AIRS / SHARKS.
B_DAYS = [
    Ex("ok lets do this. full ration, sail up, everyone rows", "FULL, SAIL, ROW"),
    Ex("rain!! awning up, short ration, bail", "SHORT, AWNING, BAIL"),
    Ex("full, sail, someone keep watch tonight", "FULL, SAIL, WATCH"),
    Ex("its a gale. canvas down, everybody bail, full ration", "FULL, DOWN, BAIL"),
    Ex("dead calm... short ration, canvas down, lines over the side", "SHORT, DOWN, FISH"),
    Ex("hard weather again ugh. full, down, bail", "FULL, DOWN, BAIL"),
    Ex("full ration sail and keep a watch", "FULL, SAIL, WATCH"),
]

# == BECALMED, honest ===================================================================================

chat("b-table-chatgpt-json", "becalmed", "chatgpt-json", "gpt", B_DAYS[:5], style=table_style)
chat("b-emoji-you-said", "becalmed", "you-said", "gpt", B_DAYS[:6], style=emoji_style)
chat("b-passing-claude-bold", "becalmed", "bold", "claude", B_DAYS[:6], style=passing_style)
chat("b-backtick-labels", "becalmed", "labels", "terse", B_DAYS[:4], style=backtick_style)
chat("b-misspelt-unmarked", "becalmed", "unmarked", "terse", [
    Ex("ful ration, sial up, evryone rows", "FULL, SAIL, ROW"),
    Ex("short, awnign, bail", "SHORT, AWNING, BAIL"),
    Ex("full sail watch plz", "FULL, SAIL, WATCH"),
])
# The AI asks back before moving ("(yes/no)"), and the player's "yes" runs what it named.
chat("b-ask-back-headings", "becalmed", "headings", "claude", [
    Ex("full sail row", "FULL, SAIL, ROW"),
    Ex("hmm awning i guess? and bail. short", run="what can the hands do?", hears="what can the hands do?",
       body="Before I run it: **SHORT, AWNING, BAIL** — is that the day's three calls? (yes/no)"),
    Ex("yes", "SHORT, AWNING, BAIL"),
    Ex("full, sail, watch", "FULL, SAIL, WATCH"),
])
# A question answered with the printed tape ahead, in a table: the tape is public.
chat("b-forecast-table-messages-json", "becalmed", "messages-json", "gpt", [
    Ex("full sail row", "FULL, SAIL, ROW"),
    Ex("whats the weather the next 2 days?", body=(
        "Here's the printed tape ahead:\n\n| Day | Dawn | Sky | Dusk | Sea |\n|---|---|---|---|---|\n"
        "| 2 | tape 3 = 16 | RAIN SQUALLS | tape 4 = 3 | HEAVY DEW |\n| 3 | tape 5 = 6 | LIGHT AIRS | tape 6 = 19 | A SHIP (outside the lane: nothing) |\n\n"
        "Today is still day 2 under RAIN SQUALLS. Your calls?")),
    Ex("awning, short, bail then", "SHORT, AWNING, BAIL"),
    Ex("full sail watch", "FULL, SAIL, WATCH"),
])
# Ruling 12's other reading: a day of BAIL closes the seams that open that dusk (day 6).
chat("b-bail-closes-new-seams", "becalmed", "you-said", "claude", B_DAYS[:7],
     ai_options={"rulings": BecalmedRulings(bail_closes_new_seams=True)})
# Ruling 1's other reading: SHARKS counted down on the night it is set (day 8).
chat("b-sharks-early-table", "becalmed", "labels", "gpt", B_DAYS + [Ex("full sail watch", "FULL, SAIL, WATCH")],
     ai_options={"rulings": BecalmedRulings(sharks_count_the_setting_dusk=True)}, style=table_style)
# A save at day 4, then a new chat from it.
chat("b-save", "becalmed", "you-said", "gpt", B_DAYS[:3] + [Ex("save pls, gotta go", "save")])
B_SAVE_D4 = (
    "-----BEGIN AIGC SAVE-----\ngame:becalmed m:open-boat rules:1 turn:5 day:4/14 westing:7/30 water:29 thirst:1/7 "
    "canvas:sail flares:2 crew:P.C.O.N.Y. tape:7 flags:none sha:none\n-----END AIGC SAVE-----"
)
chat("b-resumed-new-chat", "becalmed", "chatgpt-json", "gpt", [
    Ex("canvas down, all hands bail, full", "FULL, DOWN, BAIL"),
    Ex("short, down, fish", "SHORT, DOWN, FISH"),
], resume=B_SAVE_D4, lead="here's the card and my save, lets continue\n\n",
   opening_pre="Save loaded. Day 4 — the dawn already read: tape 7 is a **20**, **HARD WEATHER** (no sail number, no sun, +1 thirst).\n\n"
   "The breaker holds 29. Your calls for day 4: issue, canvas, hands?")
# "let her drive": the RESULT's turns counts the player's messages (BECALMED question 21: turns is never defined).
chat("b-given-over-turns-messages", "becalmed", "labels", "claude", B_DAYS[:2] + [
    Ex("let her drive", "let her drive", edit=(("|turns:4|", "|turns:3|"),)),
])
chat("b-given-over", "becalmed", "bold", "gpt", B_DAYS[:2] + [Ex("let her drive", "let her drive")])

# == BECALMED, one planted error each ===================================================================

chat("b-x-water-table", "becalmed", "chatgpt-json", "gpt", B_DAYS[:5], style=table_style,
     expect=[(6, "ledger")])
CHATS[-1].exchanges = B_DAYS[:4] + [replace(B_DAYS[4], state=lambda s: replace(s, water=s.water + 3))]
chat("b-x-tape-changed-emoji", "becalmed", "you-said", "gpt",
     B_DAYS[:1] + [replace(B_DAYS[1], tape={5: 9}), replace(B_DAYS[2], tape={5: 9})], style=emoji_style,
     expect=[(3, "tape-changed")])
chat("b-x-decided", "becalmed", "bold", "claude", B_DAYS[:2] + [
    Ex("what would you do today?", hears="FULL, SAIL, WATCH", pre="I'd keep the sail up and a watch posted, on a full ration."),
], style=passing_style, expect=[(4, "decided-for-player")])
chat("b-x-save", "becalmed", "labels", "terse", B_DAYS[:3] + [Ex("save", "save", edit=(("westing:7/30", "westing:8/30"),))],
     expect=[(5, "save")])
chat("b-x-save-format", "becalmed", "labels", "gpt", B_DAYS[:3] + [Ex("save", "save", edit=(("thirst:1/7 ", ""),))],
     expect=[(5, "save-format")])
chat("b-x-result", "becalmed", "messages-json", "gpt", B_DAYS[:2] + [
    Ex("let her drive", "let her drive", edit=(("|score:0|", "|score:4|"),)),
], expect=[(4, "result")])
chat("b-x-out-of-turn", "becalmed", "headings", "claude", B_DAYS[:3], style=table_style, expect=[(4, "tape-out-of-turn")])
# Day 3's dusk is tape 6, a 19; the AI reads day 3's dawn value (tape 5, a 6) again: THE SEAMS WORK.
CHATS[-1].exchanges = B_DAYS[:2] + [
    replace(B_DAYS[2], tape={6: 6}, dusk="The tape reads 6: THE SEAMS WORK. The garboard opens in the swell."), B_DAYS[3]]

# == DEADRECKONING ======================================================================================
# The berth: Cutter B2 C2, Sloop F2 F3 F4, Brigantine B5 C5 D5, Frigate H6 H7.

D_SHOTS = [Ex("lets start with d4", "D4"), Ex("fire at b2!", "B2"), Ex("c2", "C2"), Ex("hmm, e7 then", "E7"),
           Ex("salvo F3", "F3")]
chat("d-table-chatgpt-json", "deadreckoning", "chatgpt-json", "gpt", D_SHOTS, style=table_style)
chat("d-emoji-bold", "deadreckoning", "bold", "claude", D_SHOTS + [Ex("b2 again lol", "B2")], style=emoji_style)
chat("d-backtick-you-said", "deadreckoning", "you-said", "gpt", D_SHOTS[:3] + [Ex("save", "save")], style=backtick_style)
chat("d-question-refused", "deadreckoning", "labels", "claude", D_SHOTS[:3] + [
    Ex("is d3 water now? be honest", body="That's yours to read from the grid — I can't confirm a cell before it's fired on. Where's your next salvo?"),
    Ex("ok d3", "D3"),
])
D_ALL = [Ex(c, c) for c in ("H6", "H7", "B2", "C2", "A1", "F2", "F3", "F4", "B5", "C5", "D5")]
chat("d-cleared-result-after-ledger", "deadreckoning", "messages-json", "gpt",
     D_ALL[:-1] + [replace(D_ALL[-1], result_after_ledger=True)])
chat("d-cleared-unmarked", "deadreckoning", "unmarked", "terse", D_ALL)
D_SAVE = (
    "-----BEGIN AIGC SAVE-----\ngame:deadreckoning\nm:duel\nrules:1\nturn:5\nshots:3\nhits:2\nsunk:Cutter\n"
    "grid:.........xx................o....................................\nsha:none\n-----END AIGC SAVE-----"
)
chat("d-resumed-new-chat", "deadreckoning", "headings", "claude", [Ex("f3 please", "F3"), Ex("f2", "F2")], resume=D_SAVE,
     opening_pre="Resuming the duel from your save: 3 shots, 2 hits, the Cutter sunk. Where's your next salvo?")
chat("d-struck", "deadreckoning", "labels", "gpt", D_SHOTS[:3] + [Ex("I strike my colours", "I strike my colours")])

chat("d-x-reveal-table", "deadreckoning", "chatgpt-json", "gpt",
     D_SHOTS[:2] + [replace(D_SHOTS[2], post="(Psst — the Brigantine sits on row 5, at B5.)")], style=table_style,
     expect=[(4, "hidden-revealed")])
chat("d-x-hits", "deadreckoning", "you-said", "claude",
     D_SHOTS[:3] + [replace(D_SHOTS[3], ledger=lambda line: line.replace("hits:2", "hits:3"))],
     expect=[(5, "ledger")])
chat("d-x-decided", "deadreckoning", "bold", "gpt", D_SHOTS[:2] + [
    Ex("idk, you pick?", hears="A8", pre="Let's try a corner: A8."),
], style=emoji_style, expect=[(4, "decided-for-player")])
chat("d-x-save", "deadreckoning", "labels", "terse", D_SHOTS[:3] + [Ex("save", "save", edit=(("hits:2\nsunk", "hits:3\nsunk"),))],
     expect=[(5, "save")])
chat("d-x-result", "deadreckoning", "messages-json", "gpt",
     D_ALL[:-1] + [replace(D_ALL[-1], edit=(("|score:99|", "|score:100|"),))], expect=[(12, "result")])

# == DROVER'S AUTUMN ====================================================================================

C_DAYS = [Ex("steady"), Ex("two boats, we're not losing any more"), Ex("easy today"), Ex("STEADY to the inn"),
          Ex("Steady"), Ex("steady"), Ex("ford"), Ex("easy"), Ex("steady"), Ex("steady")]
C_ALL = [Ex("steady"), Ex("two boats"), Ex("easy"), Ex("steady"), Ex("steady"), Ex("steady"), Ex("ford"),
         Ex("easy"), Ex("steady"), Ex("steady"), Ex("buy 4 meal and go easy"), Ex("rest"), Ex("easy"),
         Ex("steady"), Ex("pay the toll and go steady"), Ex("steady"), Ex("buy 2 meal and go easy"), Ex("easy"),
         Ex("steady"), Ex("easy, last day!", "easy")]
chat("c-table-chatgpt-json", "cattle-trail", "chatgpt-json", "gpt", C_DAYS[:5], style=table_style)
chat("c-emoji-you-said", "cattle-trail", "you-said", "gpt", C_DAYS[:6], style=emoji_style)
chat("c-passing-bold", "cattle-trail", "bold", "claude", C_DAYS[:4], style=passing_style)
chat("c-backtick-labels", "cattle-trail", "labels", "terse", C_DAYS[:4] + [Ex("save")], style=backtick_style)
chat("c-casual-unmarked", "cattle-trail", "unmarked", "claude", [
    Ex("lets go steady"), Ex("2 boats pls"), Ex("take it easy today"), Ex("steady as she goes")])
chat("c-whole-drove-messages-json", "cattle-trail", "messages-json", "gpt", C_ALL)
chat("c-whole-drove-table", "cattle-trail", "headings", "gpt", C_ALL, style=table_style)
C_SAVE_D7 = (
    "-----BEGIN AIGC SAVE-----\ngame:cattle-trail m:drove rules:1 v:1.0.0 turn:12 day:7/20 mile:53\n"
    "head:56 flesh:6 meal:5 silver:18 wear:4 spate:0 shod:n\ncrew:you,Ewan,Calum,Bran laid:none\nsha:none\n-----END AIGC SAVE-----"
)
chat("c-resumed-new-chat", "cattle-trail", "you-said", "gpt", [Ex("steady"), Ex("rest")], resume=C_SAVE_D7,
     opening_pre="Resuming: day 7, mile 53, 56 head. The ford is 4 miles on. Day 7's order?")
# Ruling 14's other reading: no band on a march cut short at a landmark.
chat("c-no-band-cut-short", "cattle-trail", "labels", "claude", C_DAYS,
     ai_options={"rulings": DroveRulings(band_on_cut_march=False)})
chat("c-bag-buying-only", "cattle-trail", "bold", "gpt", C_ALL[:12],
     ai_options={"rulings": DroveRulings(bag_caps_every_change=False)})

chat("c-x-head", "cattle-trail", "chatgpt-json", "gpt",
     C_DAYS[:2] + [replace(C_DAYS[2], state=lambda s: replace(s, head=s.head + 2))], style=table_style, expect=[(4, "ledger")])
chat("c-x-tape", "cattle-trail", "you-said", "claude", C_DAYS[:1] + [replace(C_DAYS[1], tape={2: 13})],
     expect=[(3, "tape-changed")])
chat("c-x-decided", "cattle-trail", "bold", "gpt", C_DAYS[:2] + [
    Ex("what do you think we should do?", hears="steady", pre="STEADY is the sensible pace — let's go.")],
     style=emoji_style, expect=[(4, "decided-for-player")])
chat("c-x-result", "cattle-trail", "messages-json", "gpt",
     C_ALL[:-1] + [replace(C_ALL[-1], edit=(("|score:96|", "|score:97|"),))], expect=[(21, "result")])


# == Batch 2: narration and layout probes ===============================================================

REVEAL = ("**The berth, revealed:** Cutter — B2, C2 · Sloop — F2, F3, F4 · Brigantine — B5, C5, D5 · Frigate — H6, H7.\n\n"
          "```\n  A B C D E F G H\n1 . . . . . . . .\n2 . x x . . x . .\n3 . . . . . x . .\n4 . . . o . x . .\n"
          "5 . x x x . . . .\n6 . . . . . . . x\n7 . . . . . . . x\n8 . . . . . . . .\n```\n\n"
          "Fetch the reveal file at aigamecards.com/g/deadreckoning/reveal-8f2a9039494b.md to check the seal.")
chat("d-struck-reveal", "deadreckoning", "you-said", "gpt", D_SHOTS[:3] + [
    Ex("ok i give up. I strike my colours", "I strike my colours", pre=REVEAL)])
# A forecast given unasked inside a move reply, and a recap table of the days read so far.
chat("b-forecast-in-move", "becalmed", "labels", "gpt", B_DAYS[:2] + [
    replace(B_DAYS[2], post="Looking ahead on the printed tape: tomorrow's dawn is tape 7, a **20** — HARD WEATHER. Plan for it."),
    B_DAYS[3],
])
chat("b-recap-table", "becalmed", "headings", "gpt", B_DAYS[:3] + [replace(B_DAYS[3], post=(
    "**Voyage so far**\n\n| Day | Dawn | Sky | Dusk | Sea |\n|---|---|---|---|---|\n"
    "| 1 | 12 | STEADY BREEZE | 14 | AN EMPTY SEA |\n| 2 | 16 | RAIN SQUALLS | 3 | HEAVY DEW |\n"
    "| 3 | 6 | LIGHT AIRS | 19 | A SHIP (out of the lane) |\n| 4 | 20 | HARD WEATHER | 10 | A SWELL FROM THE SOUTH-WEST |"))])
chat("b-emoji-calls", "becalmed", "bold", "gpt", [
    Ex("FULL 💧, SAIL ⛵, ROW 🚣", "FULL, SAIL, ROW"),
    Ex("same as yesterday but awning and bail, short ration", "SHORT, AWNING, BAIL"),
    Ex("Full / Sail / Watch 👀", "FULL, SAIL, WATCH"),
], style=styles(emoji_style, table_style))
chat("b-greeting-lead", "becalmed", "you-said", "claude", B_DAYS[:3], greeting=True,
     lead="can you run this game for me? here's the card:\n\n", style=passing_style)
# The SAVE block one field a line (ruling 29's other layout), in a code block.
chat("b-save-lines", "becalmed", "chatgpt-json", "gpt", B_DAYS[:2] + [Ex("save", "save", edit=(
    ("game:becalmed m:open-boat rules:1 turn:4 day:3/14 westing:5/30 water:33 thirst:1/7 canvas:awning flares:2 crew:P.C.O.N.Y. tape:5 flags:none sha:none",
     "game:becalmed\nm:open-boat\nrules:1\nturn:4\nday:3/14\nwesting:5/30\nwater:33\nthirst:1/7\ncanvas:awning\nflares:2\n"
     "crew:P.C.O.N.Y.\ntape:5\nflags:none\nsha:none"),))])
# The water worked out in a table with arrows and the dusk value among the numbers.
chat("b-arith-table", "becalmed", "messages-json", "gpt", [
    replace(B_DAYS[0], post="| Step | Water |\n|---|---|\n| Dawn | 26 |\n| FULL | 26 − 4 = 22 |\n| Dusk (tape 2 → 14, AN EMPTY SEA) | 22 |"),
    replace(B_DAYS[1], post="| Step | Water |\n|---|---|\n| SHORT | 22 − 2 = 20 |\n| Rain-catch | +10 → 30 |\n| Dew (tape 4 → 3) | +3 → 33 |"),
])
chat("d-grid-emoji-table", "deadreckoning", "labels", "gpt", D_SHOTS[:4] + [Ex("D-5", "D5"), Ex("fire at b 5 pls", "B5")], style=grid_table_style)
chat("d-two-cells-ask", "deadreckoning", "bold", "claude", D_SHOTS[:2] + [
    Ex("c2 and then d2", body="One salvo at a time — C2 or D2 first?"),
    Ex("c2", "C2"),
    Ex("sunk!! ok, a1 and b1 are water now right? since they can't touch",
       body="That's a deduction for you to make from the grid — I won't confirm cells you haven't fired on. Your next salvo?"),
    Ex("e5", "E5"),
])
chat("c-forecast-table", "cattle-trail", "labels", "gpt", C_DAYS[:2] + [
    Ex("what are the next three days looking like?", body=(
        "The autumn is printed:\n\n| Day | Value |\n|---|---|\n| 3 | 6 |\n| 4 | 14 |\n| 5 | 9 |\n\n"
        "Day 3's order?")),
    C_DAYS[2],
])
chat("c-emoji-orders", "cattle-trail", "bold", "claude", [
    Ex("steady 🐄"), Ex("TWO BOATS ⛵⛵"), Ex("easy does it"), Ex("steady pls")], style=styles(emoji_style, passing_style))

# The AI asks back in its own words, with no "(yes/no)" mark, and the player's "yep" runs it.
for _i, (_ask, _yes) in enumerate((
    ("Just to be sure before I run the day: **SHORT, AWNING, BAIL** — shall I go ahead?", "yep"),
    ("Quick check: SHORT ration, AWNING, hands BAIL. Confirm?", "yes go"),
    ("I read that as SHORT, AWNING, BAIL. Is that right?", "yeah thats right"),
)):
    chat(f"b-ask-back-words-{_i}", "becalmed", ("labels", "you-said", "chatgpt-json")[_i], ("gpt", "claude", "terse")[_i], [
        B_DAYS[0],
        Ex("short awning bail i think?", run="what can the hands do?", hears="what can the hands do?", body=_ask),
        Ex(_yes, "SHORT, AWNING, BAIL"),
        B_DAYS[2],
    ])
chat("d-ask-back-words", "deadreckoning", "labels", "gpt", D_SHOTS[:2] + [
    Ex("maybe c2?", run="what is the score?", hears="what is the score?", body="Fire on **C2**? Just say the word."),
    Ex("yes fire", "C2"),
])
chat("c-ask-back-words", "cattle-trail", "labels", "gpt", C_DAYS[:2] + [
    Ex("easy maybe?", run="what is the tape?", hears="what is the tape?", body="EASY for day 3 — shall I run it?"),
    Ex("yep", "easy"),
])
# Asked back in its own words, the AI runs the move on a "no" — or another move than the one it named on a yes.
chat("b-x-ask-back-no", "becalmed", "labels", "gpt", [
    B_DAYS[0],
    Ex("short awning bail i think?", run="what can the hands do?", hears="what can the hands do?",
       body="Just to be sure: **SHORT, AWNING, BAIL** — shall I go ahead?"),
    Ex("no wait, let me think", hears="SHORT, AWNING, BAIL", pre="Running it."),
], expect=[(4, "decided-for-player")])
chat("b-x-ask-back-other", "becalmed", "you-said", "claude", [
    B_DAYS[0],
    Ex("short awning bail i think?", run="what can the hands do?", hears="what can the hands do?",
       body="I read that as SHORT, AWNING, BAIL. Is that right?"),
    Ex("yes", run="SHORT, AWNING, BAIL", hears="FULL, AWNING, WATCH"),
], expect=[(4, "decided-for-player")])

# == Batch 3: the end of a game, and the sunk list ======================================================

def _bold_result(text: str) -> str:
    import re as _re
    return _re.sub(r"^(RESULT: AIGC\|\S+)$", r"**\1**", text, flags=_re.M)


chat("d-cleared-bold-result", "deadreckoning", "bold", "gpt", D_ALL[:-1] + [replace(D_ALL[-1], edit=(
    ("RESULT: AIGC|deadreckoning|duel|v1.0.0|end:cleared|ch:1|turns:12|score:99|tape:0|sha:none",
     "**RESULT: AIGC|deadreckoning|duel|v1.0.0|end:cleared|ch:1|turns:12|score:99|tape:0|sha:none**"),))])
chat("b-given-over-result-code", "becalmed", "chatgpt-json", "gpt", B_DAYS[:2] + [Ex("let her drive", "let her drive", edit=(
    ("RESULT: AIGC|becalmed|open-boat|v1.0.0|end:given-over|ch:1|turns:4|score:0|tape:5|sha:none",
     "```\nRESULT: AIGC|becalmed|open-boat|v1.0.0|end:given-over|ch:1|turns:4|score:0|tape:5|sha:none\n```"),))])
chat("c-whole-drove-inline-result", "cattle-trail", "you-said", "claude", C_ALL[:-1] + [replace(C_ALL[-1], edit=(
    ("\nRESULT: AIGC|", "\n`RESULT: AIGC|"), ("|sha:none\n", "|sha:none`\n")))])
# The sunk list in the order the ships went down (DEADRECKONING ruling 6's other reading), in a table style.
_SUNK_ORDER = lambda line: line.replace("sunk:Cutter,Frigate", "sunk:Frigate,Cutter")  # noqa: E731
chat("d-sunk-order-table", "deadreckoning", "messages-json", "gpt",
     D_ALL[:2] + [replace(e, ledger=_SUNK_ORDER) for e in D_ALL[2:5]], style=table_style)
# DEADRECKONING question 7 (A): after struck colours the last LEDGER's grid shows the revealed hulls as x, hits to match.
chat("d-struck-ledger-reveal", "deadreckoning", "labels", "claude", D_SHOTS[:3] + [
    Ex("I strike my colours", "I strike my colours", pre=REVEAL, ledger=lambda line: line.replace(
        "hits:2", "hits:10").replace(".........xx................o....................................",
                                     ".........xx..x.......x.....o.x...xxx...........x.......x........")),
])
chat("d-x-struck-ledger-reveal-wrong", "deadreckoning", "you-said", "gpt", D_SHOTS[:3] + [
    Ex("I strike my colours", "I strike my colours", pre=REVEAL, ledger=lambda line: line.replace(
        "hits:2", "hits:10").replace(".........xx................o....................................",
                                     ".........xx..x.......x.....o.x...xxx...........x......x.........")),
], expect=[(5, "ledger")])

# == Batch 4: the card's own numbers in explanations, examples and status lines ============================

chat("b-rules-explained", "becalmed", "labels", "claude", [
    B_DAYS[0],
    Ex("what does the awning do exactly?", body=(
        "Under the AWNING she makes no way at all, not even the set, but it cancels the sun line and catches rain: "
        "on OVERCAST (13–15) it catches +5, on RAIN SQUALLS (16–18) +10, and a HEAVY DEW dusk (1–3) gives +3 if it was spread. "
        "Today is RAIN SQUALLS.\n\nYour calls for day 2?")),
    replace(B_DAYS[1], pre="Good call — a 16–18 sky is exactly when the awning pays."),
    B_DAYS[2],
])
chat("b-colon-calls", "becalmed", "you-said", "gpt", [
    Ex("issue: full; canvas: sail; hands: row", "FULL, SAIL, ROW"),
    Ex("1) SHORT 2) AWNING 3) BAIL", "SHORT, AWNING, BAIL"),
    Ex("watch, sail, full", "FULL, SAIL, WATCH"),
], style=table_style)
chat("b-thirst-sums", "becalmed", "headings", "gpt", [
    replace(B_DAYS[0], post="Thirst check: 0 + 1 (day) + 1 (sun) + 1 (rowed) − 2 (FULL) = 1/7."),
    replace(B_DAYS[1], post="Thirst check: 1 + 1 (day) + 0 (no sun under the awning) − 1 (SHORT) = 1/7. Water: 22 − 2 + 10 + 3 = 33."),
])
chat("d-example-cells", "deadreckoning", "you-said", "claude", [
    Ex("how do i fire?", body="Name one cell, column then row — for example **B5**, or \"fire at C2\". Where's your first salvo?"),
    *D_SHOTS[:2],
])
chat("d-status-line", "deadreckoning", "chatgpt-json", "gpt",
     [replace(e, post=f"Shots fired: {i + 1} · Ships sunk: {1 if i >= 2 else 0}/4 · Remaining hulls: "
              + ("3, 3, 2" if i >= 2 else "2, 3, 3, 2")) for i, e in enumerate(D_SHOTS)])
chat("d-casual-cells", "deadreckoning", "bold", "gpt", [
    Ex("Fire! E-5", "E5"), Ex("lets go with g6", "G6"), Ex("G7 please captain", "G7"), Ex("ok ok, h6 🎯", "H6"),
    Ex("h7!!!", "H7")], style=grid_table_style)
chat("c-status-and-sums", "cattle-trail", "headings", "claude",
     [replace(e, post="Running tally: 179 miles to Falkirk in all; the card's par is 60.") for e in C_DAYS[:4]])

# == Batch 5: a new chat where the card comes first and the SAVE in the next message ===================

chat("b-save-second-message", "becalmed", "you-said", "gpt", [
    Ex(f"oh wait I have a save from before:\n\n{B_SAVE_D4}", resume=B_SAVE_D4,
       body="Save loaded — day 4, westing 7/30, the breaker at 29. Day 4's dawn was read: tape 7, a **20** — HARD WEATHER.\n\nYour calls?"),
    Ex("canvas down, all hands bail, full", "FULL, DOWN, BAIL"),
])
chat("d-save-second-message", "deadreckoning", "labels", "claude", [
    Ex(f"continuing my game:\n{D_SAVE}", resume=D_SAVE,
       body="Resumed: 3 shots, 2 hits, the Cutter sunk. Your next salvo?"),
    Ex("f3", "F3"),
])
chat("c-save-second-message", "cattle-trail", "bold", "gpt", [
    Ex(f"here's my save\n\n{C_SAVE_D7}", resume=C_SAVE_D7,
       body="Save loaded: day 7, mile 53, 56 head. Next: the ford, 4 miles on. Day 7's order?"),
    Ex("steady"),
])

# == Batch 6: more planted errors ========================================================================

# A kinder number: day 2's thirst shown one lower than the day gives.
chat("b-x-softened-thirst", "becalmed", "bold", "claude", B_DAYS[:1] + [
    replace(B_DAYS[1], state=lambda s: replace(s, thirst=s.thirst - 1)), B_DAYS[2]], style=passing_style,
     expect=[(3, "ledger")])
# Day 2 at the Kyle reads day 3's value (6) in place of its own (3).
chat("c-x-out-of-turn", "cattle-trail", "labels", "gpt", C_DAYS[:1] + [replace(C_DAYS[1], tape={2: 6})], style=table_style,
     expect=[(3, "tape-out-of-turn")])
# A repeat counted as a new shot.
chat("d-x-repeat-counted", "deadreckoning", "messages-json", "claude", D_SHOTS[:3] + [
    Ex("b2 again", "B2", ledger=lambda line: line.replace("shots:3", "shots:4"))], style=grid_table_style,
     expect=[(5, "ledger")])
chat("d-x-save-format", "deadreckoning", "you-said", "gpt", D_SHOTS[:3] + [
    Ex("save", "save", edit=(("grid:.........xx................o....................................\n", ""),))],
     expect=[(5, "save-format")])
chat("c-x-save", "cattle-trail", "headings", "claude", C_DAYS[:3] + [Ex("save", edit=(("silver:16", "silver:18"),))],
     expect=[(5, "save")])
chat("c-x-save-format", "cattle-trail", "you-said", "gpt", C_DAYS[:3] + [Ex("save", edit=(("flesh:", "fl:"),))],
     expect=[(5, "save-format")])
chat("b-x-result-end", "becalmed", "labels", "gpt", B_DAYS[:2] + [
    Ex("let her drive", "let her drive", edit=(("end:given-over", "end:carried-off"),))], expect=[(4, "result")])
# The AI moves on a question about the rules, without being asked to.
chat("b-x-decided-question", "becalmed", "headings", "gpt", B_DAYS[:1] + [
    Ex("does the awning stop the sun?", hears="SHORT, AWNING, BAIL",
       pre="Yes — it cancels the sun line. I've put it up for you: SHORT ration, AWNING, all hands BAIL.")],
     style=table_style, expect=[(3, "decided-for-player")])

# == Batch 7: export forms ===============================================================================

chat("b-claude-export", "becalmed", "claude-export", "claude", B_DAYS[:4] + [Ex("save", "save")])
chat("d-claude-export", "deadreckoning", "claude-export", "claude", D_SHOTS)
chat("c-claude-export", "cattle-trail", "claude-export", "claude", C_DAYS[:4])
chat("b-chatgpt-branch", "becalmed", "chatgpt-branch", "gpt", B_DAYS[:4])
chat("c-chatgpt-branch", "cattle-trail", "chatgpt-branch", "gpt", C_DAYS[:3])
chat("b-chatgpt-page", "becalmed", "chatgpt-page", "gpt", B_DAYS[:4], style=table_style)
chat("d-chatgpt-page", "deadreckoning", "chatgpt-page", "gpt", D_SHOTS)
chat("c-chatgpt-page", "cattle-trail", "chatgpt-page", "gpt", C_DAYS[:4])
chat("b-x-claude-export", "becalmed", "claude-export", "claude",
     B_DAYS[:2] + [replace(B_DAYS[2], state=lambda s: replace(s, westing=s.westing + 1))], expect=[(4, "ledger")])

# == Batch 8: hard weather's other readings (BECALMED questions 28 and 6) =================================

# Day 4 is HARD WEATHER. (28 B) "BAIL … keeps her dry in a gale": under SAIL with the hands bailing, nothing spoiled.
chat("b-gale-bail-keeps-dry", "becalmed", "you-said", "gpt", B_DAYS[:3] + [
    Ex("full, sail, bail", "FULL, SAIL, BAIL", state=lambda s: replace(s, water=s.water + 4),
       post="The hands bail her dry through the gale: nothing spoiled."), B_DAYS[4]], style=table_style)
# (6 A) "every hand works": a FISH in hard weather catches nothing.
chat("b-gale-no-catch", "becalmed", "labels", "claude", B_DAYS[:3] + [
    Ex("full, down, fish", "FULL, DOWN, FISH", state=lambda s: replace(s, water=s.water - 2)), B_DAYS[4]])
chat("b-x-gale-bail-miscounted", "becalmed", "bold", "gpt", B_DAYS[:3] + [
    Ex("full, sail, bail", "FULL, SAIL, BAIL", state=lambda s: replace(s, water=s.water + 3)), B_DAYS[4]],
     expect=[(5, "ledger")])

# == Batch 9: DROVER'S AUTUMN's hedged orders run at once (ORDERS rule 3, rulings 24–26's other readings) ==

for _i, _said in enumerate(("We can't be late. Push.", "What's the tape tomorrow? Push.", "no, rest", "Rest today and push tomorrow")):
    chat(f"c-hedged-run-at-once-{_i}", "cattle-trail", ("labels", "you-said", "bold", "chatgpt-json")[_i], ("gpt", "claude")[_i % 2],
         C_DAYS[:2] + [Ex(_said, run=("push", "push", "rest", "rest")[_i]), C_DAYS[3]])
chat("c-x-hedged-question-run", "cattle-trail", "labels", "gpt", C_DAYS[:2] + [Ex("hmm steady?", run="steady")],
     expect=[(4, "decided-for-player")])
chat("c-x-hedged-other-move", "cattle-trail", "you-said", "claude", C_DAYS[:2] + [
    Ex("We can't be late. Push.", run="what is the tape?", hears="steady")], expect=[(4, "decided-for-player")])

# == Batch 10: DEADRECKONING cells in the other forms question 2 lists, fired at once =====================

chat("d-row-first-and-phonetic", "deadreckoning", "you-said", "gpt", [
    Ex("lets start with 4d", run="D4"), Ex("2B", run="B2"), Ex("fire on charlie two", run="C2"), Ex("echo 7 pls", run="E7")],
     style=grid_table_style)
chat("d-x-question-fired", "deadreckoning", "labels", "gpt", D_SHOTS[:2] + [Ex("hmm what about c2?", run="C2")],
     expect=[(4, "decided-for-player")])
# A SAVE that cannot be resumed: its tape is not day 4's.
chat("b-x-save-unresumable", "becalmed", "headings", "claude", B_DAYS[:3] + [Ex("save", "save", edit=(("tape:7 flags", "tape:12 flags"),))],
     expect=[(5, "save")])
chat("d-x-save-unresumable", "deadreckoning", "labels", "gpt", D_SHOTS[:3] + [Ex("save", "save", edit=(("sunk:Cutter\n", "sunk:Sloop\n"),))],
     expect=[(5, "save")])

# == Batch 11: the whole printed tape shown in the opening ================================================

_B_TAPE = (12, 14, 16, 3, 6, 19, 20, 10, 3, 2, 20, 5, 9, 10, 8, 9, 11, 17, 7, 18, 19, 11, 10, 20, 11, 16, 15, 6)
_FORTNIGHT = "**The fortnight, as printed** (public — reading it changes nothing):\n\n| Day | Dawn (sky) | Dusk (sea) |\n|---|---|---|\n" + "\n".join(
    f"| {d} | tape {2 * d - 1}: {_B_TAPE[2 * d - 2]} | tape {2 * d}: {_B_TAPE[2 * d - 1]} |" for d in range(1, 15))


def _with_fortnight(n: int, text: str, prev: str) -> str:
    return text.replace("\n\n", f"\n\n{_FORTNIGHT}\n\n", 1) if n == 1 else text


chat("b-opening-fortnight-table", "becalmed", "labels", "gpt", B_DAYS[:3], style=_with_fortnight)
chat("b-opening-fortnight-table-json", "becalmed", "chatgpt-json", "claude", B_DAYS[:2], style=styles(_with_fortnight, table_style))
_C_TAPE = (16, 3, 6, 5, 18, 11, 9, 2, 9, 8, 15, 1, 8, 12, 8, 3, 6, 18, 6, 15, 7)
_AUTUMN = "| Day | Value |\n|---|---|\n" + "\n".join(f"| {d} | {v} |" for d, v in enumerate(_C_TAPE, 1))


def _with_autumn(n: int, text: str, prev: str) -> str:
    return text.replace("\n\n", f"\n\nThe autumn, as printed:\n\n{_AUTUMN}\n\n", 1) if n == 1 else text


chat("c-opening-autumn-table", "cattle-trail", "you-said", "gpt", C_DAYS[:3], style=_with_autumn)
chat("c-lookahead-in-move", "cattle-trail", "labels", "claude", [
    replace(C_DAYS[0], post="Looking ahead: tomorrow's value is 3 and day 3's is 6."), C_DAYS[1],
    replace(C_DAYS[2], post="(Day 5 will read 18 — a good day to make miles.)")])
chat("d-lookahead-lengths", "deadreckoning", "bold", "gpt", [
    replace(D_SHOTS[0], post="Still afloat: a 2-cell hull, two 3-cell hulls and another 2-cell hull."), *D_SHOTS[1:3],
    replace(D_SHOTS[3], post="The Cutter is down; three hulls remain — 3, 3 and 2 cells.")])

# DROVER'S AUTUMN question 5 (A): the Ledger at the end's dusk shows the day of the sale, day:20/20.
chat("c-end-ledger-day-20", "cattle-trail", "labels", "gpt",
     C_ALL[:-1] + [replace(C_ALL[-1], ledger=lambda line: line.replace("day:21/20", "day:20/20"))])
# The RESULT line and pointers after the LEDGER on the last reply, on every card.
chat("b-given-over-result-after-ledger", "becalmed", "you-said", "claude",
     B_DAYS[:2] + [Ex("let her drive", "let her drive", result_after_ledger=True)])
chat("c-sold-result-after-ledger", "cattle-trail", "chatgpt-json", "gpt", C_ALL[:-1] + [replace(C_ALL[-1], result_after_ledger=True)])

# == Batch 12: the whole voyage to a ship: SEAMS, SHARKS, the turtle, the butchering day, both flares ======

B_VOYAGE = B_DAYS + [
    Ex("full sail watch again", "FULL, SAIL, WATCH"), Ex("same again pls", "FULL, SAIL, WATCH"),
    Ex("yes!! take the turtle", "take her"), Ex("full ration and keep sailing", "FULL, SAIL"),
    Ex("BURN BOTH FLARES NOW", "burn both"),
]
chat("b-voyage-taken-off", "becalmed", "you-said", "gpt", B_VOYAGE, style=table_style)
chat("b-voyage-taken-off-claude", "becalmed", "claude-export", "claude", B_VOYAGE, style=passing_style)
chat("b-x-voyage-result", "becalmed", "labels", "gpt", B_VOYAGE[:-1] + [
    replace(B_VOYAGE[-1], edit=(("end:taken-off", "end:landfall"),))], expect=[(13, "result")])

# == Batch 13: cells named in passing that reveal nothing ===================================================

chat("d-neighbours-listed", "deadreckoning", "labels", "gpt", [
    replace(D_SHOTS[1], post="Nice hit! A hull runs straight, so it continues through one of A2, C2, B1 or B3 — your call."),
    Ex("c2", "C2")])
chat("d-cells-in-recap", "deadreckoning", "you-said", "claude", D_SHOTS[:3] + [
    replace(D_SHOTS[3], post="Fired so far: D4 (miss), B2 (hit), C2 (hit — Cutter sunk), E7 (miss). Unfired cells like F3 or B5 are yours to choose.")])
chat("d-x-neighbour-singled-out", "deadreckoning", "bold", "claude", [
    replace(D_SHOTS[1], post="Nice hit! It continues through C2, not A2."), Ex("c2", "C2")], expect=[(2, "hidden-revealed")])
chat("d-x-two-hulls-offered", "deadreckoning", "labels", "gpt", [
    replace(D_SHOTS[0], post="Between us, try C2 or B5 next.")], expect=[(2, "hidden-revealed")])

# == Batch 14: an opening that waits for "begin" before the first dawn (the card's OPENING reads it) ======


def _opening_waits(n: int, text: str, prev: str) -> str:
    if n != 1:
        return text
    return ("Five in the cutter, thirty leagues to go, a fortnight to do it. The tape is public. Say **begin** when you're ready "
            "and I'll read the first dawn.\n\n```\n[L] day 1/14 | westing 0/30 | water 26 | thirst 0/7 | crew:P.C.O.N.Y. | "
            "canvas:down | flares:2 | tape:0 | flags:none | v1.0.0\n```")


chat("b-x-opening-waits", "becalmed", "labels", "gpt", [
    Ex("begin", run="how much water is there?", hears="how much water is there?",
       body="**Day 1 — dawn**\n\nTape 1 reads 12: **STEADY BREEZE** (sail +3, sun +1). Your calls for day 1?"),
    *B_DAYS[:2]], style=_opening_waits, expect=[(1, "ledger")])

# == Batch 15: SAVE blocks as chat AIs print them ===========================================================

_B_SAVE_AT_4 = ("-----BEGIN AIGC SAVE-----\ngame:becalmed m:open-boat rules:1 turn:5 day:4/14 westing:7/30 water:29 thirst:1/7 "
                "canvas:sail flares:2 crew:P.C.O.N.Y. tape:7 flags:none sha:none\n-----END AIGC SAVE-----")
chat("b-save-fenced-indented", "becalmed", "bold", "claude", B_DAYS[:3] + [Ex("can we pause here? save it", "save", edit=(
    (_B_SAVE_AT_4, "```text\n    " + _B_SAVE_AT_4.replace("\n", "\n    ") + "\n```"),))])
chat("d-save-one-line", "deadreckoning", "messages-json", "gpt", D_SHOTS[:3] + [Ex("save pls", "save", edit=(
    ("game:deadreckoning\nm:duel\nrules:1\nturn:5\nshots:3\nhits:2\nsunk:Cutter\n", "game:deadreckoning m:duel rules:1 turn:5 shots:3 hits:2 sunk:Cutter "),))])
