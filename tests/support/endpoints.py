"""Every endpoint of a campaign, with the level of access it needs, for the tests that call
them all."""

from __future__ import annotations

from campaigns.models import Membership, Role
from legacy.models import City

READ, MEMBER, EDIT, OWN = "read", "member", "edit", "own"

# (method, path under the campaign, body, level needed, status when allowed)
ENDPOINTS = [
    ("get", "", None, READ, 200),
    ("patch", "", {"shared": True, "public": False}, OWN, 200),
    ("get", "members/", None, MEMBER, 200),
    ("post", "members/", {"username": "sam", "role": "viewer"}, OWN, 201),
    ("patch", "members/{member}/", {"role": "editor"}, OWN, 200),
    ("delete", "members/{member}/", None, OWN, 204),
    ("get", "players/", None, READ, 200),
    ("post", "players/", {"name": "Zed"}, EDIT, 201),
    ("get", "world/", None, READ, 200),
    ("get", "world/?as_of_game=1", None, READ, 200),
    ("post", "world/name/", {"name": "Pangaea"}, EDIT, 409),
    ("get", "legal-starts/?hqs=egypt&player={ada}", None, READ, 200),
    ("get", "recruitment/?controlled=egypt,peru&player={ada}", None, READ, 200),
    ("get", "marks/cities/?counting=true", None, READ, 200),
    ("get", "marks/cities/{city}/", None, READ, 200),
    ("patch", "marks/cities/{city}/", {"reason": "Misspelt", "name": "Al-Qahira"}, EDIT, 200),
    ("post", "marks/cities/{city}/void/", {"reason": "Never founded"}, EDIT, 200),
    ("post", "first-game/", {"powers": {}, "random_coins": True}, EDIT, 409),
    ("get", "bring-in/", None, READ, 200),
    ("post", "bring-in/", {"games": []}, OWN, 409),
    ("post", "bring-in/done/", None, OWN, 409),
    ("delete", "bring-in/games/1/", None, OWN, 409),
    ("get", "games/", None, READ, 200),
    ("post", "games/", {"seats": []}, EDIT, 409),
    ("get", "games/2/", None, READ, 200),
    ("post", "games/2/start/", None, EDIT, 409),
    (
        "post",
        "games/2/events/scar/",
        {"scar": "bunker", "territory": "brazil", "player": "{ada}"},
        EDIT,
        201,
    ),
    ("post", "games/2/events/missiles/", {"count": 1, "player": "{ada}"}, EDIT, 201),
    ("post", "games/2/events/recruitment/", {"player": "{ada}", "troops": 12}, EDIT, 201),
    ("post", "games/2/events/elimination/", {"player": "{chloe}"}, EDIT, 201),
    (
        "post",
        "games/2/events/rejoin/",
        {"player": "{chloe}", "territory": "brazil"},
        EDIT,
        409,
    ),
    ("post", "games/2/events/coin-pile-out/", {"territories": {"{ada}": 10}}, EDIT, 201),
    ("post", "games/2/events/mark/", {"kind": "beacon", "territory": "india"}, EDIT, 400),
    ("post", "games/2/events/city-destroyed/", {"territory": "egypt"}, EDIT, 201),
    (
        "post",
        "games/2/finish/",
        {
            "results": {"{ada}": "won", "{boris}": "held_on", "{chloe}": "eliminated"},
            "controlled": {"{boris}": ["greenland"]},
            "winner_reward": {"kind": "destroy-card", "territory": "peru"},
            "held_on_rewards": {"{boris}": {"kind": "upgrade-card", "territory": "greenland"}},
        },
        EDIT,
        200,
    ),
    ("post", "games/1/amend/", {"revision": 1, "reason": "x", "results": {}}, EDIT, 409),
    ("get", "packets/", None, READ, 200),
    (
        "post",
        "packets/",
        {"packet": "pack-2", "unlocked": [{"kind": "rule", "title": "A new rule"}]},
        EDIT,
        201,
    ),
    ("get", "unlocked/", None, READ, 200),
    ("get", "winners/", None, READ, 200),
    ("get", "faction-cards/", None, READ, 200),
    ("get", "standings/", None, READ, 200),
    ("get", "audit/", None, MEMBER, 200),
    ("get", "export/", None, MEMBER, 200),
    ("get", "backups/", None, OWN, 200),
]


def fill(value, ids):
    if isinstance(value, str):
        if value.startswith("{") and value.endswith("}") and value[1:-1] in ids:
            return ids[value[1:-1]]
        return value.format(**ids)
    if isinstance(value, dict):
        return {str(fill(k, ids)): fill(v, ids) for k, v in value.items()}
    if isinstance(value, list):
        return [fill(v, ids) for v in value]
    return value


def ids_in(history, players) -> dict:
    """What the placeholders of the paths and bodies stand for in the ``history`` campaign."""
    return {
        "ada": players["Ada"].pk,
        "boris": players["Boris"].pk,
        "chloe": players["Chloe"].pk,
        "member": Membership.objects.get(campaign=history, role=Role.VIEWER).pk,
        "city": City.objects.get(campaign=history, territory="egypt").pk,
    }
