# Issue #32 (H2): the player keeps only the EMA id and the Latin names; the name as
# entered, the club and the country are on the registration since 0009, which copied them.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('events', '0009_registration_name_club_country'),
    ]

    operations = [
        # A default first, so that going back can add the column again to rows that exist
        # (0009 then copies each player's latest registration into it).
        *(
            migrations.AlterField(
                model_name=model,
                name='name',
                field=models.CharField(
                    default='', help_text='In any script.', max_length=200, verbose_name='name'
                ),
            )
            for model in ('player', 'historicalplayer')
        ),
        migrations.AlterModelOptions(
            name='player',
            options={'ordering': ['pk'], 'verbose_name': 'player', 'verbose_name_plural': 'players'},
        ),
        migrations.AlterModelOptions(
            name='registration',
            options={'ordering': ['name', 'pk'], 'verbose_name': 'registration', 'verbose_name_plural': 'registrations'},
        ),
        migrations.RemoveField(
            model_name='historicalplayer',
            name='club',
        ),
        migrations.RemoveField(
            model_name='historicalplayer',
            name='country',
        ),
        migrations.RemoveField(
            model_name='historicalplayer',
            name='name',
        ),
        migrations.RemoveField(
            model_name='player',
            name='club',
        ),
        migrations.RemoveField(
            model_name='player',
            name='country',
        ),
        migrations.RemoveField(
            model_name='player',
            name='name',
        ),
    ]
