"""An address too long for the server is refused by Django, in the API's one error shape,
not by gunicorn in HTML (config/long_uris.py, config/gunicorn.conf.py)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def test_an_api_address_too_long_is_refused_with_414_in_json(campaign, owner):
    client = APIClient()
    client.force_authenticate(owner)
    response = client.get(f"/api/v1/campaigns/{campaign.pk}/world/?x=" + "a" * 6000)
    assert response.status_code == 414
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["error"]["code"] == "uri_too_long"


def test_an_address_within_the_limit_is_served(campaign, owner):
    client = APIClient()
    client.force_authenticate(owner)
    response = client.get(f"/api/v1/campaigns/{campaign.pk}/world/?x=" + "a" * 3000)
    assert response.status_code == 200
