"""A version says why in a code or in the judge's words, not both (after 0003 converted the rows).

A separate migration from the data one: PostgreSQL refuses to alter a table
with pending trigger events in the transaction that updated its rows.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("results", "0003_reasons_from_english"),
    ]

    operations = [
        migrations.AddConstraint(
            model_name="scoresheet",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("reason_code", ""), models.Q(("reason", ""), _negated=True)),
                    models.Q(models.Q(("reason_code", ""), _negated=True), ("reason", "")),
                    _connector="OR",
                ),
                name="sheet_reason_is_a_code_or_words",
            ),
        ),
    ]
