"""The people and the sessions: campaigns, their members and roster, the games they play, and
the background jobs that work for them.

``campaign`` holds the people (a campaign, its members, roster, invitations and audit), ``game``
the sessions (a game, its seats, log and rewards), ``jobs`` the background jobs. Every public
name is here too, so ``from campaigns.models import Game`` is the way in (and Django finds the
models through this package).

The durable world (every sticker and signature) lives in ``legacy.models``; a campaign owns one.
"""

from campaigns.models.campaign import (
    AuditEntry,
    Campaign,
    Invitation,
    Membership,
    Player,
    new_share_token,
)
from campaigns.models.game import (
    CARD_EVENTS,
    GAME_TRANSITIONS,
    EventKind,
    EventMark,
    Game,
    GameEvent,
    GameNote,
    GameReward,
    GameStatus,
    MarkChange,
    Result,
    Seat,
)
from campaigns.models.jobs import (
    IN_THE_MAKING,
    JOB_FAILURE_CODES,
    JOB_MODELS,
    JOB_TRANSITIONS,
    OUTAGE_FAILURES,
    PHOTO_STATUSES,
    POSTER_STATUSES,
    SNAPSHOT_STATUSES,
    AutomaticBackupJob,
    BackgroundJob,
    ChronicleExport,
    EndPoster,
    GamePhoto,
    ImportJob,
    JobFailure,
    JobStatus,
    Snapshot,
    job_constraints,
    job_statuses_before,
)
from campaigns.models.requests import IdempotentRequest, UsedLink
from campaigns.vocabulary import Role

__all__ = [
    "GAME_TRANSITIONS",
    "IN_THE_MAKING",
    "JOB_FAILURE_CODES",
    "JOB_MODELS",
    "JOB_TRANSITIONS",
    "OUTAGE_FAILURES",
    "PHOTO_STATUSES",
    "POSTER_STATUSES",
    "SNAPSHOT_STATUSES",
    "AuditEntry",
    "AutomaticBackupJob",
    "BackgroundJob",
    "Campaign",
    "ChronicleExport",
    "EndPoster",
    "CARD_EVENTS",
    "EventKind",
    "EventMark",
    "Game",
    "GameEvent",
    "GameNote",
    "GamePhoto",
    "GameReward",
    "GameStatus",
    "IdempotentRequest",
    "UsedLink",
    "ImportJob",
    "Invitation",
    "JobFailure",
    "JobStatus",
    "MarkChange",
    "Membership",
    "Player",
    "Result",
    "Role",
    "Seat",
    "Snapshot",
    "job_constraints",
    "job_statuses_before",
    "new_share_token",
]
