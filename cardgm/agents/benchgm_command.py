"""The `cardgm bench-gm` command (added to `cardgm` in cli.py). The work is in benchgm.py."""

from __future__ import annotations

import json
import os
import sys

import click

DEFAULT_KEY_ENV = "OPENAI_API_KEY"


def _fail(message: str, code: int = 2) -> None:
    click.echo(f"cardgm: {message}", err=True)
    sys.exit(code)


@click.command("bench-gm", short_help="Benchmark a chat model as game master, judged by the audit.")
@click.option("--url", required=True, help="An OpenAI-compatible endpoint: its base (http://localhost:8000/v1) or …/chat/completions.")
@click.option("--model", required=True, help="The model name to ask the endpoint for.")
@click.option("--api-key-env", default=DEFAULT_KEY_ENV, show_default=True, metavar="VAR", help="The variable holding the API key (none sent if unset).")
@click.option("-c", "--card", "cards", multiple=True, metavar="CARD", help="A card to run (repeatable; every card by default).")
@click.option("-n", "--runs", type=click.IntRange(1), default=3, show_default=True, help="Runs of each card (seeds FIRST … FIRST+RUNS−1).")
@click.option("--first", type=click.IntRange(0), default=0, show_default=True, help="The first seed of the scripted player.")
@click.option("--max-turns", type=click.IntRange(1), default=120, show_default=True, help="Player messages at most in a run.")
@click.option("--retries", type=click.IntRange(0), default=3, show_default=True, help="Retries of a failed request (a 429 waits its Retry-After).")
@click.option("--timeout", type=float, default=120.0, show_default=True, help="Seconds to wait for each answer.")
@click.option("--temperature", type=float, help="Sampling temperature (the endpoint's default if not given).")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, writable=True), help="Write the report as JSON to this file.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False, writable=True), help="Draw the error rates by kind to this PNG (needs matplotlib).")
def bench_gm_command(
    url: str, model: str, api_key_env: str, cards: tuple[str, ...], runs: int, first: int, max_turns: int,
    retries: int, timeout: float, temperature: float | None, json_path: str | None, plot_path: str | None,
) -> None:
    """Benchmark a chat model as the game master of each card.

    cardgm plays a scripted casual player (typos, corrections, questions, a save and resume,
    on to the RESULT line; seeded); the model runs the card from its text; the audit judges
    every reply. Reported per card: errors per 100 replies by kind, hidden cells leaked, calls
    decided for the player, RESULT right or wrong, tokens, each rate with a 95% interval.
    A dead endpoint stops the benchmark with one line; the runs finished are kept.

    \b
    Examples:
      cardgm bench-gm --url http://localhost:8000/v1 --model qwen2.5 -c becalmed -n 5 --json out.json
      python -m cardgm.agents.fake_gm --port 8011 --rate ledger-format=0.1 &
      cardgm bench-gm --url http://127.0.0.1:8011/v1 --model fake --plot gm.png
    """
    from cardgm.agents.benchgm import BenchStopped, bench, plot, report, table
    from cardgm.agents.chat import ChatClient
    from cardgm.card import CardError, load_card
    from cardgm.verify.audit import auditable

    if plot_path:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            _fail("--plot needs matplotlib, which is not installed: pip install 'cardgm[plot]'")
    chosen = []
    for name in cards or auditable():
        try:
            card = load_card(name)
        except CardError as exc:
            _fail(str(exc))
        if card.game_id not in auditable():
            _fail(f"{name}: the audit cannot judge this card (it audits {', '.join(auditable())})")
        chosen.append(card.game_id)
    key = os.environ.get(api_key_env)
    if api_key_env != DEFAULT_KEY_ENV and not key:
        _fail(f"--api-key-env {api_key_env}: that variable is not set")
    client = ChatClient(url, model, api_key=key, timeout=timeout, temperature=temperature, retries=retries)
    seeds = list(range(first, first + runs))
    try:
        done, stopped = bench(client.complete, chosen, seeds, max_turns=max_turns, progress=sys.stderr), None
    except BenchStopped as exc:
        done, stopped = exc.runs, str(exc)
    data = report(done, model=model, endpoint=client.endpoint, seeds=seeds, asked=len(chosen) * runs, stopped=stopped)
    if done:
        click.echo(table(data))
    if json_path:
        with open(json_path, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=2)
        click.echo(f"json: {json_path}", err=True)
    if plot_path and done:
        plot(data, plot_path)
        click.echo(f"plot: {plot_path}", err=True)
    if stopped:
        _fail(f"bench-gm stopped after {len(done)} finished run(s): {stopped}", code=1)
