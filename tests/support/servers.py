"""The production server as shipped (gunicorn with ``config/gunicorn.conf.py``), started as a
subprocess on a port of its own, for tests that need what only the real server does."""

from __future__ import annotations

import contextlib
import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from tests.support.environment import REPO

CONF = REPO / "config" / "gunicorn.conf.py"
START_TIMEOUT = 60.0
# What a production start needs that the tests' environment does not give (DEBUG off).
PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "a-test-only-key-that-is-long-and-random-enough-0f9c2e7b1d4a6f3e8c5b",
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "SECURE_SSL_REDIRECT": "false",
    "SECURE_COOKIES": "false",
    "WEB_CONCURRENCY": "1",
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Child:
    """A child process in a session of its own (stopped with everything it started), its output
    in ``log``; a subclass says what it runs and when it is ready. ``start()`` and ``stop()``, or
    ``with``."""

    what = "the child process"
    stop_timeout = 30

    def __init__(self, log: Path):
        self.log_path = log
        self.process: subprocess.Popen | None = None

    def command(self) -> list[str]:  # pragma: no cover - every subclass has one
        raise NotImplementedError

    def child_environment(self) -> dict[str, str]:
        return dict(os.environ)

    def ready(self) -> bool:  # pragma: no cover - every subclass has one
        raise NotImplementedError

    def start(self):
        """Start it and wait, bounded, until it is ready; refused with its output when it
        exits or is not ready in time."""
        with open(self.log_path, "wb") as out:
            self.process = subprocess.Popen(
                self.command(),
                cwd=REPO,
                env=self.child_environment(),
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: a signal reaches all of it
            )
        deadline = time.monotonic() + START_TIMEOUT
        while not self.ready():
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise AssertionError(f"{self.what} did not start:\n{self.log()}")
            time.sleep(0.2)
        return self

    def stop(self) -> None:
        """SIGTERM to the whole process group, SIGKILL if it has not ended in time."""
        if self.process is None or self.process.poll() is not None:
            return
        self._signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=self.stop_timeout)
        except subprocess.TimeoutExpired:
            self._signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def kill(self) -> None:
        """SIGKILL, as a machine that loses power: nothing is acknowledged or cleaned up."""
        self._signal(signal.SIGKILL)
        if self.process is not None:
            self.process.wait(timeout=10)

    def _signal(self, sig) -> None:
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):  # it is gone already
            os.killpg(self.process.pid, sig)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


def listening(port: int) -> bool:
    """Does something accept connections on ``port`` of 127.0.0.1?"""
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


class Gunicorn(Child):
    """``gunicorn -c config/gunicorn.conf.py config.wsgi`` on ``port``, with ``env`` over the
    production settings; its output goes to ``log``."""

    what = "gunicorn"

    def __init__(self, env: dict[str, str], log: Path, port: int | None = None):
        super().__init__(log)
        self.port = port or free_port()
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "PYTHONPATH": str(REPO),
            **PRODUCTION,
            **env,
            "PORT": str(self.port),
            # gunicorn's control socket, one per server (two on one machine would share it).
            "XDG_RUNTIME_DIR": str(log.parent),
        }

    def command(self) -> list[str]:
        return [sys.executable, "-m", "gunicorn", "-c", str(CONF), "config.wsgi"]

    def child_environment(self) -> dict[str, str]:
        return self.env

    def ready(self) -> bool:
        return listening(self.port)

    def get(self, target: str, headers: dict[str, str] | None = None, timeout: float = 30):
        """(status, content type, body) of a GET of ``target``, as sent."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.putrequest("GET", target, skip_host=True, skip_accept_encoding=True)
            for name, value in {"Host": "127.0.0.1", **(headers or {})}.items():
                connection.putheader(name, value)
            connection.endheaders()
            response = connection.getresponse()
            return response.status, response.getheader("Content-Type", ""), response.read()
        finally:
            connection.close()


class LiveGunicorn(Gunicorn):
    """The live port as shipped: ``gunicorn -c config/gunicorn_live.conf.py config.live_asgi`` on
    ``port``, one worker, with ``env`` over the production settings."""

    what = "the live gunicorn"

    def __init__(self, env: dict[str, str], log: Path, port: int | None = None):
        super().__init__({"LIVE_WORKERS": "1", **env}, log, port)
        self.env["LIVE_PORT"] = str(self.port)

    def command(self) -> list[str]:
        conf = REPO / "config" / "gunicorn_live.conf.py"
        return [sys.executable, "-m", "gunicorn", "-c", str(conf), "config.live_asgi"]
