"""A game's log entry stores its kind and data, never an English sentence.

Before the English ``summary`` column goes, each older entry's data is completed with what its
words need and it lacked: a scar placed with a card, missiles on their own roll, the territory a
rejoin names in its sentence. (The same reading as ``campaigns.game.event_words``'s
``data_from_summary``, which reads older backups; copied here so that this migration stays as it
ran whatever that module becomes.)
"""

import re

from django.db import migrations, models

from legacy import board

REJOINED_IN = re.compile(r" joins the war again in (?P<where>.+)\.$")


def data_from_summary(kind: str, seq: int, summary: str, data) -> dict:
    data = dict(data) if isinstance(data, dict) else {}
    if kind == "scar-placed" and "with_card" not in data:
        data["with_card"] = True
    elif kind == "missiles" and "roll" not in data:
        data["roll"] = seq
    elif kind == "rejoined" and not data.get("territory"):
        found = REJOINED_IN.search(summary or "")
        wanted = found.group("where").strip().casefold() if found else None
        slug = next((t.slug for t in board.TERRITORIES if t.name.casefold() == wanted), None)
        if slug:
            data["territory"] = slug
    return data


def fill_data_from_summaries(apps, schema_editor):
    GameEvent = apps.get_model("campaigns", "GameEvent")
    changed = []
    for event in GameEvent.objects.only("pk", "kind", "seq", "summary", "data").iterator():
        data = data_from_summary(event.kind, event.seq, event.summary, event.data)
        if data != event.data:
            event.data = data
            changed.append(event)
    GameEvent.objects.bulk_update(changed, ["data"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0027_words_of_game_status_role_and_result"),
    ]

    operations = [
        migrations.RunPython(fill_data_from_summaries, migrations.RunPython.noop),
        migrations.RemoveField(model_name="gameevent", name="summary"),
        migrations.AlterField(
            model_name="gameevent",
            name="kind",
            field=models.CharField(
                choices=[
                    ("scar-placed", "Scar placed"),
                    ("missiles", "Missiles on one roll"),
                    ("recruitment", "Big recruitment"),
                    ("eliminated", "Faction wiped out"),
                    ("rejoined", "Faction rejoined the war"),
                    ("coin-pile-out", "Coin pile ran out"),
                    ("mark-placed", "Mark placed"),
                    ("city-destroyed", "City destroyed"),
                    ("packet-opened", "Packet opened"),
                    ("red-star-bought", "Red star bought"),
                    ("fort-attacked", "Fortification box marked"),
                    ("card-drawn", "Card drawn"),
                    ("card-completed", "Mission completed"),
                    ("card-destroyed", "Card destroyed"),
                ],
                max_length=20,
            ),
        ),
    ]
