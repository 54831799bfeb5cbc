"""Rulesets come from the families' registry; started events freeze their complete rules.

Events started before this migration froze only their hand config. Their
complete rules are resolved here once, from their options and the presets as
they are now (what they were being scored with), and frozen like those of
events started from now on. An event whose options the families refuse keeps
its old config and is read with its live options, as before.
"""

from django.db import migrations, models

import tournament.events.rules


def freeze_started_events(apps, schema_editor):
    from scoring.families import OptionError, UnknownRuleset, family_for

    Event = apps.get_model("events", "Event")
    for event in Event.objects.exclude(ruleset_config=None):
        if "rules" in (event.ruleset_config or {}):
            continue
        try:
            family = family_for(event.ruleset)
            overrides = dict(event.ruleset_overrides or {})
            option = family.hands_option()
            if option and event.hands_per_session:
                overrides.setdefault(option, event.hands_per_session)
            rules = family.resolve(event.ruleset, overrides)
        except (OptionError, UnknownRuleset):
            continue
        event.ruleset_config = {"ruleset": event.ruleset, "version": 2, "rules": rules.freeze()}
        event.save(update_fields=["ruleset_config"])


class Migration(migrations.Migration):

    dependencies = [
        ('events', '0003_entry_level'),
    ]

    operations = [
        migrations.AlterField(
            model_name='event',
            name='ruleset',
            field=models.CharField(choices=tournament.events.rules.ruleset_choices, max_length=20, verbose_name='ruleset'),
        ),
        migrations.AlterField(
            model_name='historicalevent',
            name='ruleset',
            field=models.CharField(choices=tournament.events.rules.ruleset_choices, max_length=20, verbose_name='ruleset'),
        ),
        migrations.RunPython(freeze_started_events, migrations.RunPython.noop),
    ]
