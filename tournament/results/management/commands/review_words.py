"""``manage.py review_words``: every word each ruleset's players read, with its translation.

For a proofreader who plays the ruleset (README, "Words"): one section per
family (its rulesets' titles, the codes it declares, its fan or yaku names),
then the words every page shares, as tab-separated lines: what, code or
context, English, translation. No database is used.
"""

from __future__ import annotations

from scoring.families import all_families
from tournament.commands import NoDatabaseCommand
from tournament.results.words_review import LOCALE_DIRECTORY, catalogue, family_lines


class Command(NoDatabaseCommand):
    help = "List every word with its translation, per ruleset family, for a proofreader."

    def add_arguments(self, parser):
        parser.add_argument("--language", default="ja", choices=sorted(LOCALE_DIRECTORY))
        families = sorted(family.name for family in all_families())
        parser.add_argument("--family", choices=families, help="only this family's section")
        parser.add_argument(
            "--no-shared", action="store_true", help="leave out the words every page shares"
        )

    def handle(self, *args, **options):
        lang = options["language"]
        for family in sorted(all_families(), key=lambda f: f.name):
            if options["family"] and family.name != options["family"]:
                continue
            self.stdout.write(f"## {family.name}")
            for line in family_lines(family, lang):
                self.stdout.write("\t".join(line))
            self.stdout.write("")
        if options["no_shared"] or options["family"]:
            return
        self.stdout.write("## shared")
        for (context, msgid), text in catalogue(lang).items():
            self.stdout.write("\t".join(("msgid", context or "", msgid, text)).replace("\n", " "))
