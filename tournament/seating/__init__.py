"""Seating: rounds, tables and seats, and the pure planner that fills them.

``planner/`` is the planner (plain data, no database, no Django); ``models``,
``field`` (who sits), ``quality`` and ``visibility`` are the Django side around
it, and ``views`` shows a round to the public. The verbs that seat, correct
and publish a round need the results, standings and stages above: they are
the round workflow's (``tournament.rounds``).
"""
