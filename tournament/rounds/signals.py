"""What the round workflow tells the apps above it: a round or the event has finished.

Why a signal: the hall (its clock) sits above the rounds in the layers, so
``round_admin`` cannot call it. ``finish_round`` and ``finish_event`` send
these inside their transaction, with who did it; the hall's receivers stop
the clocks (``tournament.hall.clock.services``) in the same transaction, so a
refused finish stops nothing.
"""

from django.dispatch import Signal

# Sent with ``round`` (the finished Round) and ``by`` (the user, or None).
round_finished = Signal()
# Sent with ``event`` (the finished Event) and ``by`` (the user, or None).
event_finished = Signal()
