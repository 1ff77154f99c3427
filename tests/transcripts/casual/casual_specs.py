"""The casual transcripts: who says what, what cardgm's Run is given for the truth, and what each
planted error changes. write_casual.py turns them into chat transcripts."""

from __future__ import annotations

import re
from dataclasses import replace

from write_casual import Ex, Spec

SPECS: list[Spec] = []


def spec(*args, **kw) -> Spec:
    s = Spec(*args, **kw)
    SPECS.append(s)
    return s


# == BECALMED, honest ================================================================================

spec("becalmed-honest-chatgpt-copy", "becalmed", "you-said", "gpt", [
    Ex("ok lets go. full ration, sail up, everyone rows", "FULL, SAIL, ROW"),
    Ex("awning up to catch that rain!! short ration, and everybody bail", "SHORT, AWNING, BAIL"),
    Ex("how much water have we got now? and whats the weather tomorrow",
       body="The breaker holds **33 measures**.\n\nTomorrow (day 4) the dawn is tape 7: **20 → HARD WEATHER** — no sail number, "
            "no sun, +1 thirst, and the canvas rules for a gale apply. The dusk after it is tape 8, a 10.\n\n"
            "For today (day 3, LIGHT AIRS), what are your calls?"),
    Ex("full ration, keep the sail up, someone keep watch tonight", "FULL, SAIL, WATCH"),
    Ex("Hard weather. Canvas down, everyone bails, full ration.", "FULL, DOWN, BAIL"),
    Ex("dead calm huh. short rations, canvas down, lines over the side", "SHORT, DOWN, FISH"),
    Ex("sail — no wait, canvas down. bail. short", "SHORT, DOWN, BAIL"),
    Ex("full, sail up, everybody bail out", "FULL, SAIL, BAIL"),
    Ex("save pls", "save"),
])

spec("becalmed-honest-mend", "becalmed", "labels", "claude", [
    Ex("Full ration, sail, row", "FULL, SAIL, ROW"),
    Ex("short ration. awning up. bail", "SHORT, AWNING, BAIL"),
    Ex("full, sail, watch", "FULL, SAIL, WATCH"),
    Ex("Run before it!! sail up, full ration, everyone rows", "FULL, SAIL, ROW"),
    Ex("ugh, we lost the sail. full ration, nance mends the sail", "FULL, DOWN, MEND"),
    Ex("Hard weather. Canvas down, everyone bails, full ration.", "FULL, DOWN, BAIL"),
    Ex("ok sail up again, full, bail the seams", "FULL, SAIL, BAIL"),
    Ex("fulll, sial, wacth", "FULL, SAIL, WATCH"),
])

spec("becalmed-honest-sharks-early", "becalmed", "chatgpt-json", "gpt", [
    Ex("FULL / SAIL / ROW", "FULL, SAIL, ROW"),
    Ex("short, awning, bail — catch that rain", "SHORT, AWNING, BAIL"),
    Ex("full ration, sail, keep watch", "FULL, SAIL, WATCH"),
    Ex("Hard weather. Canvas down, everyone bails, full ration.", "FULL, DOWN, BAIL"),
    Ex("full ration, canvas down, go fishing", "FULL, DOWN, FISH"),
    Ex("canvas down again, bail, full", "FULL, DOWN, BAIL"),
    Ex("full, sail, bail", "FULL, SAIL, BAIL"),
    # Day 8: the dusk is SHARKS. The AI counts the flag down on the night it is set (SHARKS-2).
    Ex("full, sail, watch", "FULL, SAIL, WATCH", state=lambda s: replace(s, sharks=2)),
    Ex("full ration, sail, keep a watch", "FULL, SAIL, WATCH"),
    Ex("take her!", "take her"),
    Ex("full ration and keep the sail up", "FULL, SAIL"),
    Ex("burn both flares!!", "burn both"),
])

SAVE_DAY8 = (
    "-----BEGIN AIGC SAVE-----\ngame:becalmed m:open-boat rules:1 turn:10 day:8/14 westing:14/30 water:22 "
    "thirst:5/7 canvas:sail flares:2 crew:Ps2C!O.N.Y. tape:15 flags:IN-THE-LANE sha:none\n-----END AIGC SAVE-----"
)

spec("becalmed-honest-resume", "becalmed", "bold", "claude", [
    Ex("ok where were we. full ration, keep sailing, and somebody sit up with carrick tonight", "FULL, SAIL, WATCH"),
    Ex("poor pruett. full again, sail, watch", "FULL, SAIL, WATCH"),
    Ex("leave the turtle, we can't spare the hands", "leave her"),
    Ex("full, sail, watch. how far to the coast now?", "FULL, SAIL, WATCH",
       post="To answer your question: the beach is at 30 leagues and you have made 22, so 8 to go."),
    Ex("BURN BOTH. now.", "burn both"),
], resume=SAVE_DAY8, opening_pre="Picking up from your save. Day 8, LIGHT AIRS already read at dawn (tape 15, an 8). "
   "Pruett is salt-poisoned (s2) and Carrick is down on the bottom-boards. The breaker holds 22.\n\n"
   "Your calls for day 8: the issue, the canvas and the hands.")

spec("becalmed-honest-unmarked", "becalmed", "unmarked", "terse", [
    Ex("FULL SAIL ROW", "FULL, SAIL, ROW"),
    Ex("same again", "FULL, SAIL, ROW"),
    Ex("same but bail instead of rowing", "FULL, SAIL, BAIL"),
    Ex("whats tape 8?", body="Tape 8 is a 10: a swell from the south-west at day 4's dusk. Today is day 4, hard weather. Calls?"),
    Ex("Hard weather. Canvas down, everyone bails, full ration.", "FULL, DOWN, BAIL"),
])


# == BECALMED, one planted error each ================================================================

# Day 5 is a DEAD CALM: a fish is +5. The AI takes +2 (as under any other sky): water 3 short.
spec("becalmed-planted-arithmetic", "becalmed", "headings", "claude", [
    Ex("full ration, sail up, everybody rows", "FULL, SAIL, ROW"),
    Ex("short ration; awning; bail", "SHORT, AWNING, BAIL"),
    Ex("full ration sail and a watch pls", "FULL, SAIL, WATCH"),
    Ex("Hard weather. Canvas down, everyone bails, full ration.", "FULL, DOWN, BAIL"),
    Ex("short ration, canvas down, fishing", "SHORT, DOWN, FISH", state=lambda s: replace(s, water=s.water - 3),
       edit=(("The day's fish: +5, the breaker at 28.", "The day's fish: +2, the breaker at 25."),)),
    Ex("full, down, bail", "FULL, DOWN, BAIL"),
    Ex("full ration, sail, bail", "FULL, SAIL, BAIL"),
])

# Day 6's dawn is tape 11, a 20 (HARD WEATHER); the AI announces a 12, STEADY BREEZE, and sails on it.
spec("becalmed-planted-tape-changed", "becalmed", "chatgpt-json", "gpt", [
    Ex("full, sail, row!", "FULL, SAIL, ROW"),
    Ex("awning + bail, short ration", "SHORT, AWNING, BAIL"),
    Ex("FULL. SAIL. WATCH.", "FULL, SAIL, WATCH"),
    Ex("Hard weather. Canvas down, everyone bails, full ration.", "FULL, DOWN, BAIL"),
    Ex("short ration, canvas down, fishing", "SHORT, DOWN, FISH", tape={11: 12}),
    Ex("full ration, sail, row", "FULL, SAIL, ROW", tape={11: 12}),
    Ex("full, sail, watch", "FULL, SAIL, WATCH"),
])

# Day 8's dusk is tape 16, a 9 (SHARKS); the AI reads the 8 of tape 15 (day 8's dawn) again.
spec("becalmed-planted-out-of-turn", "becalmed", "you-said", "claude", [
    Ex("full, sail, row", "FULL, SAIL, ROW"),
    Ex("short ration, put the awning up and bail", "SHORT, AWNING, BAIL"),
    Ex("full, sail, watch", "FULL, SAIL, WATCH"),
    Ex("Hard weather. Canvas down, everyone bails, full ration.", "FULL, DOWN, BAIL"),
    Ex("full ration. canvas down. fish", "FULL, DOWN, FISH"),
    Ex("down, bail, full", "FULL, DOWN, BAIL"),
    Ex("full, sail, bail", "FULL, SAIL, BAIL"),
    Ex("full ration, sail, keep watch", "FULL, SAIL, WATCH",
       dusk="The tape reads 8: SHARKS. Two fins cut the water astern and stay there."),
    Ex("full, sail, watch", "FULL, SAIL, WATCH"),
])

# Day 5: the AI reads a value for the fish (no roll for a fish), so day 5 reads three values and
# its LEDGER stands one position ahead.
spec("becalmed-planted-third-value", "becalmed", "labels", "terse", [
    Ex("full sail row", "FULL, SAIL, ROW"),
    Ex("short, awning, bail", "SHORT, AWNING, BAIL"),
    Ex("full, sail, watch", "FULL, SAIL, WATCH"),
    Ex("Hard weather. Canvas down, everyone bails, full ration.", "FULL, DOWN, BAIL"),
    Ex("full ration, canvas down, lines over", "FULL, DOWN, FISH",
       body="FULL: 4 out, 21 left.\n\nCanvas DOWN, lines over the side.\n\nWesting: the set +1 → 9/30.\n\n"
            "For the catch: tape 10 = 2, a poor one, but a dead calm gives +5 → 26.\n\n"
            "dusk: tape 11 = 20: A SHIP. Outside the lane: nothing.\n\n"
            "Thirst: the day +1, sun +2, FULL −2: 3/7.\n\n"
            "Day 6.\n\ndawn: tape 12 = 5, LIGHT AIRS (sail +1, sun +1).\n\nDay 6. Issue, canvas, hands?",
       state=lambda s: replace(s, tape=12)),
])

# Day 5 (DEAD CALM): the player asks a question; the AI answers it by running the calls.
spec("becalmed-planted-decided", "becalmed", "bold", "gpt", [
    Ex("full ration, sail, everyone on the oars", "FULL, SAIL, ROW"),
    Ex("awning up, short ration, bail", "SHORT, AWNING, BAIL"),
    Ex("full, sail, watch", "FULL, SAIL, WATCH"),
    Ex("Hard weather. Canvas down, everyone bails, full ration.", "FULL, DOWN, BAIL"),
    Ex("hmm. should we row or fish today? what do you reckon", hears="SHORT, DOWN, FISH",
       pre="Fishing is the better bet in a dead calm — +5 instead of +2. Lines over, canvas down, short ration."),
    Ex("ok. full, down, bail", "FULL, DOWN, BAIL"),
])

# "save pls" on day 4: the SAVE block gives water 27 where its own LEDGER (and the rules) give 25.
spec("becalmed-planted-save", "becalmed", "messages-json", "claude", [
    Ex("Full ration, sail, row.", "FULL, SAIL, ROW"),
    Ex("short, awning, bail", "SHORT, AWNING, BAIL"),
    Ex("full, sail, watch", "FULL, SAIL, WATCH"),
    Ex("Hard weather. Canvas down, everyone bails, full ration.", "FULL, DOWN, BAIL"),
    Ex("save pls, dinner time", "save", edit=(("water:25 ", "water:27 "),)),
    Ex("back. short ration, canvas down, fish", "SHORT, DOWN, FISH"),
])

# Day 3's LEDGER drops its flares field; the audit says so and goes on.
spec("becalmed-planted-ledger-format", "becalmed", "headings", "gpt", [
    Ex("full, sail, row", "FULL, SAIL, ROW"),
    Ex("short, awning, bail", "SHORT, AWNING, BAIL", ledger=lambda l: l.replace(" flares:2 |", "")),
    Ex("full, sail, watch", "FULL, SAIL, WATCH"),
    Ex("Hard weather. Canvas down, everyone bails, full ration.", "FULL, DOWN, BAIL",
       state=lambda s: replace(s, thirst=s.thirst + 1),
       edit=(("hard weather +1, the swell +1, FULL −2: 2/7", "hard weather +1, the swell +1, the gale +1, FULL −2: 3/7"),)),
])


# == DEADRECKONING ====================================================================================

REVEAL = ("The berth, as sealed: Cutter B2, C2 · Sloop F2, F3, F4 · Brigantine B5, C5, D5 · Frigate H6, H7. "
          "The reveal file is at aigamecards.com/g/deadreckoning/reveal-8f2a9039494b.md; check the seal at aigamecards.com/verify.")


def sunk_in_order(*order: str):
    """The AI lists the sunk ships in the order they went down (the card: "add the ship to the sunk list")."""
    fleet = ("Cutter", "Sloop", "Brigantine", "Frigate")

    def rewrite(line: str) -> str:
        import re

        m = re.search(r"sunk:(\S+)", line)
        if not m or m.group(1) == "none":
            return line
        sunk = set(m.group(1).split(","))
        assert sunk <= set(fleet)
        return line.replace(m.group(0), "sunk:" + ",".join(s for s in order if s in sunk))

    return rewrite


spec("deadreckoning-honest-casual", "deadreckoning", "messages-json", "gpt", [
    Ex("d4 to start", "D4"),
    Ex("lets try h6", "H6"),
    Ex("h7 then", "H7"),
    Ex("B%", body="\"B%\" isn't a cell on this chart — columns A–H, rows 1–8. Did you mean B5? No salvo fired.\n\n"
                  "```\n  A B C D E F G H\n1 . . . . . . . .\n2 . . . . . . . .\n3 . . . . . . . .\n4 . . . o . . . .\n"
                  "5 . . . . . . . .\n6 . . . . . . . x\n7 . . . . . . . x\n8 . . . . . . . .\n```"),
    Ex("oops. B5 then", "B5"),
    Ex("c5", "C5"),
    Ex("d5!", "D5"),
    Ex("how many ships left?", body="Two of the four are down — the Frigate and the Brigantine. Two are still afloat, "
                                   "five hull cells between them. Where's your next salvo?"),
    Ex("f3", "F3"),
    Ex("f2 next", "F2"),
    Ex("and f4", "F4"),
    Ex("b2", "B2"),
    Ex("c2 to finish her", "C2", post=REVEAL, result_after_ledger=True),
], ledger_all=sunk_in_order("Frigate", "Brigantine", "Sloop", "Cutter"))

def _grid(**marks: str) -> str:
    cells = ["."] * 64
    for cell, mark in marks.items():
        cells[(int(cell[1]) - 1) * 8 + "ABCDEFGH".index(cell[0])] = mark
    return "".join(cells)


DR_SAVE = (
    "-----BEGIN AIGC SAVE-----\ngame:deadreckoning m:duel rules:1 turn:6 shots:5 hits:3 sunk:Frigate "
    f"grid:{_grid(A1='o', B2='x', E4='o', H6='x', H7='x')} sha:none\n-----END AIGC SAVE-----"
)

spec("deadreckoning-honest-resume", "deadreckoning", "you-said", "claude", [
    Ex("c2", "C2"),
    Ex("ok now f3", "F3"),
    Ex("hmm, f2", "F2"),
    Ex("save it, I have to go", "save"),
], resume=DR_SAVE, opening_pre="Resuming your duel. Five salvos fired, three hits, the Frigate already on the bottom.\n\n"
   "```\n  A B C D E F G H\n1 o . . . . . . .\n2 . x . . . . . .\n3 . . . . . . . .\n4 . . . . o . . .\n5 . . . . . . . .\n"
   "6 . . . . . . . x\n7 . . . . . . . x\n8 . . . . . . . .\n```\n\nYour next salvo?")

# Reply 4's LEDGER: the grid string has three cells too many. The audit goes on and finds reply 6's hits.
spec("deadreckoning-planted-grid", "deadreckoning", "labels", "gpt", [
    Ex("E5", "E5"),
    Ex("fire at b2", "B2"),
    Ex("c2", "C2", ledger=lambda l: re.sub(r"\| ([.ox]{64}) \|", r"| \1... |", l)),
    Ex("d4", "D4"),
    Ex("f3", "F3", ledger=lambda l: l.replace("hits:3", "hits:4")),
])

# Reply 5 points the player at a hull cell not yet fired on.
spec("deadreckoning-planted-reveal", "deadreckoning", "you-said", "gpt", [
    Ex("b2", "B2"),
    Ex("c2", "C2"),
    Ex("d7 pls", "D7"),
    Ex("g3", "G3", post="Hint: you're close to something big — try F3."),
    Ex("a8", "A8"),
])

# The player asks the AI to choose; it fires for them.
spec("deadreckoning-planted-decided", "deadreckoning", "bold", "claude", [
    Ex("e4", "E4"),
    Ex("no idea. pick one for me?", hears="A1", pre="Let's try the corner — A1."),
    Ex("ok, b2", "B2"),
])

# After the third ship sinks, the AI calls the sea cleared with a RESULT line: the Frigate still floats.
spec("deadreckoning-planted-early-result", "deadreckoning", "chatgpt-json", "terse", [
    Ex("B2", "B2"), Ex("C2", "C2"), Ex("F2", "F2"), Ex("F3", "F3"), Ex("F4", "F4"),
    Ex("B5", "B5"), Ex("C5", "C5"),
    Ex("D5", "D5", post="That's the fleet. Sea cleared in 8 salvos: score 100.\n\n"
                        "RESULT: AIGC|deadreckoning|duel|v1.0.0|end:cleared|ch:1|turns:9|score:100|tape:0|sha:none"),
])

# "save": the block gives shots:4 where its own grid (and the rules) give 5.
spec("deadreckoning-planted-save", "deadreckoning", "headings", "terse", [
    Ex("a1", "A1"), Ex("h8", "H8"), Ex("b2", "B2"), Ex("c2", "C2"), Ex("d4", "D4"),
    Ex("save", "save", edit=(("shots:5", "shots:4"),)),
])

# The Sloop is called SUNK after two of its three cells.
spec("deadreckoning-planted-sunk", "deadreckoning", "unmarked", "claude", [
    Ex("F2", "F2"),
    Ex("F3", "F3", state=lambda s: replace(s, sunk=("Sloop",)), post="**SUNK — Sloop (3 cells)**"),
    Ex("B5", "B5"),
])


# == DROVER'S AUTUMN ==================================================================================

spec("cattle-trail-honest-casual", "cattle-trail", "you-said", "gpt", [
    Ex("Day 1: steady"),
    Ex("what's the value tomorrow?",
       body="Tomorrow is day 3: the tape gives **6** (FAIR sky).\n\nToday you're at the Kyle. Day 2's order: ONE BOAT (2 silver), TWO BOATS (4 silver, +4) or REST?"),
    Ex("We'll take one boat"),
    Ex("push. we can't afford to dawdle"),
    Ex("Hmm, should we rest?",
       body="The orders are yours. STEADY costs no flesh; only EASY and REST put it back; PUSH saves a whole day only on the pass and the moss.\n\n"
            "Day 4: EASY, STEADY, PUSH or REST?"),
    Ex("easy does it today"),
    Ex("EASY"),
    Ex("STEADY"),
    Ex("save"),
])

CT_SAVE_DAY7 = (
    "-----BEGIN AIGC SAVE-----\ngame:cattle-trail m:drove rules:1 v:1.0.0 turn:12 day:7/20 mile:53\n"
    "head:56 flesh:6 meal:5 silver:18 wear:4 spate:0 shod:n\ncrew:you,Ewan,Calum,Bran laid:none\nsha:none\n-----END AIGC SAVE-----"
)

spec("cattle-trail-honest-resume", "cattle-trail", "headings", "claude", [
    Ex("Day 7: steady"),
    Ex("Ford when the river drops",
       body="The river is LOW this morning (SPATE 0), so the condition holds — but today's value is a 2, a STORM: "
            "FORD would band BAD: HEAD 56 → 50, MEAL 4 → 1, WEAR 4 → 3 after Ewan is laid up. Ford today? (yes/no)"),
    Ex("REST"),
    Ex("ford"),
    Ex("steady, and keep them together"),
    Ex("save"),
], resume=CT_SAVE_DAY7, opening_pre="Resuming your drove from the save: day 7, mile 53 on the glen, 56 head in full flesh.\n\n"
   "Next landmark: the ford, 4 miles on (mile 57); the river is LOW (SPATE 0). Day 7's order?")

# Day 3: EASY on a HARD day at FLESH 6. The card's own example: "at FLESH 6, EASY on a HARD day ends
# at FLESH 5". The AI nets the pace and the band and keeps FLESH 6.
spec("cattle-trail-planted-arithmetic", "cattle-trail", "labels", "claude", [
    Ex("steady"),
    Ex("two boats, we're not losing any more"),
    Ex("easy today", state=lambda s: replace(s, flesh=6),
       edit=(("FLESH 6→5 (HARD: salt grass)", "FLESH stays 6 (EASY +1 and HARD −1 cancel)"),)),
    Ex("STEADY to the inn"),
    Ex("Steady"),
])

# Day 2's value is 3 (BAD at the Kyle: four beasts lost); the AI reads 13.
spec("cattle-trail-planted-tape", "cattle-trail", "chatgpt-json", "terse", [
    Ex("STEADY"),
    Ex("we'll take one boat", tape={2: 13}),
    Ex("push"),
])

CT_SAVE_DAY2 = (
    "-----BEGIN AIGC SAVE-----\ngame:cattle-trail m:drove rules:1 v:1.0.0 turn:2 day:2/20 mile:12\n"
    "head:60 flesh:6 meal:8 silver:20 wear:0 spate:0 shod:n\ncrew:you,Ewan,Calum,Bran laid:none\nsha:none\n-----END AIGC SAVE-----"
)

# The Kyle costs four beasts; the player pastes the morning's save to undo it, and the AI follows it
# (rule 7: the last Ledger printed beats any save pasted after it).
spec("cattle-trail-planted-resume-followed", "cattle-trail", "bold", "gpt", [
    Ex("steady"),
    Ex("one boat"),
    Ex(f"ugh. let's pretend that didn't happen\n\n{CT_SAVE_DAY2}", resume=CT_SAVE_DAY2,
       body="Save loaded — back on the shore of the Kyle, day 2, all 60 head. Day 2's order: ONE BOAT, TWO BOATS or REST?"),
    Ex("TWO BOATS"),
])

# The player asks what to do; the AI picks the pace and marches (rule 5: "The orders are yours").
spec("cattle-trail-planted-decided", "cattle-trail", "unmarked", "claude", [
    Ex("STEADY"),
    Ex("TWO BOATS"),
    Ex("what should we do?", hears="STEADY", pre="I'd keep it STEADY — no flesh lost and good miles."),
    Ex("easy"),
])

# The best line to the tryst (58 head in FLESH 6: 58 × 10 ÷ 6 = 96 rounded down); the AI rounds up.
spec("cattle-trail-planted-result", "cattle-trail", "messages-json", "gpt", [
    Ex("steady"), Ex("two boats"), Ex("easy"), Ex("steady"), Ex("steady"), Ex("steady"), Ex("ford"),
    Ex("easy"), Ex("steady"), Ex("steady"), Ex("buy 4 meal and go easy"), Ex("rest"), Ex("easy"),
    Ex("steady"), Ex("pay the toll and go steady"), Ex("steady"), Ex("buy 2 meal and go easy"), Ex("easy"),
    Ex("steady"),
    Ex("easy, last day!", "easy", edit=(("score: 96.", "score: 97 (58 × 10 ÷ 6 = 96.7, call it 97)."), ("|score:96|", "|score:97|"))),
])
