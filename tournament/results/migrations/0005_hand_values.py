"""Replayed rows stored before hand values became data get their values (codes and numbers).

Each stored version whose rows have only the English ``value_text`` is
replayed with its event's rules, and each row that the replay reproduces
takes its value (``tournament.results.legacy.values``): a result is a pure
function of the entries and the rules, so nothing is read back from English.
A version the engine refuses today keeps its old text, shown unchanged.
History records stay as they were stored. Reversing leaves the values: the
old code reads ``value_text``, which every row still has.
"""

from django.db import migrations


def forwards(apps, schema_editor):
    from tournament.results.legacy.values import add_values

    ScoreSheet = apps.get_model("results", "ScoreSheet")
    sheets = ScoreSheet.objects.filter(kind="hands").select_related("table__round__event")
    add_values(sheets.iterator(chunk_size=200), ScoreSheet)


class Migration(migrations.Migration):
    dependencies = [
        ("results", "0004_reason_is_a_code_or_words"),
        ("events", "0004_rulesets_from_families"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
