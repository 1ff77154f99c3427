"""The command DEADRECKONING adds to `cardgm`: `cardgm seal`, a fresh berth sealed with SHA-256."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NoReturn

import click

from cardgm.output import Output, WriteError


def _fail(message: str) -> NoReturn:
    """One line on stderr, exit 2, as every cardgm command fails (the prefix coloured at a terminal)."""
    from cardgm.progress import no_color

    prefix = "cardgm:" if no_color() else click.style("cardgm:", fg="red", bold=True)
    click.echo(f"{prefix} {message}", err=True)
    sys.exit(2)


@click.command("seal", short_help="Seal a fresh DEADRECKONING berth (SHA-256).")
@click.option("-o", "--out", "out", type=click.Path(dir_okay=False), default="reveal.md", show_default=True, help="Where to write the reveal file.")
@click.option("--force", is_flag=True, help="Overwrite the reveal file if it exists.")
def seal_cmd(out: str, force: bool) -> None:
    """Draw a fresh DEADRECKONING berth with the OS's secure randomness and seal it.

    Writes the reveal file (the berth and a random salt) and prints its SHA-256 commitment.
    Publish the commitment; keep the file until the duel is done; then anyone can run
    `cardgm verify seal REVEAL COMMITMENT`. Play it with `cardgm play deadreckoning --sealed REVEAL`.
    """
    import secrets

    from .game import draw_secret
    from .seal import commitment

    try:
        # Checked before the draw (a berth never written is no loss); readable by its owner only,
        # and renamed into place whole: a full disk never leaves half a berth.
        f = Output(out, "the reveal file", force=force, mode=0o600)
        text = draw_secret(secrets.SystemRandom())
        f.write(text)
        f.commit()
    except WriteError as exc:
        _fail(str(exc))
    click.echo(f"wrote {out} (keep it secret until the duel is done)")
    click.echo(f"commitment sha256:{commitment(text)}")


@click.command("seal", short_help="Check a DEADRECKONING reveal file against its commitment.")
@click.argument("reveal", type=click.Path(exists=True, dir_okay=False))
@click.argument("commitment")
def verify_seal(reveal: str, commitment: str) -> None:
    """Check a REVEAL file against a SHA-256 COMMITMENT (16 or more hex digits).

    Exit status 0 when the file hashes to the commitment and holds a legal berth, 1 otherwise.
    """
    from cardgm.verify.inputs import MAX_REVEAL_BYTES, InputError, check_file

    from . import seal

    try:
        check_file(reveal, MAX_REVEAL_BYTES, "reveal file")  # a device or a huge file is refused unread
    except InputError as exc:
        _fail(f"{reveal}: {exc}")
    raw = Path(reveal).read_bytes()  # the file's bytes as they are: a decode could change them
    try:
        ok, lines = seal.check(raw, commitment)
    except ValueError as exc:
        _fail(str(exc))
    click.echo("\n".join(lines))
    sys.exit(0 if ok else 1)
