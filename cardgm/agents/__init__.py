"""Programs as players of the cards: sessions that play a card by words or structured moves
(session.py), the deal of a fresh tape or berth (deal.py), and `cardgm eval` (evaluate.py, the
chat model behind an endpoint in chat.py, the command in command.py, example agents in
examples.py). The Gymnasium environments, built on the same sessions, are `cardgm.env`."""
