"""`make fuzz`: schemathesis against a live server, every operation of the OpenAPI schema.

    python tools/fuzz.py [--examples N] [--seed S] [--workers W]

1. A database: ``DATABASE_URL`` when it is set (CI points it at a fresh PostgreSQL database),
   otherwise a fresh SQLite file under ``var/fuzz/``. It is migrated and given an owner with a
   token, a campaign with an editor and a viewer, one finished game and one in progress.
2. gunicorn serves the project on a free loopback port, DEBUG off.
3. ``schemathesis run`` loads /api/v1/schema/ and calls every operation with the owner's token,
   with the campaign's ids pinned (so requests reach real rows, not only 404s), in every phase
   (examples, coverage, fuzzing, stateful) with positive and negative data, and with every
   check schemathesis has; a check is left out only for single operations, each with its
   reason (``STATEFUL_RULES``, ``PINNED_ROWS``).
   Revoking the token (``DELETE /api/v1/auth/token/``) would leave every later call a 401, so
   that one operation runs in a second pass of its own, after all the others.
4. The server is stopped; the exit code is schemathesis's (non-zero on any failure), and the
   server's log is printed when something failed.

Only loopback is contacted. The run is bounded by ``--examples`` per operation and, for the first
pass, by ``--max-time``: under a time budget schemathesis goes on drawing new cases until the
budget is spent, so the second pass (one operation) has none and stops at ``--examples``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.api import LiveServer, prepare_in_child, server_env  # noqa: E402

FUZZ_DIR = ROOT / "var" / "fuzz"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=int(os.environ.get("FUZZ_EXAMPLES", 25)))
    parser.add_argument("--seed", type=int, default=int(os.environ.get("FUZZ_SEED", 2128)))
    # One worker: schemathesis' own code generation is not thread-safe on Python 3.11 (two
    # workers once died inside the ast module, an error of the tool, not of the API).
    parser.add_argument("--workers", type=int, default=int(os.environ.get("FUZZ_WORKERS", 1)))
    # Three minutes: on a 2-core machine as slow as some CI runs on, the whole of .ci/run stays
    # within 30 minutes (docs/development.md, "The suite's time").
    parser.add_argument("--max-time", type=int, default=int(os.environ.get("FUZZ_MAX_TIME", 180)))
    parser.add_argument(
        "--phases", default=os.environ.get("FUZZ_PHASES", "examples,coverage,fuzzing,stateful")
    )
    parser.add_argument("--checks", default=os.environ.get("FUZZ_CHECKS", "all"))
    args, passthrough = parser.parse_known_args()

    shutil.rmtree(FUZZ_DIR, ignore_errors=True)
    FUZZ_DIR.mkdir(parents=True)
    database_url = os.environ.get("DATABASE_URL") or f"sqlite:///{FUZZ_DIR / 'fuzz.sqlite3'}"
    print(f"fuzz: preparing {database_url.split('@')[-1]}", flush=True)
    ids = prepare_in_child(database_url, finished_games=1, fill_board=False, in_progress=True)
    extra = _members(database_url, ids)

    config = FUZZ_DIR / "schemathesis.toml"
    config.write_text(
        STATEFUL_PHASE + REUSED_KEYS + "[parameters]\n"
        f"campaign_id = {ids['campaign']}\n"
        f"number = {ids['game']}\n"
        f"member_id = {extra['member']}\n"
        f"mark_id = {extra['mark']}\n"
        f"component_id = {extra['component']}\n"
        f"sticker_id = {extra['sticker']}\n"
        f"photo_id = {extra['photo']}\n"
        f"job_id = {extra['job']}\n" + _operation_config(entry_operations(database_url))
    )
    log = FUZZ_DIR / "server.log"
    # Throttled logins would be documented 429s; a higher limit lets the fuzzer log in too.
    env = server_env(database_url, LOGIN_RATE="1000/min", LOG_LEVEL="ERROR")
    # gunicorn answers a request line longer than its limit itself, with an HTML 414, before the
    # app sees it (in production the proxy in front limits request lines too). The fuzzer tests
    # the app's own answers, so here gunicorn passes every line on, and the app's limits answer.
    unlimited_lines = ("--limit-request-line", "0")
    with LiveServer(
        env, workers=2, threads=4, log_path=log, access_log=True, extra_args=unlimited_lines
    ) as server:
        returncode = 0
        for report, selection, budget in (
            ("report", ["--exclude-operation-id", REVOKE_TOKEN], args.max_time),
            ("report-revoke", ["--include-operation-id", REVOKE_TOKEN], None),
        ):
            extra = [*selection, "--report-dir", str(FUZZ_DIR / report), *passthrough]
            returncode = max(returncode, _schemathesis(server, config, ids, args, extra, budget))
    if returncode != 0 and log.exists():
        print("\n--- server log (last 200 lines) ---", file=sys.stderr)
        print("\n".join(log.read_text(errors="replace").splitlines()[-200:]), file=sys.stderr)
    print(f"fuzz: schemathesis exited with {returncode}", flush=True)
    return returncode


# Checks left out for single operations, each for a reason outside the API.
#
# positive_data_acceptance: a request the schema allows must be accepted. OpenAPI cannot say
# that a value must name something stored in this campaign (a seated player, a territory or
# faction of the board, an account, a player name not yet taken, an unused event entry), nor
# that two inputs exclude each other; these operations refuse such requests with a 400 naming
# the rule, as they should, and schemathesis cannot generate data that keeps those rules.
STATEFUL_RULES = {
    "auth_token_create": "the username and password must be an account's",
    "campaigns_create": "the players' names must differ from one another",
    "campaigns_import_create": "the body must be a whole Earthbook backup, checked on import",
    "campaigns_first_game_create": "seats name roster players, powers name factions",
    "campaigns_games_amend_create": "results are keyed by seated players",
    "campaigns_games_finish_create": "every seated player gets a result",
    "campaigns_games_create": "seats name roster players, 3 to 5, each HQ a legal start",
    "campaigns_games_events_void_create": "the entry must be one of this game's",
    "campaigns_games_cancel_create": "a game with an entry is never cancelled",
    "campaigns_games_seats_partial_update": "the player must be seated, the HQ a legal start",
    "campaigns_decks_create": "the packet must be one this campaign has opened",
    "campaigns_world_capitals_create": "a packet must allow it, on a territory with no city",
    "campaigns_legal_starts_retrieve": "the player must be on the roster",
    "campaigns_recruitment_retrieve": "territories must be on the board",
    "campaigns_marks_partial_update": "the fields that apply depend on the mark's type",
    "campaigns_factions_create": "a new name, a colour written #rrggbb, between games",
    "campaigns_powers_create": "the faction must be the campaign's, the game the one played",
    "campaigns_powers_destroy_create": "the power must be on this campaign's cards, counting",
    "campaigns_members_create": "the username must be an account's",
    "campaigns_packets_create": "the packet must be one this campaign may open",
    "campaigns_packets_components_create": "the name must be new here and not a box packet's",
    "campaigns_packets_components_destroy": "only a component never opened is removed",
    "campaigns_packets_components_void_create": "a sealed component is voided once",
    "campaigns_rules_stickers_create": "the game must be set up, the packet opened by then",
    "campaigns_rules_stickers_void_create": "a rule sticker is voided once",
    "campaigns_players_create": "the name must not be taken in the campaign",
    "campaigns_players_claim_create": "the player must be on the roster, unclaimed",
    "campaigns_players_claim_decide_create": "the player must be on the roster, claimed",
    "campaigns_board_territories_create": "a new name, the board's continent and territories",
    "campaigns_board_connections_create": "two territories on the board, not yet connected",
    "campaigns_games_draft_update": "every seat of the game gets its picks, each once",
    "campaigns_world_name_create": "the rolls are keyed by seated players",
    "odds_retrieve": "a territory holds one scar: bunker, ammo_shortage, scar_effect exclude "
    "each other",
    "odds_troops_needed_retrieve": "bunker, ammo_shortage and a scar_effect exclude each other",
    "campaigns_odds_retrieve": "the territory must be on the board, the factions the campaign's",
    "campaigns_scar_types_partial_update": "the scar type must be one of the campaign's",
    # Random bytes are not a photo: the file must be a whole JPEG, PNG, WebP or HEIC image.
    "campaigns_games_photos_create": "the file must be a whole photo of an allowed kind",
    "campaigns_games_photos_retrieve": "the photo must be one of this game's",
    "campaigns_games_photos_destroy": "the photo must be one of this game's",
    "campaigns_games_photos_web_retrieve": "the photo must be one of this game's, prepared",
    "campaigns_games_photos_thumbnail_retrieve": "the photo must be one of this game's, prepared",
    "campaigns_games_photos_original_retrieve": "the photo must be one of this game's",
}
# ensure_resource_availability: the member, mark, sealed component and rule sticker ids are
# pinned to rows of the fuzz campaign (so that requests reach real rows), and schemathesis
# prefers the pinned value over the id of a row a stateful scenario has just created (a new
# campaign has neither that member nor that mark); once a pinned member was removed, or asked
# for under a new campaign, the check reads it as "created, then not found".
PINNED_ROWS = dict.fromkeys(
    (
        "campaigns_members_partial_update",
        "campaigns_members_destroy",
        "campaigns_marks_retrieve",
        "campaigns_marks_partial_update",
        "campaigns_marks_void_create",
        "campaigns_packets_components_retrieve",
        "campaigns_packets_components_destroy",
        "campaigns_packets_components_void_create",
        "campaigns_rules_stickers_void_create",
        "campaigns_games_photos_retrieve",
        "campaigns_games_photos_destroy",
        "campaigns_games_photos_web_retrieve",
        "campaigns_games_photos_thumbnail_retrieve",
        "campaigns_games_photos_original_retrieve",
        "campaigns_chronicle_pdf_retrieve",
        "campaigns_chronicle_pdf_file_retrieve",
    ),
    "ensure_resource_availability",
)
# The same for the game: its number is pinned to the fuzz campaign's game being played, and a
# campaign a stateful scenario has just created has no game of that number (a 404 that the
# check reads as "created, then not found").
PINNED_ROWS.update(
    dict.fromkeys(
        (
            "campaigns_games_retrieve",
            "campaigns_games_photos_list",
            "campaigns_games_photos_create",
            "campaigns_games_amend_create",
            "campaigns_games_cancel_create",
            "campaigns_games_events_void_create",
            "campaigns_games_finish_create",
            "campaigns_games_seats_partial_update",
            "campaigns_games_start_create",
        ),
        "ensure_resource_availability",
    )
)


# negative_data_rejection in the stateful phase: a scenario's step may mutate one part of a
# request into something the schema forbids, then fill that very part from an earlier response
# (a link: the entry's seq, a reason it read), so the request it sends is valid after all and is
# rightly accepted, yet the check reads it as "invalid data accepted". Invalid data is still
# checked in the coverage and fuzzing phases, operation by operation.
STATEFUL_PHASE = "[phases.stateful.checks.negative_data_rejection]\nenabled = false\n\n"

# positive_data_acceptance everywhere: an Idempotency-Key the fuzzer happens to send again with
# another request (hypothesis repeats its small values) is refused with 422, as the header's
# draft says. Schemathesis' own list of accepted statuses, with 422 added.
REUSED_KEYS = (
    "[checks.positive_data_acceptance]\n"
    'expected-statuses = ["2xx", "3xx", "401", "403", "404", "409", "422", "429", "5xx"]\n\n'
    # negative_data_rejection: an address longer than the server takes is refused with 414
    # (config/long_uris.py), however invalid the rest of it is. Schemathesis' own list, with 414.
    "[checks.negative_data_rejection]\n"
    'expected-statuses = ["400", "401", "403", "404", "405", "406", "409", "414", "415", "422", '
    '"428", "429", "5xx"]\n\n'
)


def entry_operations(database_url: str) -> dict[str, str]:
    """Every kind of entry the table records, from the registry of entries: its operation id
    and what it needs that its schema cannot say (a seated player, a card of the campaign).
    Each is called on the game being played (pinned) and refuses data that breaks its rules."""
    code = (
        "import json, sys; from bench.api import prepare_django; prepare_django(sys.argv[1]);"
        "from api.views.table import ROUTES;"
        "from campaigns.game.entries.registry import ENTRIES, RECORDED;"
        "print(json.dumps({"
        "'campaigns_games_events_' + ROUTES[k].path.replace('-', '_') + '_create':"
        " ENTRIES[k].needs for k in RECORDED}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, database_url],
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def _operation_config(entries: dict[str, str]) -> str:
    """One [[operations]] block per operation, with every check it leaves out (``entries``:
    the entries' operations, ``entry_operations``)."""
    left_out: dict[str, list[str]] = {}
    for operation in (*STATEFUL_RULES, *entries):
        left_out.setdefault(operation, []).append("positive_data_acceptance")
    pinned = {**PINNED_ROWS, **dict.fromkeys(entries, "ensure_resource_availability")}
    for operation, check in pinned.items():
        left_out.setdefault(operation, []).append(check)
    return "".join(
        f'\n[[operations]]\ninclude-operation-id = "{operation}"\n'
        + "".join(f"checks.{check}.enabled = false\n" for check in checks)
        for operation, checks in left_out.items()
    )


# The operation that revokes the token every other operation is called with.
REVOKE_TOKEN = "auth_token_destroy"


def _schemathesis(
    server, config: Path, ids: dict, args, extra: list[str], max_time: int | None
) -> int:
    command = [
        str(Path(sys.executable).with_name("schemathesis")),
        "--config-file",
        str(config),
        "run",
        f"{server.base_url}/api/v1/schema/?format=json",
        "--url",
        server.base_url,
        # Every check is on unless the config file turns one off for one operation; naming
        # them on the command line would turn them back on everywhere.
        *([] if args.checks == "all" else ["--checks", args.checks]),
        "--header",
        f"Authorization: Token {ids['token']}",
        "--phases",
        args.phases,
        "--mode",
        "all",  # positive and negative data
        "--max-examples",
        str(args.examples),
        "--seed",
        str(args.seed),
        "--workers",
        str(args.workers),
        *([] if max_time is None else ["--max-time", str(max_time)]),
        "--request-timeout",
        "60",
        "--suppress-health-check",
        "all",
        "--report",
        "junit",
        *extra,
    ]
    print("fuzz: " + " ".join(command).replace(ids["token"], "<token>"), flush=True)
    return subprocess.run(command, cwd=ROOT, env=dict(os.environ, NO_COLOR="1")).returncode


def _members(database_url: str, ids: dict) -> dict:
    """An editor and a viewer for the campaign, a mark to correct, a sealed component, a rule
    sticker, a photo of the game being played and a chronicle PDF: more rows to reach (every
    path parameter pinned, so that a negative case of one is never sent with the others valid
    by chance)."""
    code = (
        "import json, sys; from bench.api import prepare_django; prepare_django(sys.argv[1]);"
        "from django.contrib.auth import get_user_model;"
        "from campaigns.models import Membership;"
        "from legacy.models import City;"
        "ids = json.loads(sys.argv[2]); U = get_user_model().objects;"
        "e = U.create_user(username='fuzz-editor', password='fuzz-editor-pw');"
        "v = U.create_user(username='fuzz-viewer', password='fuzz-viewer-pw');"
        "Membership.objects.create(campaign_id=ids['campaign'], user=e, role='editor');"
        "m = Membership.objects.create(campaign_id=ids['campaign'], user=v, role='viewer');"
        "c = City.objects.filter(campaign_id=ids['campaign']).first();"
        # An entry in the game being played, so the fuzzer can never cancel the game it uses.
        "from campaigns.models import Game; from campaigns.game.table import buy_red_star;"
        "g = Game.objects.get(campaign_id=ids['campaign'], number=ids['game']);"
        "buy_red_star(game=g, player=g.seats.order_by('order').first().player_id);"
        # A sealed component of the group's own and a rule sticker, to reach by their ids.
        "from campaigns.game import rulebook, sealed;"
        "k = sealed.add_component(campaign=g.campaign, name='Fuzz Tin', trigger='Now.');"
        "r = rulebook.add_sticker(campaign=g.campaign, section='scars', game=0, title='Fuzz');"
        # A photo of the board in that game, and a PDF of the chronicle.
        "import io; from PIL import Image;"
        "from django.core.files.uploadedfile import SimpleUploadedFile;"
        "from campaigns.photos.service import add_photo;"
        "from campaigns.chronicle.start import request_pdf;"
        "b = io.BytesIO(); Image.new('RGB', (64, 48), 'green').save(b, format='JPEG');"
        "o = g.campaign.owner;"
        "p = add_photo(game=g, upload=SimpleUploadedFile('board.jpg', b.getvalue()), by=o);"
        "j = request_pdf(campaign=g.campaign, by=o)[0];"
        "print(json.dumps({'member': m.pk, 'mark': c.pk, 'component': k.pk, 'sticker': r.pk,"
        " 'photo': p.pk, 'job': j.pk}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, database_url, json.dumps(ids)],
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


if __name__ == "__main__":
    sys.exit(main())
