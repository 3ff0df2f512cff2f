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


class Gunicorn:
    """``gunicorn -c config/gunicorn.conf.py config.wsgi`` on ``port``, with ``env`` over the
    production settings; its output goes to ``log``."""

    def __init__(self, env: dict[str, str], log: Path, port: int | None = None):
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
        self.log_path = log
        self.process: subprocess.Popen | None = None

    def __enter__(self) -> Gunicorn:
        with open(self.log_path, "wb") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "-c", str(CONF), "config.wsgi"],
                cwd=REPO,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"gunicorn stopped:\n{self.log()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                time.sleep(0.2)
        self.__exit__()
        raise AssertionError(f"gunicorn did not listen within {START_TIMEOUT} s:\n{self.log()}")

    def __exit__(self, *exc) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

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


class CeleryWorker:
    """``celery -A config worker`` (solo pool) on ``queue``, with ``env`` over the production
    settings; ready when it says so; its output goes to ``log``."""

    def __init__(self, queue: str, env: dict[str, str], log: Path):
        self.queue = queue
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "PYTHONPATH": str(REPO),
            "PYTHONUNBUFFERED": "1",
            **PRODUCTION,
            **env,
            "EARTHBOOK_JOB_QUEUE": queue,
        }
        self.log_path = log
        self.process: subprocess.Popen | None = None

    def __enter__(self) -> CeleryWorker:
        celery = Path(sys.executable).with_name("celery")
        command = [str(celery), "-A", "config", "worker", "--pool=solo", "-Q", self.queue]
        command += ["-n", f"{self.queue}@%h", "--without-gossip", "--without-mingle"]
        with open(self.log_path, "wb") as out:
            self.process = subprocess.Popen(
                [*command, "--without-heartbeat", "--loglevel=INFO"],
                cwd=REPO,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + START_TIMEOUT
        while " ready." not in self.log():
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.__exit__()
                raise AssertionError(f"the worker did not start:\n{self.log()}")
            time.sleep(0.2)
        return self

    def __exit__(self, *exc) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
