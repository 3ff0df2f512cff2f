"""Turns on the bulk queue: one campaign's burst never holds up another campaign's job.

A Celery queue is first in, first out: twenty photos' copies of one campaign sent before another
campaign's PDF would take every process of the bulk worker before it. So a job of the bulk queue
takes a turn of its campaign before it starts: at most ``EARTHBOOK_JOB_BULK_PER_CAMPAIGN`` jobs of
one campaign run at once, over every worker (0: no limit). A job whose campaign has no turn free
goes back to the queue's tail: its task is sent again, to start ``TURN_WAIT`` seconds later, and
this delivery ends without touching its row (still "queued"). The jobs behind it, other
campaigns', pass. An import, which has no campaign yet, takes a turn of the account that sent it.
With the bulk worker's processes above that limit (2 against 1, as shipped), another campaign's
job waits for no more than one job of the busy campaign.

A turn is a key in Redis (the broker's), set only when free (``SET NX``) with an expiry: the
job's hard time limit and a minute, so that the turn of a worker that died frees itself. The
message of that job, delivered again by the broker, has the same task id and takes its turn
back at once. A job that ends (done, failed, retried) gives its turn back.

In-process (Celery eager, the embedded default) there is no queue to be fair in: a job runs in
the request that asked, without a turn. Without Redis, or when it does not answer, a job runs
without a turn too: the turns never stop the work.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.conf import settings

from campaigns.redis_clients import client_of

logger = logging.getLogger(__name__)

# Seconds before a job that found no turn free is delivered again.
TURN_WAIT = 1.0
# A turn outlives its job's hard time limit by this many seconds, then frees itself.
TURN_MARGIN = 60
TIMEOUT_SECONDS = 1.0
# What a delivery that found no turn free returns (its job is sent again).
WAITING = "waiting its turn"
# Redis gives a turn back only to the job that holds it.
_GIVE_BACK = """
if redis.call("get", KEYS[1]) == ARGV[1] then
    return redis.call("del", KEYS[1])
end
return 0
"""


@dataclass(frozen=True)
class Turn:
    """A turn held (``key`` in Redis, holding the task's id), or none taken (``key`` empty)."""

    key: str = ""
    token: str = ""

    def give_back(self) -> None:
        if not self.key:
            return
        try:
            client_of(_url(), TIMEOUT_SECONDS).eval(_GIVE_BACK, 1, self.key, self.token)
        except Exception as error:  # it frees itself when it expires
            logger.warning("turn %s not given back: %s", self.key, error)


NO_TURN = Turn()


def limit() -> int:
    return int(settings.EARTHBOOK_JOB_BULK_PER_CAMPAIGN)


def _url() -> str:
    for url in (settings.CELERY_BROKER_URL, settings.REDIS_URL):
        if url and url.startswith(("redis://", "rediss://", "unix://")):
            return url
    return ""


def queue_of(task_name: str) -> str:
    """The queue a task is sent to (``CELERY_TASK_ROUTES``, else the default queue)."""
    route = settings.CELERY_TASK_ROUTES.get(task_name) or {}
    return route.get("queue") or settings.CELERY_TASK_DEFAULT_QUEUE


def takes_turns(task_name: str, eager: bool) -> bool:
    """Does a delivery of this task take a turn? Only on the bulk queue, by a real worker,
    with a limit and Redis."""
    return (
        not eager
        and limit() > 0
        and queue_of(task_name) == settings.EARTHBOOK_JOB_QUEUE_BULK
        and bool(_url())
    )


def _key(owner: str, slot: int) -> str:
    database = settings.DATABASES["default"]["NAME"]
    return f"earthbook:bulk-turn:{database}:{owner}:{slot}"


def take(owner: str, token: str, seconds: int) -> Turn | None:
    """A turn of ``owner`` ("campaign-7", "account-3") for the task ``token`` for at most
    ``seconds`` (its own again when it held one: a message delivered again); None when every
    turn is taken. ``NO_TURN`` when Redis does not answer: the job runs."""
    try:
        client = client_of(_url(), TIMEOUT_SECONDS)
        for slot in range(limit()):
            key = _key(owner, slot)
            if client.set(key, token, nx=True, ex=seconds):
                return Turn(key, token)
            if client.get(key) == token.encode():
                client.expire(key, seconds)
                return Turn(key, token)
    except Exception as error:
        logger.warning("no turn of %s could be taken, it runs without: %s", owner, error)
        return NO_TURN
    return None
