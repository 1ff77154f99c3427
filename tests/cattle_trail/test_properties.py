"""Random legal play of DROVER'S AUTUMN keeps every clamp and invariant; SAVE then resume goes on
identically through the Run; no line cardgm can write breaks the card's speech rules."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgm.card import load_card
from cardgm.games import make_game
from cardgm.games.cattle_trail import notation, questions, rules, voice
from cardgm.games.cattle_trail.actions import Business, BusinessOnly, DayOrder, TurnForHome
from cardgm.games.cattle_trail.state import DOG, YOU, Drove
from cardgm.run import Run
from cardgm.save import find_block as find_save_block

CARD = load_card("cattle-trail")
GAME = make_game(CARD)

BUSINESS = (
    Business(meal=3),
    Business(meal=12),
    Business(shoe=True),
    Business(hire=1),
    Business(sell=2),
    Business(trade=1),
    Business(sell=1, shoe=True, meal=2),
)
LODGING = (Business(roof=True), Business(park=True), Business(roof=True, park=True), Business(roof=True, meal=4))


def candidates(s: Drove) -> list[Any]:
    """Legal actions this morning: every order, and a spread of business at a store."""
    out: list[Any] = []
    for order in rules.legal_orders(s):
        paces = (*rules.MARCH_PACES, rules.REST) if order == "TOLL" else (None,)
        out.extend(DayOrder(order, toll_pace=p) for p in paces)  # type: ignore[arg-type]
    if rules.legal_business(s):
        out += [DayOrder("STEADY", b) for b in BUSINESS] + [DayOrder("REST", b) for b in LODGING]
        out += [BusinessOnly(b) for b in BUSINESS]
    out.append(TurnForHome())
    return [a for a in out if rules.refusal(s, a) is None]


def check(before: Drove, action: Any, s: Drove) -> None:
    assert 0 <= s.flesh <= 6 and 0 <= s.meal <= 12 and 0 <= s.spate <= 3
    assert 0 <= s.wear <= 4 or (s.wear == 5 and s.end == "laid-up")
    assert s.head >= 0 and s.silver >= 0
    assert s.head <= before.head  # beasts are only lost or sold
    assert s.tape == s.day - 1  # one value a day, never a second
    assert 0 <= s.mile <= 179 and s.mile >= before.mile
    assert s.crew[0] == YOU and len(s.hands) <= 2
    assert DOG not in s.laid and YOU not in s.laid
    assert len(set(s.crew + s.laid)) == len(s.crew + s.laid)
    assert notation.parse_ledger(notation.ledger(s)) == notation.ledger_fields(s)
    if isinstance(action, BusinessOnly):
        assert (s.day, s.tape, s.mile) == (before.day, before.tape, before.mile)
    if s.ended:
        assert 0 <= rules.score(s) <= 100
        assert s.end != "sold" or (rules.score(s) >= 1 and s.mile == 179 and s.tape in (20, 21))
    else:
        assert notation.impossible(s) is None, notation.impossible(s)
        assert notation.load(notation.save(s)) == s
        assert s.day <= 21


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=45))
def test_random_legal_play_keeps_every_clamp_and_invariant(choices: list[int]) -> None:
    s = Drove()
    for pick in choices:
        if s.ended:
            break
        s = replace(s, turn=s.turn + 1)  # as the Run does, once per reply
        legal = candidates(s)
        # turn for home only on a rare pick, so most lines run long
        action = legal[pick % len(legal)] if pick % 50 == 0 else [a for a in legal if not isinstance(a, TurnForHome)][pick % (len(legal) - 1)]
        after, events = rules.apply(s, action, CARD.tape)
        check(s, action, after)
        voice.narrate(s, action, events, after)
        s = after


# -- SAVE, then resume, through the Run ---------------------------------------------------------

ORDER_WORDS = {"EASY": "EASY", "STEADY": "STEADY", "PUSH": "PUSH", "REST": "REST", "ONE BOAT": "ONE BOAT", "TWO BOATS": "TWO BOATS", "FORD": "FORD"}


def message_for(s: Drove, pick: int) -> str:
    orders = rules.legal_orders(s)
    order = orders[pick % len(orders)]
    if order == "TOLL":
        return f"TOLL {('EASY', 'STEADY', 'PUSH')[pick // 7 % 3]}"
    text = ORDER_WORDS[order]
    if rules.legal_business(s) and pick % 3 == 0 and order in rules.MARCH_PACES:
        return f"buy 3 meal. {text}."
    return text


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10**6), min_size=2, max_size=24), st.integers(min_value=0, max_value=20))
def test_save_then_resume_continues_identically(picks: list[int], at: int) -> None:
    first = Run(make_game(CARD))
    first.start()
    at = at % len(picks)
    messages: list[str] = []
    block = None
    for i, pick in enumerate(picks):
        if first.ended:
            break
        if i == at:
            reply = first.reply("save")
            block = reply.save
            assert block is not None and find_save_block(reply.text) == block
        m = message_for(first.state, pick)
        if block is not None:
            messages.append(m)
        first.reply(m)
    if block is None or not messages:
        return
    second = Run(make_game(CARD))
    second.start()
    resumed = second.reply(block)
    assert resumed.command == "resume"
    tail = [r.text for _, r in first.transcript[-len(messages) :]]
    again = [second.reply(m).text for m in messages]
    assert again == tail


# -- the speech rules (HARD RULES 2 and 9) in every line cardgm writes ----------------------------

BANNED = re.compile(
    r"\b(och|wee|laddie|lassie|ken|ye|aye|whisky|whiskey|tartan|kilts?|pipes|bagpipes?|kelpies?|curses?|cursed|"
    r"second sight|raiders?|thie(f|ves)|enem(y|ies)|dies|died|dead|death|corpses?|carcass(es)?|bodies|blood|"
    r"suffer\w*|haha|hooray|hurrah)\b",
    re.I,
)


def all_text_of_a_run(picks: list[int]) -> str:
    run = Run(make_game(CARD))
    run.start()
    for pick in picks:
        if run.ended:
            break
        run.reply(message_for(run.state, pick))
    return "\n".join(r.text for _, r in run.transcript)


def test_no_banned_words_in_anything_cardgm_can_write() -> None:
    texts = [voice.opening(Drove()), voice.incomplete_card(), voice.save_note(Drove()), voice.resumed(Drove())]
    for end in ("sold", "missed", "laid-up", "scattered", "turned-home"):
        s = replace(Drove(mile=179, day=21, tape=20, laid=("Ewan",), crew=("you", "Calum")), end=end)
        texts += [voice.finale(s), voice.pointers(s), notation.result(s, rules.score(s))]
    texts += list(questions.TABLE_TEXT.values())
    texts += [questions.advice(GAME, Drove()), questions.answer_numbers(Drove()), questions.answer_tape(GAME, Drove())]
    texts.append(questions.answer(GAME, Drove(), "what happened to the lost beasts?"))
    for seed in range(12):
        picks = [(seed * 7919 + i * 104729) % 1000 for i in range(30)]
        texts.append(all_text_of_a_run(picks))
    for mile in (0, 12, 20, 33, 57, 90, 118, 125, 143, 160):
        texts.append(voice.morning(Drove(mile=mile, day=5, tape=4)))
    found = sorted({m.group(0) for t in texts for m in BANNED.finditer(t)})
    assert not found, f"banned words in cardgm's text: {found}"


def test_lost_beasts_are_not_seen_again_on_this_road() -> None:
    assert questions.answer(GAME, Drove(), "What happened to the lost cattle?") == "They are not seen again on this road."
