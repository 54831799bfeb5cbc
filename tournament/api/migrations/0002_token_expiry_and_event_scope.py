"""API tokens end, and may be kept to one event (issue #32, L6).

Tokens made before this migration had no end. They are given the default
lifetime (``tokens.DEFAULT_DAYS``, 30 days) counted from the moment the
migration runs, rather than being stopped at once or kept valid until a date
written here: a script an event relies on (a stream overlay, a rating
import) keeps working through the upgrade, even mid-event, and its owner has
a month, shown on the token page, to make a new token with the lifetime and
event they choose. A fixed date would already be past on a site upgraded
late, and stop every such script without warning. The number is copied here
rather than imported, so that the migration stays what it was if the default
changes. Existing tokens keep acting in every event of their user (no scope),
as before.
"""

from datetime import timedelta

import django.db.models.deletion
from django.db import migrations, models
from django.utils import timezone

DEFAULT_DAYS_THEN = 30


def give_existing_tokens_an_end(apps, schema_editor):
    ApiToken = apps.get_model("api", "ApiToken")
    ends = timezone.now() + timedelta(days=DEFAULT_DAYS_THEN)
    ApiToken.objects.filter(expires_at__isnull=True).update(expires_at=ends)


class Migration(migrations.Migration):
    dependencies = [
        ("api", "0001_initial"),
        ("events", "0008_teams"),
    ]

    operations = [
        migrations.AddField(
            model_name="apitoken",
            name="expires_at",
            field=models.DateTimeField(null=True, verbose_name="expires at"),
        ),
        migrations.RunPython(give_existing_tokens_an_end, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="apitoken",
            name="expires_at",
            field=models.DateTimeField(verbose_name="expires at"),
        ),
        migrations.AddField(
            model_name="apitoken",
            name="event",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="events.event",
                verbose_name="only for the event",
            ),
        ),
    ]
