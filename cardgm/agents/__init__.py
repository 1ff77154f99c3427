"""Programs as players of the cards: the Gymnasium environments (`cardgm.env`) and `cardgm eval`
build on what this package holds."""
