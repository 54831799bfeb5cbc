"""A service's refusal shown as the page's message: the staff views' one way to say "no".

Why: a director's verb (swap two seats, publish a round, remove a role) either
goes through or is refused by the service with an :class:`EventError` that
already says why in the reader's language. Every staff view answered that the
same way (the refusal as an error message, the success as a success message,
then the same redirect), written out each time; the block below is that rule.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.contrib import messages

from tournament.events.errors import EventError


@dataclass
class Outcome:
    """Whether the block went through (False after a refusal)."""

    done: bool = False


@contextmanager
def refusal_as_message(request) -> Iterator[Outcome]:
    """Run the block; a refusal becomes the page's error message, and ``.done`` stays False.

    Anything but an :class:`EventError` is not a refusal and goes on up.
    """
    outcome = Outcome()
    try:
        yield outcome
    except EventError as error:
        messages.error(request, error.message)
    else:
        outcome.done = True
