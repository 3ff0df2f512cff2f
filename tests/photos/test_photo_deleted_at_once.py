"""One photo deleted by many requests at the same moment, on PostgreSQL: one deletes it, the
others are told it is gone; none answers 500."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from campaigns.models import AuditEntry, GamePhoto
from campaigns.photos.service import add_photo
from tests.support import made
from tests.support.api import token_for

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("eager_tasks"),
]

REQUESTS = 20


def test_twenty_deletes_of_one_photo_at_once_answer_204_once_and_404_else(game, owner):
    photo = add_photo(game=game, upload=made.upload(made.encoded("PNG")), by=owner)
    token = token_for(owner)
    address = f"/api/v1/campaigns/{game.campaign_id}/games/{game.number}/photos/{photo.pk}/"
    start = threading.Barrier(REQUESTS)
    answers: list[int] = []

    def delete():
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        try:
            start.wait()
            answers.append(client.delete(address).status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=delete) for _ in range(REQUESTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(answers) == [204] + [404] * (REQUESTS - 1)
    assert not GamePhoto.objects.filter(pk=photo.pk).exists()
    assert AuditEntry.objects.filter(action="photo-deleted", data__photo=photo.pk).count() == 1
