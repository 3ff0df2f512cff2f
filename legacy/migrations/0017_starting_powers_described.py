"""The box's starting powers were stored under names of our own making: each becomes the plain
description the box now gives it (only a row that still carries the old name is changed)."""

from django.db import migrations

# (faction, code): (the old name, the description)
RENAMED = {
    ("die-mechaniker", "a"): ("Fortified HQ", "Starting HQ fortified"),
    ("die-mechaniker", "b"): ("Iron Defence", "Two natural 6s halt attacks"),
    ("enclave-of-the-bear", "a"): ("Ferocity", "−1 to the defender's lower die"),
    ("enclave-of-the-bear", "b"): ("Overwhelm", "Three of a kind conquers"),
    ("imperial-balkania", "a"): ("Rounding Up", "Recruitment rounded up"),
    ("imperial-balkania", "b"): ("Spoils of Expansion", "A card after 4+ expansions"),
    ("khan-industries", "a"): ("Rapid Deployment", "A troop on each HQ"),
    ("khan-industries", "b"): ("Supply Lines", "A troop with a territory card"),
    ("saharan-republic", "a"): ("Desert Cunning", "Maneuver at any time"),
    ("saharan-republic", "b"): ("Long Roads", "Maneuver between any two"),
}


def describe(apps, schema_editor):
    FactionPower = apps.get_model("legacy", "FactionPower")
    for (faction, code), (old, new) in RENAMED.items():
        FactionPower.objects.filter(
            slot="starting", faction=faction, code=code, name=old
        ).update(name=new)


def name_again(apps, schema_editor):
    FactionPower = apps.get_model("legacy", "FactionPower")
    for (faction, code), (old, new) in RENAMED.items():
        FactionPower.objects.filter(
            slot="starting", faction=faction, code=code, name=new
        ).update(name=old)


class Migration(migrations.Migration):
    dependencies = [("legacy", "0016_marks_on_added_territories")]

    operations = [migrations.RunPython(describe, name_again)]
