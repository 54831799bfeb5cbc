# Issue #32 (H2): the name as entered, the club and the country belong to the registration.
#
# The fields are added to Registration (and its history), then every registration
# is given its player's values: the live row the player's current ones, each
# history record the player's values as they were at that record's time (the
# player's history record in force then; the current values when the player has
# none that old). ``0010_player_keeps_identity`` then takes them off Player.

import bisect
from collections import defaultdict

import django.core.validators
from django.db import migrations, models

FIELDS = ("name", "club", "country")
BATCH = 500


def _player_history(HistoricalPlayer):
    """player id -> (sorted history dates, the (name, club, country) in force from each)."""
    found = defaultdict(lambda: ([], []))
    records = HistoricalPlayer.objects.order_by("id", "history_date", "history_id")
    for record in records.values_list("id", "history_date", *FIELDS).iterator():
        dates, values = found[record[0]]
        dates.append(record[1])
        values.append(record[2:])
    return found


def copy_to_registrations(apps, schema_editor):
    Player = apps.get_model("events", "Player")
    Registration = apps.get_model("events", "Registration")
    HistoricalRegistration = apps.get_model("events", "HistoricalRegistration")
    HistoricalPlayer = apps.get_model("events", "HistoricalPlayer")
    current = {row[0]: row[1:] for row in Player.objects.values_list("pk", *FIELDS).iterator()}
    changed = []
    for registration in Registration.objects.only("pk", "player_id").iterator():
        registration.name, registration.club, registration.country = current[registration.player_id]
        changed.append(registration)
    Registration.objects.bulk_update(changed, FIELDS, batch_size=BATCH)

    past = _player_history(HistoricalPlayer)
    changed = []
    records = HistoricalRegistration.objects.only("history_id", "player_id", "history_date")
    for record in records.iterator():
        values = current.get(record.player_id)
        dates, history = past.get(record.player_id, ([], []))
        at = bisect.bisect_right(dates, record.history_date) - 1
        if at >= 0:
            values = history[at]
        if values is None:  # the player is gone and kept no history: nothing to copy
            continue
        record.name, record.club, record.country = values
        changed.append(record)
    HistoricalRegistration.objects.bulk_update(changed, FIELDS, batch_size=BATCH)


def copy_back_to_players(apps, schema_editor):
    """Going back: each player takes the values of their latest registration."""
    Player = apps.get_model("events", "Player")
    Registration = apps.get_model("events", "Registration")
    changed = []
    for player in Player.objects.iterator():
        latest = (
            Registration.objects.filter(player_id=player.pk)
            .order_by("-pk")
            .values_list(*FIELDS)
            .first()
        )
        if latest is not None:
            player.name, player.club, player.country = latest
            changed.append(player)
    Player.objects.bulk_update(changed, FIELDS, batch_size=BATCH)


def _fields():
    return [
        (
            "name",
            models.CharField(
                default="", help_text="In any script.", max_length=200, verbose_name="name"
            ),
        ),
        ("club", models.CharField(blank=True, max_length=200, verbose_name="club")),
        (
            "country",
            models.CharField(
                blank=True,
                help_text="ISO 3166-1 two-letter code, e.g. JP, CN, DE.",
                max_length=2,
                validators=[
                    django.core.validators.RegexValidator(
                        "^[A-Z]{2}$", "Use a two-letter ISO code, e.g. JP."
                    )
                ],
                verbose_name="country",
            ),
        ),
    ]


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0008_teams"),
    ]

    operations = [
        *(
            migrations.AddField(
                model_name=model, name=name, field=field, preserve_default=name != "name"
            )
            for model in ("registration", "historicalregistration")
            for name, field in _fields()
        ),
        migrations.RunPython(copy_to_registrations, copy_back_to_players),
    ]
