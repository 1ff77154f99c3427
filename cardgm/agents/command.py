"""The `cardgm eval` command (added to `cardgm` in cli.py). The work is in evaluate.py."""

from __future__ import annotations

import json
import os
import sys

import click

DEFAULT_KEY_ENV = "OPENAI_API_KEY"


def _fail(message: str, code: int = 2) -> None:
    click.echo(f"cardgm: {message}", err=True)
    sys.exit(code)


@click.command("eval", short_help="Score an agent or a chat model over runs of each card.")
@click.argument("agent", required=False)
@click.option("--url", help="An OpenAI-compatible endpoint: its base (http://localhost:8000/v1) or …/chat/completions.")
@click.option("--model", help="The model name to ask the endpoint for (with --url).")
@click.option(
    "--api-key-env",
    default=DEFAULT_KEY_ENV,
    show_default=True,
    metavar="VAR",
    help="The environment variable holding the endpoint's API key (none sent if it is unset).",
)
@click.option("--temperature", type=float, help="Sampling temperature for the chat model (the endpoint's default if not given).")
@click.option("--timeout", type=float, default=120.0, show_default=True, help="Seconds to wait for each answer from the endpoint.")
@click.option(
    "--retries", type=click.IntRange(0), default=2, show_default=True,
    help="Times to try a request again that the endpoint answers 408, 409, 429 or 5xx, or that cannot connect; "
    "each waits what its Retry-After asks (up to 300 s), else 1 s doubled each time.",
)
@click.option("-c", "--card", "cards", multiple=True, metavar="CARD", help="A card to play (repeatable; every card by default).")
@click.option("-n", "--runs", type=click.IntRange(1), default=5, show_default=True, help="Runs of each card.")
@click.option(
    "--first",
    type=click.IntRange(0),
    default=0,
    show_default=True,
    help="Run i plays deal FIRST+i: the tape seeded {id}:{version}:{n}, or a berth drawn from it.",
)
@click.option("--printed", is_flag=True, help="Play every run on the card as printed (its own tape; DEADRECKONING's berth, which its text shows).")
@click.option("--max-turns", type=click.IntRange(1), default=200, show_default=True, help="Cut a run after this many messages (end:capped, score 0).")
@click.option("--no-best", is_flag=True, help="Skip the exact search for each deal's best score (DROVER'S AUTUMN's takes seconds a tape).")
@click.option("--json", "as_json", is_flag=True, help="Print the runs and the summary as one JSON object.")
@click.option(
    "--plot", "plot_path", type=click.Path(dir_okay=False, writable=True), help="Also draw each card's score over best to this image (PNG, needs matplotlib)."
)
def eval_command(
    agent: str | None,
    url: str | None,
    model: str | None,
    api_key_env: str,
    temperature: float | None,
    timeout: float,
    retries: int,
    cards: tuple[str, ...],
    runs: int,
    first: int,
    printed: bool,
    max_turns: int,
    no_best: bool,
    as_json: bool,
    plot_path: str | None,
) -> None:
    """Run an agent over N runs of each card and report how it scored.

    AGENT is a Python callable, module:function (or a class, made once per run). It is called
    with each reply's text, or with the text and the legal moves as JSON objects when it takes
    two arguments, and answers with the player's words, one of those moves, or its index.
    Or give --url and --model for a chat model behind an OpenAI-compatible endpoint: it is shown
    the card first, as a player pastes it, then plays by replying to each of cardgm's replies.

    Reported per card: the mean score and its 95% interval, the best score each deal allows
    (exact search), score over best, messages read as nothing (asked back or answered, no move),
    structured moves refused as illegal, turns, tokens where the endpoint reports usage, and the
    ends. --json adds what a paper cites: cardgm's version, the card texts' SHA-256, the agent or
    model and endpoint, the date, each run's deal seed, runs asked and finished, and per card the
    mean, sd and 95% interval of score and of score over best. Progress goes to stderr.

    The exit status is 1 when any run ended on the agent's error (each is named on stderr) or
    the endpoint failed and the evaluation stopped; the runs finished are still reported.

    \b
    Examples:
      cardgm eval cardgm.agents.examples:RandomMove --runs 10
      cardgm eval --url http://localhost:8000/v1 --model qwen2.5 -c deadreckoning -n 3
      OPENAI_API_KEY=… cardgm eval --url https://api.openai.com/v1 --model gpt-4o-mini --json
    """
    from cardgm.agents.evaluate import (
        AgentError,
        EvalStopped,
        evaluate,
        load_agent,
        report_json,
        table,
    )
    from cardgm.agents.session import moves_of, with_moves
    from cardgm.card import CardError, load_card

    if (agent is None) == (url is None):
        _fail("give an AGENT (module:function) or --url and --model for a chat model, not both and not neither")
    if url is not None and not model:
        _fail("--url needs --model: the name of the model to ask for")
    if plot_path:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            _fail("--plot needs matplotlib, which is not installed: pip install 'cardgm[plot]'")

    who: dict[str, object]
    if agent is not None:
        try:
            factory = load_agent(agent)
        except AgentError as exc:
            _fail(str(exc))
        who = {"agent": agent}
    else:
        from cardgm.agents.chat import ChatClient, ChatPlayer

        key = os.environ.get(api_key_env)
        if api_key_env != DEFAULT_KEY_ENV and not key:
            _fail(f"--api-key-env {api_key_env}: that variable is not set")
        client = ChatClient(url or "", model or "", api_key=key, timeout=timeout, temperature=temperature, retries=retries)
        factory = lambda card: ChatPlayer(client, card)  # noqa: E731
        who = {"model": model, "endpoint": client.endpoint, "temperature": temperature}

    chosen = []
    for name in cards or with_moves():
        try:
            card = load_card(name)
            moves_of(card.game_id)
        except (CardError, ValueError) as exc:
            _fail(str(exc))
        chosen.append(card)

    try:
        results = evaluate(chosen, factory, runs=runs, first=first, printed=printed, max_turns=max_turns, best=not no_best, progress=sys.stderr)
        stopped = None
    except EvalStopped as exc:
        results, stopped = exc.results, str(exc)
    settings = {"runs": runs, "first": first, "printed": printed, "max_turns": max_turns, "best": not no_best, "retries": retries}
    if results:
        if as_json:
            asked = {c.game_id: runs for c in chosen}
            click.echo(json.dumps(report_json(results, agent=who, asked=asked, stopped=stopped, settings=settings), indent=2))
        else:
            from cardgm.agents.evaluate import summarize

            click.echo(table(summarize(results)))
        if plot_path:
            from cardgm.agents.evaluate import plot

            plot(results, plot_path)
            click.echo(f"plot: {plot_path}", err=True)
    erred = [r for r in results if r.error]
    for r in erred:
        click.echo(f"cardgm: the agent erred on {r.title}, deal {r.deal}: {r.error}", err=True)
    if stopped:
        _fail(f"the evaluation stopped after {len(results)} of {runs * len(chosen)} runs: {stopped}", code=1)
    if erred:
        _fail(f"{len(erred)} of {len(results)} runs ended on the agent's error (listed above)", code=1)
