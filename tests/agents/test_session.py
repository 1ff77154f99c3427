"""Sessions (cardgm/agents/session.py) and deals (cardgm/agents/deal.py): structured moves
through the Run, the deal of a fresh tape or berth, the mask."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cardgm.agents.deal import deal, label, retape
from cardgm.agents.session import IllegalMove, Session
from cardgm.card import load_card, parse_card
from cardgm.game import ReadAs
from cardgm.games.cattle_trail.state import Drove
from cardgm.tape import derive


def test_a_structured_move_stands_alone_whatever_the_last_reply_asked() -> None:
    """An ask that named options holds the message's business; the words of a structured move
    must not be taken as picking one of those options, with that business."""
    s = Session(load_card("cattle-trail"), None)
    s.start()
    s.run.state = replace(Drove(), mile=33)  # a morning at the inn
    asked = s.send("MEAL 4, STEADY or PUSH?")
    assert asked.read_as is ReadAs.ASK and s.run.pending is not None
    assert s.game.read(s.run.state, "STEADY", s.run.pending).action.business.meal == 4  # as a pick
    [reply] = s.play(s.moves.from_json({"move": "order", "order": "STEADY"}))
    assert reply.read_as is ReadAs.MOVE and "silver:20 " in reply.ledger  # no MEAL bought


def test_an_illegal_structured_move_is_refused_before_the_run() -> None:
    s = Session(load_card("becalmed"), None)
    opening = s.start()
    with pytest.raises(IllegalMove, match="not a legal move at this moment: 'SHORT, ROW'"):
        s.play(s.moves.from_json({"move": "calls", "issue": "SHORT", "hands": "ROW"}))  # no canvas
    with pytest.raises(IllegalMove):
        s.play(s.moves.from_json({"move": "turtle", "take": True}))  # no turtle asked about
    assert s.turn == opening.turn and s.messages == 0 and len(s.run.transcript) == 1


def test_a_move_read_as_a_confirm_line_is_answered_yes() -> None:
    s = Session(load_card("cattle-trail"), None)
    s.start()
    replies = s.play(s.moves.from_json({"move": "turn for home"}))
    assert [r.read_as for r in replies] == [ReadAs.CONFIRM, ReadAs.COMMAND]
    assert s.ended and s.end == "turned-home" and s.score == 0


def test_the_mask_is_the_legal_moves_over_the_universe() -> None:
    s = Session(load_card("deadreckoning"), 4)
    s.start()
    s.play(s.moves.from_json({"move": "fire", "cell": "A1"}))
    mask = s.mask()
    assert len(mask) == len(s.universe) == 65
    assert [s.moves.to_json(a) for a, m in zip(s.universe, mask) if not m] == [{"move": "fire", "cell": "A1"}]
    s.play(s.moves.from_json({"move": "strike colours"}))
    assert not any(s.mask()) and s.legal() == []


def test_messages_read_as_nothing_are_counted() -> None:
    s = Session(load_card("deadreckoning"), None)
    s.start()
    s.send("where are the ships?")
    s.send("hello")
    s.send("fire B7")
    assert (s.messages, s.nothing) == (3, 2)


def test_deal_n_plays_the_tape_derived_from_its_seed_and_prints_it() -> None:
    card = load_card("cattle-trail")
    d = deal(card, 12)
    assert d.label == label(card, 12) == "cattle-trail:1.0.0:12"
    assert d.card.tape == derive("cattle-trail:1.0.0:12", 40) == d.game.tape
    reread = parse_card(d.card.text)
    assert reread.tape == d.card.tape and f"seed {d.label})" in d.card.text
    assert d.public and d.secret is None
    assert deal(card, 12).card == d.card


def test_retape_keeps_a_flattened_card_flat() -> None:
    card = load_card("becalmed")
    assert card.flattened
    dealt = retape(card, "becalmed:1.0.0:9")
    assert dealt.text.count("\n") == card.text.count("\n")
    assert parse_card(dealt.text).tape == derive("becalmed:1.0.0:9", 40)


def test_deal_n_of_deadreckoning_is_a_sealed_berth_kept_private_until_the_end() -> None:
    card = load_card("deadreckoning")
    a, b = deal(card, 1), deal(card, 2)
    assert not a.public and a.secret is not None
    assert a.secret == deal(card, 1).secret != b.secret  # reproducible from n, different for another n
    assert a.game.seal.sealed_here and a.game.seal.commitment in Session(card, 1).start().text
    assert deal(card, None).label == "printed" and deal(card, None).public


def test_best_is_the_exact_solve_of_the_dealt_tape() -> None:
    from cardgm.solve.becalmed import solve

    s = Session(load_card("becalmed"), 2)
    assert s.best() == solve(s.deal.card.tape).score
    assert Session(load_card("deadreckoning"), 2).best() == 100
