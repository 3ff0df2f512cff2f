"""Statements written out once for the hottest paths (every API request's access check, every
picture fetch, every write's campaign lock), with their rows read as a queryset would read them.

Composing a queryset costs more than running its statement on these paths; here the SQL is
built once per database vendor, and each column goes through the converters the backend and
the field apply (dates, booleans, JSON on SQLite), so the instances are the ones the ORM gives.
"""

from __future__ import annotations

from django.db import connection


def columns(model, alias: str) -> tuple[str, list]:
    """The select list of ``model``'s concrete columns under table alias ``alias`` (or bare
    names for ``""``), and a reader per column (see ``field_readers``)."""
    return field_readers([(field, alias) for field in model._meta.concrete_fields])


def instance(model, readers: list, row):
    """The ``model`` instance of one ``row``, read by ``readers`` (see ``columns``)."""
    names = [name for name, _c, _v in readers]
    return model.from_db(connection.alias, names, values(readers, row))


_BUILT: dict[tuple[str, str], object] = {}


def once(name: str, build):
    """``build()``'s result, kept per ``name`` and database vendor."""
    key = (name, connection.vendor)
    if key not in _BUILT:
        _BUILT[key] = build()
    return _BUILT[key]


def field_readers(fields: list[tuple[object, str]]) -> tuple[str, list]:
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
    converted = []
    for (_name, column, converters), value in zip(readers, row, strict=True):
        for converter in converters:
            value = converter(value, column, connection)
        converted.append(value)
    return converted
