"""`cardgm serve`: the site the cards point to (play in the browser, /verify, /epilogue) and
its JSON API, on the runs store. `app.create_app(store)` builds it; `cli.serve` runs it."""
