"""Where the benchmarks keep their data: SQLite files under ``var/bench/`` by default, or, when
``DATABASE_URL`` points at PostgreSQL, databases of their own on that server (never the one
``DATABASE_URL`` names: a benchmark drops and recreates what it uses).

Every row a benchmark prints names its database (``"database": "sqlite"`` or
``"postgresql"``), so figures from the two are never mixed up.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
BENCH_DIR = ROOT / "var" / "bench"


def server_url() -> str | None:
    """``DATABASE_URL`` when it names a PostgreSQL server, else None."""
    url = os.environ.get("DATABASE_URL", "")
    return url if urlsplit(url).scheme in {"postgres", "postgresql", "pgsql"} else None


def vendor() -> str:
    return "postgresql" if server_url() else "sqlite"


def _with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


def _admin(url: str):
    """A connection to the server's maintenance database, in autocommit (CREATE DATABASE
    cannot run inside a transaction)."""
    import psycopg

    parts = urlsplit(url)
    return psycopg.connect(
        host=parts.hostname or "127.0.0.1",
        port=parts.port or 5432,
        user=parts.username or "postgres",
        password=parts.password or None,
        dbname="postgres",
        autocommit=True,
    )


def exists(name: str) -> bool:
    url = server_url()
    if url is None:
        return (BENCH_DIR / f"{name}.sqlite3").exists()
    with _admin(url) as conn:
        found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
        return found.fetchone() is not None


def drop(name: str) -> None:
    url = server_url()
    if url is None:
        for stale in BENCH_DIR.glob(f"{name}.sqlite3*"):
            stale.unlink()
        return
    with _admin(url) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def url_of(name: str) -> str:
    url = server_url()
    if url is None:
        return f"sqlite:///{BENCH_DIR / f'{name}.sqlite3'}"
    return _with_database(url, name)


def fresh(name: str) -> str:
    """The URL of an empty database called ``name`` (an old one of that name is dropped)."""
    BENCH_DIR.mkdir(parents=True, exist_ok=True)
    drop(name)
    url = server_url()
    if url is not None:
        with _admin(url) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
    return url_of(name)


def size_bytes(name: str) -> int:
    url = server_url()
    if url is None:
        return (BENCH_DIR / f"{name}.sqlite3").stat().st_size
    with _admin(url) as conn:
        return conn.execute("SELECT pg_database_size(%s)", [name]).fetchone()[0]
