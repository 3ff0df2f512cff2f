"""Every page is sent with a Content-Security-Policy that allows only this server's own files, and
the pages are written to keep to it: no inline script, event handler or style attribute.
(tests/e2e drives Chromium through the pages and fails on any violation it reports.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.environment import settings_seen_with

REPO = Path(__file__).resolve().parents[1]
TEMPLATE_DIRS = [REPO / "templates", REPO / "api" / "templates"]

POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self'",
    "font-src": "'self'",
    "connect-src": "'self'",
    # The service worker and the web app manifest: this server's own, at its root.
    "worker-src": "'self'",
    "manifest-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}


def directives(header: str) -> dict[str, str]:
    parts = (part.strip().split(None, 1) for part in header.split(";") if part.strip())
    return {name: value for name, value in parts}


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/accounts/login/", "/accounts/signup/"])
def test_every_page_is_sent_with_a_policy_that_allows_only_its_own_files(client, url):
    response = client.get(url)
    assert response.status_code == 200
    assert directives(response["Content-Security-Policy"]) == POLICY


@pytest.mark.django_db
def test_a_campaign_page_is_sent_with_the_policy(client, owner, campaign):
    client.force_login(owner)
    response = client.get(f"/c/{campaign.pk}/")
    assert response.status_code == 200
    assert directives(response["Content-Security-Policy"]) == POLICY


@pytest.mark.django_db
def test_the_api_docs_keep_to_the_policy_with_their_settings_in_a_script_of_their_own(client):
    page = client.get("/api/v1/docs/")
    assert page.status_code == 200
    # Only the images Swagger UI's stylesheet carries inline (data:) are added for that page.
    assert directives(page["Content-Security-Policy"]) == {**POLICY, "img-src": "'self' data:"}
    html = page.content.decode()
    assert "<style" not in html and " style=" not in html
    scripts = re.findall(r"<script([^>]*)>", html)
    assert scripts and all("src=" in attributes for attributes in scripts), scripts
    script_url = re.search(r'<script src="([^"]*\?script=[^"]*)"', html).group(1)
    script = client.get(script_url.replace("&amp;", "&"))
    assert script.status_code == 200
    assert script["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle" in script.content.decode()


# Templates that are never served to a browser, each with what reads it instead.
NOT_PAGES = {
    "chronicle_pdf.html": "the chronicle's PDF, rendered by a task with xhtml2pdf",
}


def test_no_template_has_an_inline_script_an_event_handler_or_a_style():
    offences = []
    for folder in TEMPLATE_DIRS:
        for path in folder.rglob("*.html"):
            if path.name in NOT_PAGES:
                continue
            text = path.read_text()
            for tag in re.findall(r"<script\b[^>]*>", text):
                if "src=" not in tag and 'type="application/json"' not in tag:
                    offences.append(f"{path.name}: inline script {tag}")
            for found in re.findall(r"<[^>]*\s(?:on[a-z]+|style)\s*=[^>]*>", text):
                offences.append(f"{path.name}: {found[:80]}")
            if "<style" in text:
                offences.append(f"{path.name}: <style>")
    assert offences == []


def test_with_debug_on_the_policy_only_reports_so_the_error_page_still_reads():
    seen = settings_seen_with(
        {"DEBUG": "true"},
        "[s.CONTENT_SECURITY_POLICY, sorted(s.CONTENT_SECURITY_POLICY_REPORT_ONLY['DIRECTIVES'])]",
    )
    assert seen == [None, sorted(POLICY)]


def test_a_server_enforces_the_policy():
    seen = settings_seen_with(
        {"DEBUG": "false", "SECRET_KEY": "x"},
        "[s.CONTENT_SECURITY_POLICY_REPORT_ONLY, "
        "{k: ' '.join(v) for k, v in s.CONTENT_SECURITY_POLICY['DIRECTIVES'].items()}]",
    )
    assert seen == [None, POLICY]
