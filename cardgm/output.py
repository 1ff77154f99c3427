"""Files cardgm writes: never over one of its own inputs, whole or not at all, and a failed write
said in one line.

    out = Output("run.jsonl", "the run log", inputs=[script, card], force=False)  # checks, opens
    out.write(text)                # OSError becomes WriteError, naming the file and the reason
    out.commit()                   # renamed into place; or out.discard() leaves the old file whole

Every check runs when the Output is made, before the command's work starts and before anything
is opened: an output that is the same file as an input (`os.path.samefile`, so through symbolic
and hard links too) is refused, and so is an existing file unless `force`. The text goes to a
temporary file beside the target and is renamed over it only at `commit`, so a run that fails,
is stopped or fills the disk leaves the old file as it was. A target that exists and is not a
regular file (/dev/null, a FIFO, a terminal) is written in place: there is nothing to rename.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import IO


class WriteError(Exception):
    """A file (or stdout) that cannot be written: one line, `PATH: cannot write WHAT: reason`."""


def reason(exc: OSError) -> str:
    return exc.strerror or (os.strerror(exc.errno) if exc.errno else str(exc))


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether two paths name one file (through links); False when either does not exist."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


class Output:
    """One output file of a command (see the module's docstring)."""

    def __init__(
        self, path: str, what: str, *, inputs: Iterable[str | None] = (), force: bool = True, option: str = "--force", mode: int = 0o666
    ) -> None:
        self.path, self.what = path, what
        target = Path(path)
        for given in inputs:
            if given and same_file(target, given):
                raise WriteError(f"{path}: cannot write {what} over {given}, which this command reads; name another file")
        try:
            st: os.stat_result | None = os.stat(target)
        except FileNotFoundError:
            st = None
        except OSError as exc:
            raise WriteError(f"{path}: cannot write {what}: {reason(exc)}") from None
        if st is not None and stat.S_ISDIR(st.st_mode):
            raise WriteError(f"{path}: cannot write {what}: it is a directory")
        if st is not None and stat.S_ISREG(st.st_mode) and not force:
            raise WriteError(f"{path} exists; add {option} to replace it, or name another file")
        folder = target.parent
        if not folder.is_dir():
            raise WriteError(f"{path}: cannot write {what}: the folder {folder} does not exist")
        self._tmp: str | None = None
        try:
            if st is not None and not stat.S_ISREG(st.st_mode):
                self._file: IO[str] = open(target, "w", encoding="utf-8")  # a device or FIFO: in place
            else:
                try:
                    fd, self._tmp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".part")
                except OSError as exc:
                    # The temporary file is ours, not the user's: its name and its error (ENOENT in
                    # /proc for a file that is there) would only mislead. Say what was refused.
                    raise WriteError(f"{path}: cannot write {what}: no new file can be made in {folder} ({reason(exc)})") from None
                if mode != 0o600:
                    umask = os.umask(0)
                    os.umask(umask)
                    os.fchmod(fd, mode & ~umask)  # mkstemp makes 0600; the file gets what open() would give
                else:
                    os.fchmod(fd, 0o600)
                self._file = os.fdopen(fd, "w", encoding="utf-8")
        except OSError as exc:
            raise WriteError(f"{path}: cannot write {what}: {reason(exc)}") from None

    def _failed(self, exc: OSError) -> WriteError:
        self.discard()
        if exc.errno == errno.EPIPE:
            return WriteError(f"{self.path}: cannot write {self.what}: the reader went away")
        return WriteError(f"{self.path}: cannot write {self.what}: {reason(exc)}")

    def write(self, text: str) -> None:
        try:
            self._file.write(text)
        except OSError as exc:
            raise self._failed(exc) from None

    def flush(self) -> None:
        try:
            self._file.flush()
        except OSError as exc:
            raise self._failed(exc) from None

    def commit(self) -> None:
        """Everything written, closed, and renamed into place."""
        if self._file.closed:
            return
        try:
            self._file.flush()
            if self._tmp is not None:
                os.fsync(self._file.fileno())
            self._file.close()
            if self._tmp is not None:
                os.replace(self._tmp, self.path)
                self._tmp = None
        except OSError as exc:
            raise self._failed(exc) from None

    def discard(self) -> None:
        """Closed; the temporary file removed, the old file (if any) left as it was."""
        try:
            self._file.close()
        except OSError:
            pass
        if self._tmp is not None:
            try:
                os.unlink(self._tmp)
            except OSError:
                pass
            self._tmp = None
