"""PrintJob.seating_print: what a document made of the seating was made from.

The jobs printed before this field get the print of the seating as it was
when they were made (the seats' history, as of the job's start), so a round
pack printed before a later swap is flagged "seating changed since" too.
"""

from django.db import migrations, models

from tournament.printing.seating_print import seating_print_of

# The built-in documents made of the seating when this migration was written.
SEATED = {
    "round_pack",
    "blank_scoresheets",
    "filled_sheets",
    "seating_list",
    "table_signs",
    "round_results",
    "seat_cards",
}


def _as_of(history, moment, **filters) -> dict:
    """id -> the record of each row as it stood at ``moment`` (deleted rows left out)."""
    rows = {}
    records = history.objects.filter(history_date__lte=moment, **filters).order_by(
        "history_date", "history_id"
    )
    for record in records:
        rows[record.id] = record
    return {pk: record for pk, record in rows.items() if record.history_type != "-"}


def seating_at_print(apps, schema_editor):
    PrintJob = apps.get_model("printing", "PrintJob")
    seats = apps.get_model("seating", "HistoricalSeat")
    tables = apps.get_model("seating", "HistoricalTable")
    rounds = apps.get_model("seating", "HistoricalRound")
    jobs = PrintJob.objects.filter(status="done", kind__in=SEATED, seating_print="")
    for job in jobs.iterator():
        moment = job.started_at or job.created_at
        scope = {"round__event_id": job.event_id} if job.round_id is None else {}
        scope = scope or {"round_id": job.round_id}
        held = _as_of(seats, moment, **scope)
        table_numbers = {
            pk: r.number
            for pk, r in _as_of(
                tables, moment, id__in={s.table_id for s in held.values()}
            ).items()
        }
        round_numbers = {
            pk: r.number
            for pk, r in _as_of(rounds, moment, id__in={s.round_id for s in held.values()}).items()
        }
        rows = [
            (round_numbers.get(s.round_id), table_numbers.get(s.table_id), s.wind, s.registration_id)
            for s in held.values()
        ]
        if not rows or any(None in row for row in rows):
            continue  # no history to go by: the job is left unflagged, as before
        PrintJob.objects.filter(pk=job.pk).update(seating_print=seating_print_of(rows))


class Migration(migrations.Migration):
    dependencies = [
        ("printing", "0006_kinds_from_the_registry"),
        ("seating", "0004_rank_method"),
    ]

    operations = [
        migrations.AddField(
            model_name="printjob",
            name="seating_print",
            field=models.CharField(
                blank=True, default="", max_length=40, verbose_name="seating printed"
            ),
        ),
        migrations.RunPython(seating_at_print, migrations.RunPython.noop),
    ]
