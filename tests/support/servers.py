"""The production server as shipped (gunicorn with ``config/gunicorn.conf.py``), started as a
subprocess on a port of its own, for tests that need what only the real server does."""

from __future__ import annotations

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
    in ``log``; a subclass says what it runs and when it is ready."""

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

    def __enter__(self):
        with open(self.log_path, "wb") as out:
            self.process = subprocess.Popen(
                self.command(),
                cwd=REPO,
                env=self.child_environment(),
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + START_TIMEOUT
        while not self.ready():
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.__exit__()
                raise AssertionError(f"{self.what} did not start:\n{self.log()}")
            time.sleep(0.2)
        return self

    def __exit__(self, *exc) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=self.stop_timeout)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

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


class CeleryWorker(Child):
    """``celery -A config worker`` (solo pool) on ``queue``, with ``env`` over the production
    settings; ready when it says so; its output goes to ``log``."""

    what = "the worker"
    stop_timeout = 15

    def __init__(self, queue: str, env: dict[str, str], log: Path):
        super().__init__(log)
        self.queue = queue
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "PYTHONPATH": str(REPO),
            "PYTHONUNBUFFERED": "1",
            **PRODUCTION,
            **env,
            "EARTHBOOK_JOB_QUEUE": queue,
        }

    def command(self) -> list[str]:
        celery = Path(sys.executable).with_name("celery")
        command = [str(celery), "-A", "config", "worker", "--pool=solo", "-Q", self.queue]
        command += ["-n", f"{self.queue}@%h", "--without-gossip", "--without-mingle"]
        return [*command, "--without-heartbeat", "--loglevel=INFO"]

    def child_environment(self) -> dict[str, str]:
        return self.env

    def ready(self) -> bool:
        return " ready." in self.log()
