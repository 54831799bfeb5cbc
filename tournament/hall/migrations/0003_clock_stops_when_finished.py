"""A clock stops when its round or its event finishes (issue #34).

Adds ``RoundClock.stopped_at`` and the two stop kinds of the clock's log, and
carries the existing data over: a started clock of a round already finished,
or of an event already finished, is stopped at the moment the history says
the round (else the event) finished, by whoever finished it, and the stop is
logged as the services now log it. Before this, such a clock kept running
("Round 4 clock 1:55:23 Running" on a finished event).
"""

from django.db import migrations, models


def _finished(history, **filters):
    """(when, who) of the first history record with status "finished", or (None, None)."""
    record = history.filter(status="finished", **filters).order_by("history_date").first()
    return (record.history_date, record.history_user_id) if record else (None, None)


def stop_finished_clocks(apps, schema_editor):
    RoundClock = apps.get_model("hall", "RoundClock")
    ClockEvent = apps.get_model("hall", "ClockEvent")
    HistoricalRound = apps.get_model("seating", "HistoricalRound")
    HistoricalEvent = apps.get_model("events", "HistoricalEvent")
    clocks = RoundClock.objects.filter(started_at__isnull=False, stopped_at__isnull=True)
    for clock in clocks.select_related("round__event"):
        round_, event = clock.round, clock.round.event
        if round_.status == "finished":
            kind = "stop_round"
            when, who = _finished(HistoricalRound.objects, id=round_.pk)
        elif event.status == "finished":
            kind = "stop_event"
            when, who = _finished(HistoricalEvent.objects, id=event.pk)
        else:
            continue
        clock.stopped_at = when or clock.updated_at
        clock.save(update_fields=["stopped_at"])
        ClockEvent.objects.create(clock=clock, kind=kind, created_by_id=who)


class Migration(migrations.Migration):
    dependencies = [
        ("hall", "0002_judge_call_reason_code"),
        ("seating", "0004_rank_method"),
        ("events", "0010_player_keeps_identity"),
    ]

    operations = [
        migrations.AddField(
            model_name="roundclock",
            name="stopped_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="stopped"),
        ),
        migrations.AlterField(
            model_name="clockevent",
            name="kind",
            field=models.CharField(
                choices=[
                    ("start", "Started"),
                    ("pause", "Paused"),
                    ("resume", "Resumed"),
                    ("extend", "Extended"),
                    ("table_extra", "Extra time for a table"),
                    ("reset", "Reset"),
                    ("stop_round", "Stopped: the round finished"),
                    ("stop_event", "Stopped: the event finished"),
                ],
                max_length=12,
                verbose_name="what",
            ),
        ),
        migrations.RunPython(stop_finished_clocks, migrations.RunPython.noop),
    ]
