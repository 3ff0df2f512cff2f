"""Statements written out once for the hottest paths (every API request's access check, every
picture fetch, every write's campaign lock), with their rows read as a queryset would read them.

Composing a queryset costs more than running its statement on these paths; here the SQL is
built once per database vendor, and each column goes through the converters the backend and
the field apply (dates, booleans, JSON on SQLite), so the instances are the ones the ORM gives.
"""

from __future__ import annotations

from contextlib import contextmanager, suppress
from typing import Any

import psycopg
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.backends.postgresql.base import CursorDebugWrapper
from django.db.backends.postgresql.psycopg_any import register_tzloader


def columns(model, alias: str) -> tuple[str, list]:
    """The select list of ``model``'s concrete columns under table alias ``alias`` (or bare
    names for ``""``), and a reader per column (see ``field_readers``)."""
    return field_readers([(field, alias) for field in model._meta.concrete_fields])


def instance(model, readers: list, row):
    """The ``model`` instance of one ``row``, read by ``readers`` (see ``columns``)."""
    names = [name for name, _c, _v in readers]
    return model.from_db(DEFAULT_DB_ALIAS, names, values(readers, row))


_BUILT: dict[tuple[str, str], object] = {}


def once(name: str, build):
    """``build()``'s result, kept per ``name`` and database vendor."""
    key = (name, connection.vendor)
    if key not in _BUILT:
        _BUILT[key] = build()
    return _BUILT[key]


def field_readers(fields: list[tuple[Any, str]]) -> tuple[str, list]:
    """The select list of ``fields`` (each a model field and its table's alias, ``""`` for the
    bare column name) and a reader per column: its attribute name, its column expression and
    the converters the backend and the field apply to what the database returns."""
    qn = connection.ops.quote_name
    readers, selected = [], []
    for field, alias in fields:
        column = field.get_col(alias or field.model._meta.db_table)
        converters = connection.ops.get_db_converters(column) + field.get_db_converters(connection)
        readers.append((field.attname, column, converters))
        selected.append(f"{alias}.{qn(field.column)}" if alias else qn(field.column))
    return ", ".join(selected), readers


def values(readers: list, row) -> list:
    """One row's values, each converted by its reader (see ``field_readers``)."""
    db = connections[DEFAULT_DB_ALIAS]  # once, not through the proxy for every column
    converted = []
    for (_name, column, converters), value in zip(readers, row, strict=True):
        for converter in converters:
            value = converter(value, column, db)
        converted.append(value)
    return converted


@contextmanager
def cursor():
    """A cursor for these statements. On PostgreSQL it binds the parameters on the server and
    prepares each statement the first time a connection runs it, so that the server plans it
    once per connection instead of once per request: for these short reads, planning took
    longer than running. (Django's own cursors bind on the client, and cannot prepare.) It is
    wrapped as Django wraps its own: errors translated, queries counted and logged.

    With ``DATABASE_PREPARED_STATEMENTS`` off (a pooler that cannot keep them), the connection
    has no prepare threshold, and psycopg runs the statements unprepared."""
    db = connections[DEFAULT_DB_ALIAS]
    if db.vendor != "postgresql":
        with db.cursor() as plain:
            yield plain
        return
    # What ``db.cursor()`` does before it makes its cursor.
    db.close_if_health_check_failed()
    db.ensure_connection()
    db.validate_thread_sharing()
    raw = _preparing_cursor(db)
    wrapped = _Logged(raw, db) if db.queries_logged else db.make_cursor(raw)
    with wrapped:
        yield wrapped


_TIMESTAMPTZ = psycopg.adapters.types["timestamptz"].oid


class _Preparing(psycopg.Cursor):
    """Binds on the server, and asks for every statement to be prepared."""

    def execute(self, query, params=None, *, prepare=None, binary=None):
        return super().execute(query, params, prepare=True, binary=binary)


class _Logged(CursorDebugWrapper):
    """Django's logging wrapper, logging the statement with its parameters written in, as
    Django logs its own when it binds on the server (a server-binding cursor keeps no text of
    what it ran)."""

    def debug_sql(self, sql=None, params=None, use_last_executed_query=False, many=False):
        if use_last_executed_query and not many:
            # Parameters it cannot write in are logged as given; running them will say why.
            with suppress(psycopg.DataError):
                sql = self.db.ops.compose_sql(sql, params)
        return super().debug_sql(sql, params, many=many)


def _preparing_cursor(db) -> _Preparing:
    """A preparing cursor on ``db``'s connection, reading times in ``db``'s time zone as
    Django's own cursors do (``DatabaseWrapper.create_cursor``)."""
    raw = _Preparing(db.connection)
    loader = db.connection.adapters.get_loader(_TIMESTAMPTZ, psycopg.pq.Format.TEXT)
    if db.timezone != loader.timezone:
        register_tzloader(db.timezone, raw)
    return raw
