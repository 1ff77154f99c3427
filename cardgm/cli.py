"""The `cardgm` command: play a card in the terminal or from a script, check tapes, audit runs.

Kept light at start-up: each command imports what it needs when it runs. Nothing here knows a
game: the registry (`cardgm.games`) says which games there are, which options `play` takes for
each, which tools each has, and which commands a game adds (DEADRECKONING's `cardgm seal`).
"""

from __future__ import annotations

import errno
import json
import os
import sys
from pathlib import Path
from typing import Any, NoReturn

import click

from cardgm.card import Card, CardError, load_card
from cardgm.output import Output, WriteError, reason


class _NotThere(click.ClickException):
    """A file named on the command line that cannot be read: one line, as every failure, not
    click's three-line usage error."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"{_prefix('cardgm:', 'red')} {self.message}", err=True)


class _Existing(click.Path):
    """An existing file to read (click.Path(exists=True, dir_okay=False)), said in one line when not."""

    def __init__(self) -> None:
        super().__init__(exists=True, dir_okay=False)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        path = Path(os.fsdecode(value))
        if not path.exists():
            raise _NotThere(f"{value}: no such file" + (f" ({param.opts[0]})" if param is not None and param.opts[0].startswith("-") else ""))
        if path.is_dir():
            raise _NotThere(f"{value}: a directory, not a file")
        return super().convert(value, param, ctx)


EXISTING = _Existing()


def _fail(message: str, code: int = 2) -> NoReturn:
    click.echo(f"{_prefix('cardgm:', 'red')} {message}", err=True)
    sys.exit(code)


def _prefix(text: str, colour: str) -> str:
    """A message's prefix, coloured on a terminal unless NO_COLOR (click drops it off a terminal)."""
    from cardgm.progress import no_color

    return text if no_color() else click.style(text, fg=colour, bold=True)


def _card(name: str) -> Card:
    try:
        return load_card(name)
    except CardError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"{name}: {exc.strerror or exc}")


def _stopped(what: str, kept: str) -> NoReturn:
    """Ctrl-C: one line saying what was stopped and what of its work stands; exit status 130."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        pass
    _fail(f"{what} stopped (Ctrl-C); {kept}", 130)


def _warn(message: str) -> None:
    click.echo(f"{_prefix('cardgm: warning:', 'yellow')} {message}", err=True)


def _rules_card(name: str, *, known_rules: bool | None = None) -> Card:
    """A card to play by its rules: refused, or played with a warning under --known-rules (where
    the command has it: `known_rules` not None), when its rules text is no edition cardgm knows
    (cardgm/edition.py)."""
    from cardgm.edition import EditionError, check

    card = _card(name)
    try:
        warning = check(card, known_rules=bool(known_rules), option=None if known_rules is None else "--known-rules")
    except EditionError as exc:
        _fail(str(exc))
    if warning:
        _warn(warning)
    return card


def _folder_for_writing(folder: str, what: str) -> Path:
    """A folder to write into, made if missing, checked before any long work starts."""
    path = Path(folder)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        _fail(f"{folder}: cannot write {what} there: {exc.strerror or exc}")
    if not os.access(path, os.W_OK | os.X_OK):
        _fail(f"{folder}: cannot write {what} there: permission denied")
    return path


def _entries() -> tuple[Any, ...]:
    from cardgm import games

    try:
        return games.entries()
    except CardError as exc:  # a plugged-in game that cannot be imported
        _fail(str(exc))


def _need_plotting() -> None:
    """Plots need matplotlib, an extra: say so in one line instead of a traceback."""
    import importlib.util

    if importlib.util.find_spec("matplotlib") is None:
        _fail("plotting needs matplotlib, which is not installed: pip install 'cardgm[plot]' (or add --no-plot)")


class _GamesGroup(click.Group):
    """A group that also holds the commands games add through their entries (`GameEntry.commands`,
    "module:attr" at the top, "GROUP module:attr" under a group), loaded when listed or asked for."""

    def __init__(self, *args: Any, games_group: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.games_group = games_group  # "" for the top level, else the group's name

    def _added(self) -> dict[str, click.Command]:
        from cardgm import games

        out: dict[str, click.Command] = {}
        for entry in _entries():
            for ref in entry.commands:
                group, _, target = ref.rpartition(" ")
                if group == self.games_group:
                    command = games.load(target, entry.package)
                    out[command.name] = command
        return out

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self._added()})

    def invoke(self, ctx: click.Context) -> Any:
        """Ctrl-C in any command: one line and exit status 130, never click's 'Aborted!' (exit 1)
        or a traceback. Commands with work to keep say what stands themselves (`_stopped`)."""
        if self.games_group:
            return super().invoke(ctx)
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            _stopped(ctx.invoked_subcommand or "cardgm", "nothing more was written")

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return super().get_command(ctx, cmd_name) or self._added().get(cmd_name)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Every command: a write that fails (stdout full, a device that refuses, a file past the
        size limit) is one line naming what could not be written and why, exit status 2; never a
        traceback, and never Python's own complaint at exit about a stdout it could not flush."""
        if self.games_group:
            return super().main(*args, **kwargs)
        try:
            try:
                super().main(*args, **kwargs)
            finally:
                sys.stdout.flush()  # here, where a failure can still be said in one line
        except WriteError as exc:
            _quiet_stdout()
            _fail(str(exc))
        except OSError as exc:
            if exc.errno == errno.EPIPE:
                _reader_gone()
            _quiet_stdout()
            if exc.errno in _WRITE_ERRNOS and not exc.filename:
                _fail(f"stdout: cannot write: {reason(exc)}")
            _fail(f"{exc.filename}: {reason(exc)}" if exc.filename else reason(exc))


@click.group(cls=_GamesGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="cardgm")
def main() -> None:
    """cardgm — the exact game master for AI game cards.

    It plays a card with every rule exact and keeps the card's own LEDGER, SAVE and RESULT
    formats. CARD is a shipped card (becalmed, deadreckoning, cattle-trail), a card plugged in
    (CARDGM_GAMES), or a card file.

    \b
    Examples:
      cardgm play becalmed                  play in the terminal
      cardgm play becalmed --script orders.txt --json
      echo "FULL, SAIL, ROW" | cardgm play becalmed
      cardgm tape becalmed:1.0.0 12         the first 12 values derived from a seed
      cardgm tape --check becalmed          printed tape against its seed
    """


# -- play ------------------------------------------------------------------------------------


class _PlayCommand(click.Command):
    """`play`, with every game's own options (`GameEntry.options`) added when it is used."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        if not getattr(self, "_games_added", False):
            self._games_added = True
            taken = {opt for p in self.params for opt in p.opts}
            for entry in _entries():
                for o in entry.options:
                    if o.flag in taken:
                        continue
                    taken.add(o.flag)
                    self.params.append(_click_option(o))
        return super().get_params(ctx)


class _VerifyRunCommand(click.Command):
    """`verify run`, with every file a game's options name (`GameEntry.options` of type path, e.g.
    a sealed duel's reveal file) given on the command line when it is not beside the log."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        if not getattr(self, "_games_added", False):
            self._games_added = True
            taken = {opt for p in self.params for opt in p.opts}
            for entry in _entries():
                for o in entry.options:
                    if o.type == "path" and o.flag not in taken:
                        taken.add(o.flag)
                        self.params.append(_click_option(o, " (When it is not beside the log.)"))
        return super().get_params(ctx)


def _click_option(o: Any, more_help: str = "") -> click.Option:
    kind: Any = {
        "int": int,
        "path": EXISTING,
        "choice": click.Choice(list(o.choices)),
    }.get(o.type, str)
    if o.type == "flag":
        return click.Option([o.flag, o.name], is_flag=True, default=None, help=o.help + more_help)
    return click.Option([o.flag, o.name], type=kind, help=o.help + more_help)


def _game_options(entry: Any, given: dict[str, Any]) -> dict[str, Any]:
    """The make_game options given on the command line, each checked to be one this game takes."""
    options: dict[str, Any] = {}
    for e in _entries():
        for o in e.options:
            value = given.get(o.name)
            if value is None or o.name in options:
                continue
            if o not in entry.options:
                takers = [x.title for x in _entries() if any(y.flag == o.flag for y in x.options)]
                _fail(f"{o.flag} is for {' and '.join(takers)}")
            options[o.name] = value
    return options


@main.command(cls=_PlayCommand, short_help="Play a card: at the terminal, from a script, or as JSON.")
@click.argument("card")
@click.option("--script", "script", type=EXISTING, help="Read player messages from FILE, one per line.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per reply (see README: the --json contract).")
@click.option("--resume", "resume", type=EXISTING, help="Resume from a file holding a SAVE block.")
@click.option("--log", "log", type=click.Path(dir_okay=False), help="Write the run log (JSON lines) to FILE (an existing FILE only with --force).")
@click.option("--force", "force", is_flag=True, help="Let --log replace an existing file.")
@click.option("--coach", is_flag=True, help='Answer "hint" with the game\'s coach (DEADRECKONING: the hit probability of every open cell).')
@click.option(
    "--review",
    "review",
    is_flag=True,
    help="After the run: your score against the best the tape allowed, and where the best slipped (BECALMED, DROVER'S AUTUMN).",
)
@click.option("--quiet", "-q", "quiet", is_flag=True, help="No progress on stderr (it is drawn only at a terminal anyway).")
@click.option(
    "--known-rules",
    "known_rules",
    is_flag=True,
    help="A card file whose rules text was edited is refused; with this, play the rules of the edition cardgm knows, with the card's tape, and a warning.",
)
def play(
    card: str,
    script: str | None,
    as_json: bool,
    resume: str | None,
    log: str | None,
    force: bool,
    coach: bool,
    review: bool,
    quiet: bool,
    known_rules: bool,
    **given: Any,
) -> None:
    """Play CARD. Interactive at a terminal; otherwise one player message per line.

    \b
    Scripted play (stdin not a terminal, or --script FILE): each line is one player message,
    answered as soon as it arrives (a program can write a line and read the reply), each reply
    printed in full and ending with its LEDGER line. A SAVE block's lines are read as one
    message. In a whole file (--script, or stdin from a file) a line starting '... ' continues
    the message before it. With --json every reply is one JSON object on its own line.
    Interactive play: line editing and history; Ctrl-D leaves and prints a SAVE block to resume.
    Ctrl-C, anywhere, stops and prints a SAVE block (exit status 130).

    \b
    Limits (a file past its limit is refused unread, with the limit named):
      a message of up to 4,000 characters: a longer one is answered as too
        long, and --json and the log keep only its first 4,001;
      a --resume file of up to 8 MB; a card file of up to 1 MB;
        a --sealed reveal file of up to 64 kB;
      a --log of up to 2,000 messages, what `verify run` and `review`
        read: at that the run stops, says so and prints its SAVE.
    """
    from cardgm import games, save
    from cardgm.run import Run
    from cardgm.terminal import InputError, Session, is_terminal, is_whole, read_text, terminal_width, text_lines, wants_colour

    # Every file this run reads, so that the log is never written over one (nor over stdin).
    inputs = [card, script, resume, *(v for v in given.values() if isinstance(v, str))]
    if not is_terminal(sys.stdin):
        inputs.append("/dev/stdin")
    logf = _output(log, "the run log", inputs, force) if log else None  # checked before any work
    the_card = _rules_card(card, known_rules=known_rules)
    try:
        entry = games.entry(the_card.game_id)
    except CardError as exc:
        _fail(f"{the_card.source}: {exc}")
    options = _game_options(entry, given)
    try:
        game = games.make_game(the_card, **options)
    except (CardError, ValueError) as exc:
        _fail(str(exc))
    if review and entry.solver is None:
        from cardgm.solve.review import solvable

        _fail(f"--review needs a solver; cardgm has one for {', '.join(solvable())}")
    hint = None
    if coach:
        if entry.coach is None:
            takers = [e.title for e in _entries() if e.coach is not None]
            _fail(f"--coach is for {' and '.join(takers)} (a game with a coach)")
        hint = games.part(entry, "coach")(game, quiet=quiet)
    run = Run(game, coach=hint, keep=review)  # the replies go to the screen and the log; --review reads the messages back
    start_state = None
    block = None
    if resume:
        from cardgm.game import SaveError

        try:
            resume_text = read_text(resume, "a file holding a SAVE block")
        except (InputError, OSError) as exc:
            _fail(_reason(resume, exc))
        block = save.find_block(resume_text)
        if block is None:
            _fail(f"{resume}: no SAVE block in it (it starts '{save.BEGIN}')")
        try:
            first = run.resume(block, resume_text)
        except SaveError as exc:
            _fail(f"{resume}: that SAVE block cannot be resumed: {exc}")
        start_state = run.state
    else:
        first = run.start()

    if logf:
        header = {"cardgm_log": 1, "game": the_card.game_id, "version": the_card.version, "card": card, "options": options}
        if block is not None:
            header["resume"] = block  # so `verify run` replays from where this run began
        logf.write(json.dumps(header) + "\n")

    session = Session(
        run, as_json=as_json, log=logf, colour=not as_json and wants_colour(sys.stdout),
        width=None if as_json else terminal_width(sys.stdout), stop_at_end=review,
    )
    try:
        session.emit(first)
        if script is not None:
            with open(script, "rb") as f:
                session.play(text_lines(f, script), whole=True)
        elif is_terminal(sys.stdin) and not as_json:
            _interactive(session, the_card.game_id)
        else:
            session.play(text_lines(sys.stdin.buffer, "stdin"), whole=is_whole(sys.stdin))
            if is_terminal(sys.stdin):
                session.leave(interrupted=False)  # Ctrl-D at a terminal under --json
    except KeyboardInterrupt:
        session.leave(interrupted=True)
        sys.exit(130)
    except InputError as exc:
        session.leave(interrupted=True)  # the replies so far stand; here is where to resume
        _fail(str(exc))
    except BrokenPipeError:
        _reader_gone()
    except WriteError as exc:
        if logf:
            logf.discard()  # the old file, if any, is left whole
        _fail(str(exc))
    finally:
        if logf:
            _commit(logf)  # the replies so far stand (Ctrl-C, a bad line): so does their log
    if review:
        try:
            _review(the_card, run, start_state, as_json, quiet)
        except KeyboardInterrupt:
            _fail("the review was stopped (Ctrl-C); the run above stands", 130)


def _reason(path: str, exc: Exception) -> str:
    """One line naming the file and what is wrong with it."""
    if isinstance(exc, OSError):
        return f"{path}: {exc.strerror or exc}"
    return str(exc)


def _output(path: str, what: str, inputs: list[str | None], force: bool = True, option: str = "--force") -> Output:
    """An output file checked and opened (never one of `inputs`; an existing one only with
    `force`), or one line naming it and why it cannot be written (exit 2)."""
    try:
        return Output(path, what, inputs=inputs, force=force, option=option)
    except WriteError as exc:
        _fail(str(exc))
    raise AssertionError  # unreachable: _fail exits


def _commit(out: Output) -> None:
    """An output's text renamed into place, or one line saying why it could not be (exit 2)."""
    try:
        out.commit()
    except WriteError as exc:
        _fail(str(exc))


# What a write can fail with: the disk or a quota full, a file past the size limit, a device error.
_WRITE_ERRNOS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EBADF, errno.EINVAL, errno.EACCES, errno.EPERM, errno.EROFS}


def _quiet_stdout() -> None:
    """stdout pointed at /dev/null, so that what is still buffered for it is dropped at exit
    instead of failing again there."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _reader_gone() -> NoReturn:
    """stdout's reader left (`| head`): stop quietly, as a Unix tool does."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())  # Python's own flush at exit would raise again
    sys.exit(1)


def _review(card: Card, run: Any, start_state: Any, as_json: bool, quiet: bool) -> None:
    """`play --review`: the run's own messages, replayed against the card's exact solver."""
    from cardgm.solve import review as rv

    messages = [m for m, _ in run.transcript if m is not None]
    text = rv.text(rv.review(card, messages, start=start_state, quiet=quiet))
    click.echo(json.dumps({"review": text}, ensure_ascii=False) if as_json else text)


def _interactive(session: Any, game_id: str) -> None:
    """The prompt: line editing, and history kept between sessions in the user's data folder."""
    from prompt_toolkit import PromptSession

    from cardgm import save

    prompt: PromptSession[str] = PromptSession(history=_history(game_id))
    asked = False  # Ctrl-D once where no SAVE can be taken asks for the answer first
    while True:
        try:
            line = prompt.prompt("> ")
            if save.opens_block(line):
                while save.END not in line:
                    line += "\n" + prompt.prompt("… ")
        except EOFError:
            first = None if asked else session.asking_first()
            if first:
                click.echo(first)
                asked = True
                continue
            session.leave(interrupted=False)
            return
        except KeyboardInterrupt:
            raise  # play's handler prints the SAVE block and exits 130, as README and --help say
        session.answer([line])
        if session.stop_at_end and session.run.ended:
            return  # `--review`: the review follows the RESULT line at once


def _history(game_id: str) -> Any:
    """Each card's input history in the user's data folder, or in memory where it cannot be kept."""
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    try:
        import platformdirs

        folder = platformdirs.user_data_path("cardgm")
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"history-{game_id}"
        path.touch()
        return FileHistory(str(path))
    except OSError:
        return InMemoryHistory()


# -- tape --------------------------------------------------------------------------------------


@main.command(short_help="Derive a tape from a seed, or check a card's printed tape.")
@click.argument("seed", required=False)
@click.argument("n", type=click.IntRange(1, 100000), default=40, required=False)
@click.option("--check", "check", metavar="CARD", help="Compare CARD's printed tape with its seed's derivation.")
def tape(seed: str | None, n: int, check: str | None) -> None:
    """Print the first N (default 40) d20 values derived from SEED, e.g. becalmed:1.0.0.

    With --check CARD: print the printed and derived tapes and every position where they differ;
    exit status 1 if any do.
    """
    if check:
        sys.exit(_tape_check(check))
    if not seed:
        _fail("give a SEED (e.g. becalmed:1.0.0) or --check CARD")
    from cardgm.tape import derive

    click.echo(" ".join(str(v) for v in derive(seed, n)))


def _tape_check(name: str) -> int:
    from cardgm.tape import compare, derive

    card = _card(name)
    if not card.tape:
        click.echo(f"{card.title}: this card prints no tape (tape:0); nothing to check.")
        return 0
    derived = derive(card.seed or "", len(card.tape))
    click.echo(f"seed     {card.seed}")
    click.echo(f"printed  {' '.join(map(str, card.tape))}")
    click.echo(f"derived  {' '.join(map(str, derived))}")
    diffs = compare(card.tape, derived)
    if not diffs:
        click.echo(f"all {len(card.tape)} printed values match the derivation.")
        return 0
    click.echo(f"{len(diffs)} of {len(card.tape)} positions differ (the printed tape is what the game reads):")
    for d in diffs:
        click.echo(f"  tape:{d.position}  printed {d.printed}  derived {d.derived}")
    return 1


# -- verify ------------------------------------------------------------------------------------


@main.group(cls=_GamesGroup, games_group="verify", short_help="Check a tape, a sealed berth or a run against its RESULT.")
def verify() -> None:
    """Check tapes, sealed berths and runs."""


@verify.command("tape")
@click.argument("card")
def verify_tape(card: str) -> None:
    """The printed tape of CARD against its seed (same as `cardgm tape --check CARD`)."""
    sys.exit(_tape_check(card))


@verify.command("run", cls=_VerifyRunCommand)
@click.argument("log", type=EXISTING)
@click.option("--card", "card", help="The card, when the log does not name it (e.g. --json output).")
@click.option("--result", "result", help='A RESULT line to check, e.g. "RESULT: AIGC|becalmed|…".')
def verify_run(log: str, card: str | None, result: str | None, **given_files: str | None) -> None:
    """Replay a run LOG on its card: the final LEDGER, the end, the score, the RESULT.

    LOG is what `cardgm play --log FILE` writes, `--json` output, or the player's messages one per
    line. With --result, every field of the given RESULT line is checked against the replay.
    A file the log names (a sealed duel's reveal file) is looked for beside the log, under the
    name the log gives; a game's file option (--sealed) names it instead.
    Exit status: 0 when everything matches, 1 when something does not, 2 when LOG cannot be read.

    \b
    Limits (refused at once, with the limit named):
      a log of up to 16 MB, UTF-8; up to 2,000 messages;
      a line of up to 262,144 characters (one reply with its message);
      a reveal file of up to 64 kB.
    A message longer than 4,000 characters is answered as too long, as in play.
    """
    from cardgm.verify.replay import LogError, read_log_file, replay

    try:
        the_log = read_log_file(log)  # its limits looked at before it is read
        files = {name: path for name, path in given_files.items() if path is not None} or None
        verdict = replay(the_log, card=card, result=result, base=Path(log).parent, files=files)
    except (LogError, CardError) as exc:
        _fail(f"{log}: {exc}")
    final = verdict.final
    click.echo(f"messages replayed  {len(the_log.messages)}" + ("  (from the SAVE block it resumed)" if the_log.resume else ""))
    click.echo(f"final LEDGER       {final.ledger}")
    click.echo(f"end                {final.end or '(not ended)'}")
    click.echo(f"score              {final.score if final.score is not None else '(not ended)'}")
    click.echo(f"RESULT             {final.result or '(not ended)'}")
    if verdict.divergence:
        turn, recorded, replayed = verdict.divergence
        click.echo(f"the log's reply at turn {turn} differs from the replay:")
        click.echo("  recorded: " + recorded.replace("\n", "\n            "))
        click.echo("  replayed: " + replayed.replace("\n", "\n            "))
    if result is not None and final.result is None:
        click.echo(f"RESULT does NOT match: the run has not ended (the replay stops at turn {final.turn} with no RESULT line).")
        sys.exit(1)
    for check in verdict.result_checks:
        mark = "ok " if check.ok else "DIFFERS"
        click.echo(f"  {mark:7} {check.name:8} given {check.claimed!r}, replay {check.replayed!r}")
    if result is not None:
        click.echo("RESULT matches exactly." if verdict.matches else "RESULT does NOT match.")
    sys.exit(0 if verdict.matches else 1)


# -- audit -------------------------------------------------------------------------------------


@main.command("audit", short_help="Audit a chat transcript in which an AI ran a card.")
@click.argument("transcript", type=EXISTING)
@click.option("--card", "card", help="The card, when the transcript does not show it (e.g. becalmed).")
@click.option("--json", "as_json", is_flag=True, help="Print the audit as one JSON object.")
@click.option("--html", "html_out", type=click.Path(dir_okay=False, writable=True), help="Also write a shareable HTML page to FILE.")
def audit_cmd(transcript: str, card: str | None, as_json: bool, html_out: str | None) -> None:
    """Audit a chat TRANSCRIPT in which an AI ran a card: every LEDGER, SAVE block, RESULT line and
    announced tape value against the card's rules, reading the player's words as play does. Only
    what every reading of the card forbids is reported; a reading the card allows is named.

    TRANSCRIPT is plain text copied from a chat page (turns marked "You said:" / "ChatGPT said:",
    "User:" / "Assistant:", Markdown headings or bold names, or unmarked with each AI reply ending
    in its LEDGER line) or a chat service's JSON export. Exit status: 0 when nothing is found,
    1 with findings, 2 when the transcript cannot be read.

    \b
    Limits (refused at once, with the limit named):
      a transcript of up to 8 MB, UTF-8 (or UTF-16 with its byte-order mark);
      a ChatGPT export (conversations.json) of up to 1 GB, read one
        conversation at a time: the first that holds a LEDGER line is audited;
      up to 2,000 player messages and 200,000 lines; JSON nested up to 100
        levels deep.
    A player message longer than 4,000 characters is answered as too long, as in play.
    """
    from cardgm.verify import report
    from cardgm.verify.audit import AuditError, audit
    from cardgm.verify.transcript_io import TranscriptError, read_transcript_file

    html_file = _output(html_out, "the HTML report", [transcript, card]) if html_out else None  # before the work
    try:
        # Read with its limits looked at first (size before reading, lines, messages, JSON depth).
        found = audit(read_transcript_file(transcript), card_name=card)
    except (TranscriptError, AuditError, CardError) as exc:
        if html_file:
            html_file.discard()
        _fail(f"{transcript}: {exc}")
    except KeyboardInterrupt:
        if html_file:
            html_file.discard()
        _stopped("audit", "no report was written" + (f" ({html_out} is left as it was)" if html_out else ""))
    click.echo(report.as_json(found) if as_json else report.text(found))
    if html_file:
        try:
            html_file.write(report.html_page(found))
        except WriteError as exc:
            _fail(str(exc))
        _commit(html_file)
    sys.exit(1 if found.findings else 0)


# -- analyze -----------------------------------------------------------------------------------


@main.command("analyze", short_help="DEADRECKONING hunting strategies over every berth.")
@click.argument("game")
@click.option("--out", "out", type=click.Path(file_okay=False), default="out", show_default=True, help="Where to write the plots (PNG and SVG).")
@click.option("--strategy", "strategies", multiple=True, help="Only this strategy (repeatable): random, hunt-target, parity, density, entropy, lookahead; "
              "rollout (the coach's hunter: tens of minutes over every berth) runs only when named.")
@click.option("--sample", type=click.IntRange(1), help="Evaluate every strategy on N cell sets drawn uniformly, not on all.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the random strategies' orders and of samples.")
@click.option("--no-plot", "no_plot", is_flag=True, help="Print the table only.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bars on stderr.")
def analyze_cmd(game: str, out: str, strategies: tuple[str, ...], sample: int | None, seed: int, no_plot: bool, quiet: bool) -> None:
    """Analyse GAME's strategies (a game with an analysis: deadreckoning). For DEADRECKONING:
    hunting strategies over every legal berth (16,368,544): mean, median and max shots, the
    card's score, the shots against the card's berth, and a plot in --out. The density hunter's
    row comes first (in seconds), each other row as its strategy finishes; about a minute in all
    on one core (docs/performance-hunt.md).
    """
    from cardgm import games

    found = next((e for e in _entries() if e.id == game and e.analyze is not None), None)
    if found is None:
        known = ", ".join(e.id for e in _entries() if e.analyze is not None)
        _fail(f"'{game}' has no analysis (cardgm analyzes {known})")
    if not no_plot:
        _need_plotting()
    run_analysis = games.part(found, "analyze")
    try:
        code = run_analysis(out, strategies, sample, seed, plot=not no_plot, echo=click.echo, quiet=quiet)
    except KeyboardInterrupt:
        _stopped("analyze", "each row printed above is a strategy finished over every berth it names; the rest were not run, and no plot was written")
    sys.exit(code)


# -- solve, par, review ------------------------------------------------------------------------


def _solve_card(card: str, seed: str | None, card_file: str | None) -> Card:
    """The card to solve: shipped or --card FILE; with --seed its tape replaced by the seed's."""
    the_card = _rules_card(card_file or card)
    if seed:
        import dataclasses

        from cardgm.tape import derive

        the_card = dataclasses.replace(the_card, tape=derive(seed, max(40, len(the_card.tape))))
    return the_card


@main.command("solve", short_help="The best score a tape allows, by exact search.")
@click.argument("card")
@click.option("--seed", "seed", help="Solve the tape derived from SEED instead of the printed one.")
@click.option("--card", "card_file", type=EXISTING, help="Solve this card file.")
@click.option("--no-ends", is_flag=True, help="Skip the best line for each end (the slow part).")
@click.option("--quiet", "-q", "quiet", is_flag=True, help="No progress on stderr (it is drawn only at a terminal anyway).")
def solve_cmd(card: str, seed: str | None, card_file: str | None, no_ends: bool, quiet: bool) -> None:
    """The best score CARD's tape allows, by exact search over every line of play.

    Prints the score and end, one best line day by day as messages for `cardgm play` (replayed
    through the run loop to check its score), the best for each end, states searched and time.
    """
    from cardgm.solve.review import solve_report

    the_card = _solve_card(card, seed, card_file)
    so_far: dict[str, int] = {}
    try:
        text, ok = solve_report(the_card, ends=not no_ends, quiet=quiet, so_far=so_far)
    except ValueError as exc:
        _fail(str(exc))
    except KeyboardInterrupt:
        if "best" in so_far:
            kept = f"the best line scores {so_far['best']} (proved); the best for each end was not finished"
        elif so_far.get("found", -1) >= 0:
            kept = f"the best whole line found so far scores {so_far['found']} after {so_far['searched']:,} states, not yet proved the best"
        elif so_far.get("searched"):
            kept = f"no whole line was found yet ({so_far['searched']:,} states searched)"
        else:
            kept = "no whole line was found yet"
        _stopped("solve", kept)
    click.echo(text)
    sys.exit(0 if ok else 1)


@main.command("par", short_help="Score distributions of blind policies, with plots.")
@click.argument("card")
@click.option("-n", "n", type=click.IntRange(1, 100000), default=100, show_default=True, help="Derived tapes {id}:{version}:i.")
@click.option("--random-runs", type=click.IntRange(1, 100000), default=200, show_default=True, help="Random runs on the printed tape.")
@click.option("--out", "out", type=click.Path(file_okay=False), default="par", show_default=True, help="Folder for the PNG and SVG.")
@click.option("--no-plot", is_flag=True, help="Print the table only.")
@click.option("--seed", "seed", help="Play the tape derived from SEED as the printed one.")
@click.option("--card", "card_file", type=EXISTING, help="A card file.")
@click.option("--quiet", "-q", "quiet", is_flag=True, help="No progress on stderr (it is drawn only at a terminal anyway).")
def par_cmd(card: str, n: int, random_runs: int, out: str, no_plot: bool, seed: str | None, card_file: str | None, quiet: bool) -> None:
    """Par: the cautious, steady, greedy and random policies, playing blind, on the printed tape
    and on N tapes derived from seeds {id}:{version}:i; a table, and a PNG and SVG histogram."""
    from cardgm.solve import par as P

    the_card = _solve_card(card, seed, card_file)
    if not no_plot:
        _need_plotting()  # before the runs, not after: a missing extra is said before any work
        _folder_for_writing(out, "the plots")
    rows: list[Any] = []
    try:
        rows = P.par(the_card, n=n, random_runs=random_runs, quiet=quiet, rows=rows)
    except ValueError as exc:
        _fail(str(exc))
    except KeyboardInterrupt:
        if rows:
            click.echo(P.table(the_card, rows, n))
        done = ", ".join(r.policy for r in rows)
        kept = f"the table above holds the policies finished ({done}); no plot was written" if rows else "no policy had finished, and no plot was written"
        _stopped("par", kept)
    click.echo(P.table(the_card, rows, n))
    if not no_plot:
        from cardgm.solve.plot_par import plot

        try:
            for path in plot(the_card, rows, n, out):
                click.echo(f"wrote {path}")
        except OSError as exc:
            _fail(f"{exc.filename or out}: cannot write the plot: {exc.strerror or exc} (the table above stands)")


@main.command("review", short_help="A logged run's score against the best line.")
@click.argument("log", type=EXISTING)
@click.option("--card", "card", help="The card, when the log does not name it.")
@click.option("--quiet", "-q", "quiet", is_flag=True, help="No progress on stderr (it is drawn only at a terminal anyway).")
def review_cmd(log: str, card: str | None, quiet: bool) -> None:
    """Review a run LOG (`cardgm play --log FILE`): your score against the best line, and the
    first move after which the best was out of reach, with a call that would have kept it.
    LOG is read with the limits of `cardgm verify run` (16 MB, 2,000 messages: whatever
    `cardgm play --log` writes), and its header checked the same way."""
    from cardgm.solve.review import review, text
    from cardgm.verify.replay import LogError, checked_game, read_log_file

    try:
        the_log = read_log_file(log)  # the limits of `verify run`: whatever `play --log` writes
        name = card or the_log.card
        if not name:
            _fail(f"{log}: the log does not name its card; give --card")
        _, game = checked_game(the_log, name, Path(log).parent)  # the header checked as `verify run` checks it
    except (LogError, CardError) as exc:
        _fail(f"{log}: {exc}")
    the_card = _rules_card(name)
    start = None
    try:
        if the_log.resume is not None:  # a resumed run is reviewed from where it resumed
            start = game.load(the_log.resume)
        click.echo(text(review(the_card, the_log.messages, start=start, quiet=quiet)))
    except ValueError as exc:
        _fail(f"{log}: {exc}")


from cardgm.agents.command import eval_command  # noqa: E402 - light: click only until it runs

main.add_command(eval_command)

# -- bench-gm: chat models as game masters, judged by the audit (cardgm/agents/benchgm.py) --------
from cardgm.agents.benchgm_command import bench_gm_command  # noqa: E402 - light: click only until it runs

main.add_command(bench_gm_command)

from cardgm.web.cli import db, serve  # noqa: E402  (light: uvicorn and the app load when it runs)

main.add_command(serve)
main.add_command(db)

from cardgm.mcp.cli import mcp_command  # noqa: E402  (light: the SDK and the server load when it runs)

main.add_command(mcp_command)


if __name__ == "__main__":  # pragma: no cover
    main()
