"""When the next round starts (issue #34): ``Round.next_round_at``, set by the director next to
the round's clock and shown by the projector. A new empty field: no data to carry over."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("seating", "0005_kept_seating_plan"),
    ]

    operations = [
        migrations.AddField(
            model_name="historicalround",
            name="next_round_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="next round starts"),
        ),
        migrations.AddField(
            model_name="round",
            name="next_round_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="next round starts"),
        ),
    ]
