"""`cardgm mcp`: the cards in a chat AI over the Model Context Protocol, cardgm as referee.

- `tools.py`: what each tool does, on a runs store, apart from the protocol (`Tools`);
- `server.py`: those tools, each card's text as a resource and a prompt per card, on the official
  SDK (`build_server(store)`; the `mcp` extra);
- `http.py`: the same server over streamable HTTP, alone (`cardgm mcp --http`) or at /mcp on
  the site (`cardgm serve`), behind a token;
- `prompts.py`: the prompts' text;
- `cli.py`: the click command, added to `cardgm` in cardgm/cli.py.

Importing this package imports nothing of the SDK; docs/mcp.md describes the server for its users.
"""
