"""How the line of a cut was decided, kept with the stage (issue #34).

New fields: the method (by rank, the declared tiebreak, lot, the director's
choice), the deciding tiebreak, the director's reason, and the two players
either side of the line. Cuts made before carry over: a cut that settled a
tie by naming players becomes "the director's choice" with the words the
director typed when making it (kept in the stage's history as the
``stage.cut`` reason); any other keeps a blank method, and the pages read
the line from the standings as before. The pair is left empty: which of the
tied players was listed last was never kept.
"""

import json

import django.db.models.deletion
from django.db import migrations, models


def _words(record) -> str:
    """The director's words in a ``stage.cut {"words": ...}`` history reason, or ""."""
    code, _space, rest = (record.history_change_reason or "").partition(" ")
    if code != "stage.cut" or not rest:
        return ""
    try:
        return str(json.loads(rest).get("words", ""))[:80]
    except (ValueError, AttributeError):
        return ""


def carry_over(apps, schema_editor):
    Stage = apps.get_model("stages", "Stage")
    StageEntrant = apps.get_model("stages", "StageEntrant")
    HistoricalStage = apps.get_model("stages", "HistoricalStage")
    for stage in Stage.objects.exclude(cut_at=None).filter(cut_method=""):
        if not StageEntrant.objects.filter(stage=stage, reason="tie").exists():
            continue
        made = (
            HistoricalStage.objects.filter(id=stage.pk)
            .filter(history_change_reason__startswith="stage.cut")
            .exclude(history_change_reason__startswith="stage.cut_undone")
            .order_by("-history_id")
            .first()
        )
        reason = _words(made) if made is not None else ""
        Stage.objects.filter(pk=stage.pk).update(cut_method="choice", cut_reason=reason)
        if made is not None:  # the record of the cut says it too
            HistoricalStage.objects.filter(pk=made.pk).update(
                cut_method="choice", cut_reason=reason
            )


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0010_player_keeps_identity"),
        ("stages", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="historicalstage",
            name="cut_first_out",
            field=models.ForeignKey(
                blank=True,
                db_constraint=False,
                null=True,
                on_delete=django.db.models.deletion.DO_NOTHING,
                related_name="+",
                to="events.registration",
                verbose_name="first player out",
            ),
        ),
        migrations.AddField(
            model_name="historicalstage",
            name="cut_last_in",
            field=models.ForeignKey(
                blank=True,
                db_constraint=False,
                null=True,
                on_delete=django.db.models.deletion.DO_NOTHING,
                related_name="+",
                to="events.registration",
                verbose_name="last player through",
            ),
        ),
        migrations.AddField(
            model_name="historicalstage",
            name="cut_method",
            field=models.CharField(
                blank=True,
                choices=[
                    ("rank", "By rank"),
                    ("tiebreak", "By the declared tiebreak"),
                    ("lot", "By lot"),
                    ("choice", "By the director's choice"),
                ],
                default="",
                max_length=8,
                verbose_name="line decided",
            ),
        ),
        migrations.AddField(
            model_name="historicalstage",
            name="cut_reason",
            field=models.CharField(
                blank=True, default="", max_length=80, verbose_name="reason for the choice"
            ),
        ),
        migrations.AddField(
            model_name="historicalstage",
            name="cut_tiebreak",
            field=models.CharField(
                blank=True, default="", max_length=40, verbose_name="deciding tiebreak"
            ),
        ),
        migrations.AddField(
            model_name="stage",
            name="cut_first_out",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="events.registration",
                verbose_name="first player out",
            ),
        ),
        migrations.AddField(
            model_name="stage",
            name="cut_last_in",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="events.registration",
                verbose_name="last player through",
            ),
        ),
        migrations.AddField(
            model_name="stage",
            name="cut_method",
            field=models.CharField(
                blank=True,
                choices=[
                    ("rank", "By rank"),
                    ("tiebreak", "By the declared tiebreak"),
                    ("lot", "By lot"),
                    ("choice", "By the director's choice"),
                ],
                default="",
                max_length=8,
                verbose_name="line decided",
            ),
        ),
        migrations.AddField(
            model_name="stage",
            name="cut_reason",
            field=models.CharField(
                blank=True, default="", max_length=80, verbose_name="reason for the choice"
            ),
        ),
        migrations.AddField(
            model_name="stage",
            name="cut_tiebreak",
            field=models.CharField(
                blank=True, default="", max_length=40, verbose_name="deciding tiebreak"
            ),
        ),
        migrations.AddConstraint(
            model_name="stage",
            constraint=models.CheckConstraint(
                condition=models.Q(("cut_method__in", ["", "rank", "tiebreak", "lot", "choice"])),
                name="stage_cut_method_is_known",
            ),
        ),
        migrations.RunPython(carry_over, migrations.RunPython.noop),
    ]
