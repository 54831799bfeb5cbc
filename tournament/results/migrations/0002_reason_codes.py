"""A version's reason becomes a code with parameters; ``reason`` keeps the judge's own words."""

from django.db import migrations, models


def _fields(model_name):
    return [
        migrations.AddField(
            model_name=model_name,
            name="reason_code",
            field=models.CharField(
                blank=True,
                choices=[
                    ("hand_entered", "Hand entered"),
                    ("hand_corrected", "Hand corrected"),
                    ("hand_removed", "Hand removed"),
                    ("final_scores", "Final scores entered"),
                    ("ruling_added", "Ruling"),
                    ("ruling_voided", "Ruling cancelled"),
                    ("conflict", "Not applied (conflict)"),
                    ("imported", "Imported from a results file"),
                ],
                max_length=20,
                verbose_name="reason code",
            ),
        ),
        migrations.AddField(
            model_name=model_name,
            name="reason_params",
            field=models.JSONField(blank=True, default=dict, verbose_name="reason parameters"),
        ),
        migrations.AlterField(
            model_name=model_name,
            name="reason",
            field=models.CharField(blank=True, max_length=300, verbose_name="reason as typed"),
        ),
    ]


class Migration(migrations.Migration):
    dependencies = [
        ("results", "0001_scoresheets"),
    ]

    operations = _fields("scoresheet") + _fields("historicalscoresheet")
