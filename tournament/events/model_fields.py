"""Field and constraint shapes that the models of several apps share, written once.

Each returns exactly the field or constraints the models wrote out before, so
no migration changes (``makemigrations --check`` says so). events is the
lowest app whose models need them; the apps above import them from here.

Vocabulary:

- *staff user*: the account that did something to a row (entered, confirmed,
  took a call, asked for a print). The row keeps it without a reverse accessor
  (``related_name="+"``); a deleted account leaves the row (``SET_NULL``) or is
  refused while the row names it (``PROTECT``, for what the sheets' history needs).
- *numbered in*: a row numbered from 1 within its parent (a round in its event,
  a table in its round, a stage in its event, a hand in its sheet).
- *part of*: the row a record belongs to and goes with (``CASCADE``): a round's
  event, a hand's sheet, a call's table. *Optional*: the record may belong to
  none (an event-wide print job, a clock event for every table).
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


def staff_user(verbose_name, *, on_delete=models.SET_NULL, blank: bool = True):
    """The account that did something to the row, if there was one."""
    return models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=on_delete,
        null=True,
        blank=blank,
        related_name="+",
        verbose_name=verbose_name,
    )


def part_of(parent, related_name: str, verbose_name, *, optional: bool = False):
    """The row this one belongs to; deleting it deletes this one."""
    return models.ForeignKey(
        parent,
        on_delete=models.CASCADE,
        related_name=related_name,
        verbose_name=verbose_name,
        **({"null": True, "blank": True} if optional else {}),
    )


def of_event(related_name: str):
    """The event a record belongs to (a round, a stage, a registration, a print job)."""
    return part_of("events.Event", related_name, _("event"))


def optional_count(verbose_name, help_text):
    """A whole number of at least 1 that may be left empty (empty: the usual, or none)."""
    return models.PositiveSmallIntegerField(
        verbose_name,
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=help_text,
    )


def numbered_in(parent: str, noun: str) -> list[models.BaseConstraint]:
    """One row per number within ``parent``, numbers from 1.

    The constraints are named ``one_<noun>_per_number`` and ``<noun>_number_from_one``.
    """
    return [
        models.UniqueConstraint(fields=[parent, "number"], name=f"one_{noun}_per_number"),
        models.CheckConstraint(condition=Q(number__gte=1), name=f"{noun}_number_from_one"),
    ]
