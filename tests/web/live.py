"""A real `cardgm serve` in a child process, for the browser tests and the SIGKILL test."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from dataclasses import dataclass


@dataclass
class Server:
    process: subprocess.Popen[str]
    url: str  # "http://127.0.0.1:PORT/"

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.process.poll() is None:
            # uvicorn's workers are its children: the group takes them all (this process only).
            os.killpg(self.process.pid, sig)
            self.process.wait(timeout=20)


def start(
    database: str, workers: int = 1, port: int = 0, timeout: float = 30, extra: list[str] | None = None, warm: bool = False
) -> Server:
    """`cardgm serve` on a free loopback port (with `extra` options); returns once /healthz answers.
    `warm`: the epilogue's best lines are worked out in the background from the start."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop("CARDGM_DATABASE_URL", None)
    process = subprocess.Popen(
        [sys.executable, "-c", "from cardgm.cli import main; main()", "serve", "--port", str(port),
         "--workers", str(workers), "--database", database, "--warm" if warm else "--no-warm", *(extra or [])],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, start_new_session=True,
    )
    assert process.stdout is not None
    first = process.stdout.readline()
    m = re.search(r"serving at (http://\S+/)", first)
    if not m:
        process.kill()
        raise RuntimeError(f"cardgm serve did not start: {first}{process.stdout.read()}")
    # Keep reading what it prints, so a full pipe never stalls it.
    threading.Thread(target=process.stdout.read, daemon=True).start()
    server = Server(process, m.group(1))
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(server.url + "healthz", timeout=2) as r:
                if r.status == 200:
                    return server
        except OSError:
            time.sleep(0.1)
    server.stop(signal.SIGKILL)
    raise RuntimeError("cardgm serve did not answer /healthz in time")
