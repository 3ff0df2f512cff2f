"""The production server's gunicorn settings (config/gunicorn.conf.py) come from the environment,
with a number of workers fitted to the machine."""

from __future__ import annotations

import multiprocessing
import runpy

import pytest

from tests.support.environment import REPO

CONF = REPO / "config" / "gunicorn.conf.py"
SETTINGS = ["PORT", "WEB_CONCURRENCY", "GUNICORN_THREADS", "GUNICORN_TIMEOUT"]


def gunicorn_config(monkeypatch, **env: str) -> dict:
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(CONF))


def test_the_server_sizes_its_workers_to_the_machine_by_default(monkeypatch):
    monkeypatch.setattr(multiprocessing, "cpu_count", lambda: 2)
    conf = gunicorn_config(monkeypatch)
    assert (conf["workers"], conf["threads"], conf["worker_class"]) == (5, 1, "sync")
    assert conf["bind"] == "0.0.0.0:8000"


def test_waiting_requests_queue_in_one_line_rather_than_behind_one_busy_worker(monkeypatch):
    for threads, worker_class in (("1", "sync"), ("4", "gthread")):
        conf = gunicorn_config(monkeypatch, GUNICORN_THREADS=threads)
        assert conf["worker_class"] == worker_class
        # A worker accepts a connection only with a thread free for it, and closes each one
        # after its response: no kept-alive connection ties a phone to one worker.
        assert conf["worker_connections"] == int(threads)
        assert conf["keepalive"] == 0


def test_the_application_is_loaded_and_warmed_once_before_the_workers_fork(monkeypatch):
    import gc

    import config.warmup

    conf = gunicorn_config(monkeypatch)
    assert conf["preload_app"] is True
    warmed = []
    monkeypatch.setattr(config.warmup, "warm_up", lambda: warmed.append(True))
    frozen = gc.get_freeze_count()
    try:
        conf["when_ready"](None)
        assert warmed == [True]
        assert gc.get_freeze_count() > frozen
    finally:
        gc.unfreeze()


def test_a_big_machine_gets_a_capped_number_of_workers(monkeypatch):
    monkeypatch.setattr(multiprocessing, "cpu_count", lambda: 64)
    assert gunicorn_config(monkeypatch)["workers"] == 12


def test_workers_threads_timeout_and_port_come_from_the_environment(monkeypatch):
    conf = gunicorn_config(
        monkeypatch, WEB_CONCURRENCY="3", GUNICORN_THREADS="8", GUNICORN_TIMEOUT="90", PORT="9000"
    )
    assert (conf["workers"], conf["threads"], conf["timeout"]) == (3, 8, 90)
    assert conf["worker_class"] == "gthread"
    assert conf["bind"] == "0.0.0.0:9000"


@pytest.mark.parametrize("value", ["two", "0", "-1"])
def test_a_worker_count_that_is_not_a_positive_number_stops_the_start(monkeypatch, value):
    with pytest.raises(SystemExit, match="WEB_CONCURRENCY"):
        gunicorn_config(monkeypatch, WEB_CONCURRENCY=value)


def test_the_image_and_the_compose_file_start_gunicorn_with_this_config():
    for path in (REPO / "docker" / "Dockerfile", REPO / "docker" / "compose.yaml"):
        text = path.read_text()
        assert "gunicorn -c config/gunicorn.conf.py config.wsgi" in text.replace('", "', " "), path


def access_line(monkeypatch, tmp_path, uri: str, referer: str = "-") -> str:
    """The access log line the production config writes for a GET of ``uri``."""
    from datetime import timedelta
    from types import SimpleNamespace

    from gunicorn.config import Config

    conf = gunicorn_config(monkeypatch)
    config = Config()
    log = tmp_path / "access.log"
    config.set("accesslog", str(log))
    config.set("logger_class", conf["logger_class"])
    logger = config.logger_class(config)
    path, _, query = uri.partition("?")
    environ = {
        "REQUEST_METHOD": "GET",
        "RAW_URI": uri,
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "203.0.113.9",
        "HTTP_REFERER": referer,
    }
    response = SimpleNamespace(status="302 Found", sent=0, headers=[])
    request = SimpleNamespace(headers=[("REFERER", referer)])
    logger.access(response, request, environ, timedelta(milliseconds=3))
    for handler in logger.access_log.handlers:
        handler.flush()
    return log.read_text()


def test_the_access_log_line_of_a_share_link_request_has_no_token(monkeypatch, tmp_path):
    token = "Zq3-secret_share-Token"
    line = access_line(
        monkeypatch,
        tmp_path,
        f"/c/7/history/?page=2&share={token}",
        referer=f"https://earthbook.example.org/c/7/?share={token}",
    )
    assert token not in line
    assert "GET /c/7/history/?page=2&share=[redacted] HTTP/1.1" in line
    assert "203.0.113.9" in line and "302" in line


def test_the_api_share_parameter_is_redacted_too_and_other_queries_are_kept(monkeypatch, tmp_path):
    line = access_line(
        monkeypatch, tmp_path, "/api/v1/campaigns/7/snapshots/?SHARE=abc123&as_of_game=2"
    )
    assert "abc123" not in line and "as_of_game=2" in line


def test_gunicorn_leaves_the_request_line_to_djangos_limit_and_keeps_its_header_limits(
    monkeypatch,
):
    conf = gunicorn_config(monkeypatch)
    # No limit of gunicorn's on the line (its own 414 is HTML): Django refuses a long address
    # itself, in JSON under /api/ (tests/config/test_long_lines.py against the running server).
    assert conf["limit_request_line"] == 0
    assert "limit_request_fields" not in conf and "limit_request_field_size" not in conf
