"""``print_jobs --sweep`` and ``print_jobs --prune DAYS``: print jobs' upkeep from cron.

For sites that run no ``celery beat`` (a venue laptop with eager tasks has no
stale jobs to sweep, but its PDFs pile up all the same).
"""

from django.core.management.base import BaseCommand, CommandError

from tournament.printing.upkeep import prune_finished, sweep_stale


class Command(BaseCommand):
    help = (
        "Re-queue or fail print jobs whose worker went silent (--sweep) and delete "
        "finished jobs and their PDFs older than DAYS days (--prune DAYS)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--sweep", action="store_true", help="apply the stale rule now")
        parser.add_argument(
            "--prune",
            type=float,
            metavar="DAYS",
            help="delete done, failed and cancelled jobs ended more than DAYS days ago, with files",
        )

    def handle(self, *args, sweep=False, prune=None, **options):
        if not sweep and prune is None:
            raise CommandError("say what to do: --sweep, --prune DAYS, or both")
        if prune is not None and prune < 0:
            raise CommandError(f"--prune: {prune} is not a number of days (0 or more)")
        if sweep:
            moved = sweep_stale()
            described = ", ".join(f"{n} {status}" for status, n in sorted(moved.items()))
            self.stdout.write(f"stale jobs: {described or 'none'}")
        if prune is not None:
            self.stdout.write(f"deleted {prune_finished(prune)} finished jobs")
