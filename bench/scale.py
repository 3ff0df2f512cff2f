"""Benchmark: a service of 10,000 campaigns against a database of one user's 50.

    DATABASE_URL=postgres://... python -m bench.scale [RUNS]

A hosted Earthbook holds thousands of campaigns; a page must not slow down with other groups'
data. Two PostgreSQL databases of the bench's own are built once and reused by later runs
while the migrations are the same:

* ``earthbook_bench_scale_50``: one user's 50 campaigns (the smallest database in which "the
  campaign list of a user with 50 campaigns" exists);
* ``earthbook_bench_scale_10000``: the same user's 50 among 10,000 campaigns of 200 owners.

Each campaign has 15 finished games and a 16th in progress. The first is played through the
services (``bench.api.build_campaign``: cities, names, fortifications, coins, log entries,
pictures); the others are copies of it written with PostgreSQL's COPY (every row of every model
that belongs to a campaign, ids and references renumbered), which takes minutes, not hours.

Both are served by gunicorn with the production settings; one client asks each measured page or
endpoint of both in turn (interleaved). One row per measure: the medians, their ratio (target
at most 1.2), and a last row with the database size per campaign. On SQLite it prints one row
saying it needs PostgreSQL.
"""

from __future__ import annotations

import http.client
import json
import os
import statistics
import subprocess
import sys
import time

from bench import databases
from bench.api import (
    BENCH_DIR,
    PYTHON,
    ROOT,
    LiveServer,
    command_line,
    in_child,
    server_env,
    timed_get,
)

LARGE, SMALL = 10_000, 50
PER_OWNER = 50
RATIO_TARGET = 1.2
SKIPPED_APPS = {"ImportJob", "Invitation"}


# --- Building (in a child process whose Django points at the database) ------------------------


def _campaign_models():
    """Every model whose rows belong to one campaign, parents before children, with the
    field that leads to the campaign."""
    from django.apps import apps

    from campaigns.models import Campaign

    scoped: dict = {Campaign: None}
    changed = True
    while changed:
        changed = False
        for model in apps.get_models():
            if model in scoped or model.__name__ in SKIPPED_APPS:
                continue
            if model._meta.app_label not in {"campaigns", "legacy"}:
                continue
            for f in model._meta.concrete_fields:
                if f.many_to_one and f.related_model in scoped and not f.null:
                    scoped[model] = f
                    changed = True
                    break
    # Parents first: a model after every scoped model it points at.
    ordered, placed = [], set()
    while len(ordered) < len(scoped):
        for model in scoped:
            if model in placed:
                continue
            parents = {
                f.related_model
                for f in model._meta.concrete_fields
                if f.many_to_one and f.related_model in scoped and f.related_model is not model
            }
            if parents <= placed:
                ordered.append(model)
                placed.add(model)
    return ordered, scoped


def _template_filter(model, scoped, campaign_id):
    path, m = [], model
    while scoped[m] is not None:
        f = scoped[m]
        path.append(f.name)
        m = f.related_model
    return {"__".join(path) or "pk": campaign_id} if path else {"pk": campaign_id}


def clone(template_id: int, copies: int, owners: list[int]) -> None:
    """``copies`` copies of campaign ``template_id``; copy k belongs to ``owners[k]``."""
    from django.contrib.auth import get_user_model
    from django.db import connection, models, transaction

    from campaigns.models import Campaign, GameReward, new_share_token

    user_model = get_user_model()
    ordered, scoped = _campaign_models()
    template, ids, bases = {}, {}, {}
    for model in ordered:
        rows = list(
            model.objects.filter(**_template_filter(model, scoped, template_id))
            .order_by("pk")
            .values_list(*[f.attname for f in model._meta.concrete_fields])
        )
        template[model] = rows
        ids[model] = {row[0]: i for i, row in enumerate(rows)}
        top = model.objects.aggregate(top=models.Max("pk"))["top"] or 0
        bases[model] = top + 1
    mark_models = {m.__name__: m for m in ordered}

    def new_id(model, k: int, old):
        index = ids[model].get(old)
        if index is None:
            return old
        return bases[model] + k * len(template[model]) + index

    def details(value, k):
        if not isinstance(value, dict):
            return value
        value = dict(value)
        created = value.get("created")
        if isinstance(created, list) and len(created) == 2 and created[0] in mark_models:
            value["created"] = [created[0], new_id(mark_models[created[0]], k, created[1])]
        value["removed"] = [
            [name, new_id(mark_models[name], k, pk)] if name in mark_models else [name, pk]
            for name, pk in (p for p in value.get("removed") or [] if len(p) == 2)
        ]
        return value

    with transaction.atomic(), connection.cursor() as cursor:
        for model in ordered:
            fields = model._meta.concrete_fields
            columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
            table = connection.ops.quote_name(model._meta.db_table)
            plans = []
            for f in fields:
                if f.primary_key:
                    plans.append(("pk", None))
                elif f.many_to_one and f.related_model in ids:
                    plans.append(("ref", f.related_model))
                elif f.many_to_one and f.related_model is user_model:
                    plans.append(("owner", None))
                elif model is Campaign and f.name == "share_token":
                    plans.append(("token", None))
                elif model is GameReward and f.name == "details":
                    plans.append(("details", None))
                elif isinstance(f, models.JSONField):
                    plans.append(("json", None))
                else:
                    plans.append(("keep", None))
            with cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                for k in range(1, copies + 1):
                    owner = owners[k]
                    for row in template[model]:
                        out = []
                        for value, (how, target) in zip(row, plans, strict=True):
                            if how == "pk":
                                out.append(new_id(model, k, value))
                            elif how == "ref":
                                out.append(None if value is None else new_id(target, k, value))
                            elif how == "owner":
                                out.append(None if value is None else owner)
                            elif how == "token":
                                out.append(new_share_token())
                            elif how == "details":
                                out.append(json.dumps(details(value, k)))
                            elif how == "json":
                                out.append(json.dumps(value))
                            else:
                                out.append(value)
                        copy.write_row(out)
        # The copies took explicit ids: move every sequence past them.
        for model in ordered:
            table = model._meta.db_table
            cursor.execute(
                f"SELECT setval(pg_get_serial_sequence(%s, 'id'), "
                f"(SELECT MAX(id) FROM {connection.ops.quote_name(table)}))",
                [table],
            )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def build(database_url: str, campaigns: int) -> dict:
    """Migrate, create the owners, play the first campaign and copy it; returns the ids."""
    from bench.api import prepare_django

    prepare_django(database_url)
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.core.management import call_command

    from bench.api import build_campaign

    call_command("migrate", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    users = get_user_model().objects
    password = make_password("unused-bench-pw")
    count = -(-campaigns // PER_OWNER)
    users.bulk_create(
        get_user_model()(username=f"scale-owner-{i}", password=password) for i in range(count)
    )
    made = users.filter(username__startswith="scale-owner-")
    owner_ids = dict(made.values_list("username", "pk"))
    owners = [owner_ids[f"scale-owner-{k // PER_OWNER}"] for k in range(campaigns)]
    first = users.get(pk=owners[0])
    started = time.perf_counter()
    ids = build_campaign(finished_games=15, fill_board=False, in_progress=True, owner=first)
    clone(ids["campaign"], campaigns - 1, owners)
    ids["built_s"] = round(time.perf_counter() - started, 1)
    return ids


def credentials(database_url: str) -> dict:
    """The measured user's campaign, a token and a session; the queries of each path."""
    from bench.api import prepare_django

    prepare_django(database_url)
    from django.contrib.auth import get_user_model
    from django.contrib.sessions.backends.db import SessionStore

    from api.tokens import issue_token
    from campaigns.models import Campaign, Game

    user = get_user_model().objects.get(username="scale-owner-0")
    campaign = Campaign.objects.filter(owner=user).order_by("pk").first()
    game = Game.objects.filter(campaign=campaign).order_by("-number").first()
    _row, token = issue_token(user)
    session = SessionStore()
    session["_auth_user_id"] = str(user.pk)
    session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
    session["_auth_user_hash"] = user.get_session_auth_hash()
    session.create()
    return {
        "campaign": campaign.pk,
        "game": game.number,
        "token": token,
        "session": session.session_key,
        "campaigns": Campaign.objects.count(),
        "owned": Campaign.objects.filter(owner=user).count(),
    }


def _current(database_url: str, campaigns: int) -> bool:
    """Is the database there, with every migration applied and ``campaigns`` campaigns?"""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("DJANGO_SETTINGS_MODULE", None)
    done = subprocess.run(
        [PYTHON, "-m", "bench.scale", "current", database_url, str(campaigns)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    return done.returncode == 0


def is_current(database_url: str, campaigns: int) -> bool:
    from bench.api import prepare_django

    prepare_django(database_url)
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    from campaigns.models import Campaign

    executor = MigrationExecutor(connection)
    if executor.migration_plan(executor.loader.graph.leaf_nodes()):
        return False
    return Campaign.objects.count() == campaigns


def _child(*args: str) -> dict:
    return in_child("bench.scale", *args)


def ensure(campaigns: int) -> tuple[str, dict]:
    name = f"earthbook_bench_scale_{campaigns}"
    url = databases.url_of(name)
    built = None
    if not (databases.exists(name) and _current(url, campaigns)):
        url = databases.fresh(name)
        built = _child("build", url, str(campaigns))
    ids = _child("credentials", url)
    ids["built_s"] = built["built_s"] if built else None
    return url, ids


# --- Measuring ---------------------------------------------------------------------------------


def paths(ids: dict) -> dict[str, str]:
    c, g = ids["campaign"], ids["game"]
    return {
        "api_world": f"/api/v1/campaigns/{c}/world/",
        "game_page": f"/c/{c}/games/{g}/",
        "campaign_list": f"/api/v1/campaigns/?limit={PER_OWNER}",
        "home_page": "/",
        "history_page": f"/c/{c}/history/",
    }


def rows(runs: int) -> list[dict]:
    if isinstance(runs, bool) or not isinstance(runs, int) or runs < 1:
        raise ValueError(f"runs must be a positive whole number, not {runs!r}")
    if databases.server_url() is None:
        return [
            {
                "bench": "scale_10000",
                "skipped": "needs PostgreSQL: set DATABASE_URL to a PostgreSQL server",
                "target": f"every measure within {RATIO_TARGET:g}x of one user's 50 campaigns",
                "met": None,
            }
        ]
    built = {n: ensure(n) for n in (SMALL, LARGE)}
    servers, conns, headers, walk = {}, {}, {}, {}
    timings = {n: {} for n in built}
    try:
        for n, (url, ids) in built.items():
            env = server_env(url, CONN_MAX_AGE="60")
            env.pop("REDIS_URL", None)
            env.pop("CELERY_BROKER_URL", None)
            log = BENCH_DIR / f"scale{n}-server.log"
            servers[n] = LiveServer(env, workers=1, threads=1, log_path=log).__enter__()
            conns[n] = http.client.HTTPConnection("127.0.0.1", servers[n].port, timeout=60)
            headers[n] = {
                "Authorization": f"Token {ids['token']}",
                "Cookie": f"sessionid={ids['session']}",
                "Connection": "keep-alive",
            }
            walk[n] = paths(ids)
        for _ in range(5):
            for n in built:
                for path in walk[n].values():
                    timed_get(conns[n], path, headers[n])
        for _ in range(runs):
            for measure in walk[SMALL]:
                for n in built:
                    timings[n].setdefault(measure, []).append(
                        timed_get(conns[n], walk[n][measure], headers[n])
                    )
    finally:
        for server in servers.values():
            server.__exit__(None, None, None)
    out = []
    for measure in walk[SMALL]:
        small, large = (
            statistics.median(timings[SMALL][measure]),
            statistics.median(timings[LARGE][measure]),
        )
        out.append(
            {
                "bench": "scale_10000",
                "measure": measure,
                "median_ms_50": round(small, 2),
                "median_ms_10000": round(large, 2),
                "ratio": round(large / small, 2),
                "runs": runs,
                "target": f"<= {RATIO_TARGET:g}x the same on one user's 50 campaigns",
                "met": large <= RATIO_TARGET * small,
            }
        )
    small_size = databases.size_bytes(f"earthbook_bench_scale_{SMALL}")
    large_size = databases.size_bytes(f"earthbook_bench_scale_{LARGE}")
    out.append(
        {
            "bench": "scale_10000_size",
            "campaigns": built[LARGE][1]["campaigns"],
            "database_bytes": large_size,
            "bytes_per_campaign": round((large_size - small_size) / (LARGE - SMALL)),
            "built_s": built[LARGE][1]["built_s"],
        }
    )
    return out


def main(argv: list[str]) -> int:
    return command_line(
        argv,
        rows,
        100,
        build=lambda url, n: build(url, int(n)),
        credentials=credentials,
        current=lambda url, n: is_current(url, int(n)),
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
