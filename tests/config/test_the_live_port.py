"""The live port as shipped (config/gunicorn_live.conf.py over config.live_asgi) cannot be filled
by one host: a connection that sends no request is closed, and only the streams and the health
check are served there; everything else (pages, the admin, the API's writes) is a 404."""

from __future__ import annotations

import importlib.util
import socket

import pytest

from edge.live_port import serves
from tests.support.environment import REPO
from tests.support.servers import LiveGunicorn

# A bounded wait for what must happen, not a measure of speed.
WAIT = 20.0


@pytest.fixture(scope="module")
def live_port(tmp_path_factory):
    log = tmp_path_factory.mktemp("live") / "live.log"
    with LiveGunicorn({"LIVE_IDLE_SECONDS": "1"}, log) as running:
        yield running


def test_a_connection_that_sends_no_request_is_closed(live_port):
    with socket.create_connection(("127.0.0.1", live_port.port), timeout=WAIT) as idle:
        # Nothing is sent: the server hangs up (an empty read), rather than waiting for ever.
        assert idle.recv(1024) == b""


def test_a_connection_that_sends_half_a_request_is_closed(live_port):
    with socket.create_connection(("127.0.0.1", live_port.port), timeout=WAIT) as slow:
        slow.sendall(b"GET /health/ HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        assert slow.recv(1024) == b""


@pytest.mark.parametrize(
    "path", ["/", "/accounts/login/", "/admin/login/", "/c/1/", "/api/v1/campaigns/", "/c/1/live/"]
)
def test_the_live_port_serves_no_page_admin_or_api(live_port, path):
    status, _type, _body = live_port.get(path)
    assert status == 404


def test_the_live_port_passes_its_health_check_and_streams_to_the_application(live_port):
    # The port's own refusal is a bare 404 in plain text; these reach Django (whatever it then
    # says of a database this test never made).
    for path in ("/health/", "/c/999999/live/stream/"):
        status, content_type, _body = live_port.get(path)
        assert (status, content_type) != (404, "text/plain")


def test_a_page_is_refused_by_the_port_itself(live_port):
    assert live_port.get("/accounts/login/")[:2] == (404, "text/plain")


def test_make_load_waits_for_the_live_port_on_an_address_it_serves():
    # `make load` starts the live port and asks it until it answers: an address the port
    # refuses would never answer, and the run would stop before a phone had connected.
    spec = importlib.util.spec_from_file_location("live_load", REPO / "tools" / "live_load.py")
    live_load = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(live_load)
    assert serves(live_load.StreamServer.ready_path)
