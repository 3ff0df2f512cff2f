"""The admin tests' operator, logged in."""

import pytest


@pytest.fixture
def browser(client, operator):
    client.force_login(operator)
    return client
