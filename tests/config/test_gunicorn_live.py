"""The live table's stream server (config/gunicorn_live.conf.py): uvicorn's asyncio workers under
gunicorn over config.asgi, sized to the machine, holding no database connection between
requests, and run by the shipped compose file."""

from __future__ import annotations

import multiprocessing
import os
import runpy

import pytest

from tests.support.environment import REPO

CONF = REPO / "config" / "gunicorn_live.conf.py"


def live_config(monkeypatch, **env: str) -> tuple[dict, dict]:
    environ = {k: v for k, v in os.environ.items() if k not in ("LIVE_PORT", "LIVE_WORKERS")}
    environ.pop("CONN_MAX_AGE", None)
    environ.update(env)
    monkeypatch.setattr(os, "environ", environ)
    return runpy.run_path(str(CONF)), environ


def test_the_stream_server_runs_one_asyncio_worker_per_core_on_port_8001(monkeypatch):
    monkeypatch.setattr(multiprocessing, "cpu_count", lambda: 2)
    conf, environ = live_config(monkeypatch)
    assert conf["worker_class"] == "config.live_worker.LiveWorker"
    assert (conf["workers"], conf["bind"]) == (2, "0.0.0.0:8001")
    # Persistent connections are per thread, and an ASGI server makes a thread per request.
    assert environ["CONN_MAX_AGE"] == "0"


def test_a_connection_may_stay_idle_ten_seconds_unless_told_otherwise(monkeypatch):
    assert live_config(monkeypatch)[0]["keepalive"] == 10
    assert live_config(monkeypatch, LIVE_IDLE_SECONDS="3")[0]["keepalive"] == 3


def test_the_stream_servers_workers_and_port_come_from_the_environment(monkeypatch):
    conf, environ = live_config(monkeypatch, LIVE_WORKERS="3", LIVE_PORT="9001", CONN_MAX_AGE="30")
    assert (conf["workers"], conf["bind"]) == (3, "0.0.0.0:9001")
    assert environ["CONN_MAX_AGE"] == "30"  # a choice made is kept


@pytest.mark.parametrize("value", ["many", "0"])
def test_a_stream_worker_count_that_is_not_a_positive_number_stops_the_start(monkeypatch, value):
    with pytest.raises(SystemExit, match="LIVE_WORKERS"):
        live_config(monkeypatch, LIVE_WORKERS=value)


def test_the_compose_file_runs_the_stream_server_over_asgi_beside_the_web_server():
    text = (REPO / "docker" / "compose.yaml").read_text().replace('", "', " ")
    assert "gunicorn -c config/gunicorn_live.conf.py config.live_asgi" in text
    assert "gunicorn -c config/gunicorn.conf.py config.wsgi" in text
    assert '"8001:8001"' in text
