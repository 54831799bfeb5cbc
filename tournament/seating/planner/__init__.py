"""The seating planner: who sits where in each round, as plain data in and out.

Pure Python, no Django and no database, so that it can be tested and timed
without either: ``plan.plan_seating`` takes player ids, the rounds already
played, groups and standings, and returns a ``Plan``. The Django side
(``tournament.rounds.services``) loads those rows, calls the planner, and
stores the answer as Round, Table and Seat rows in one transaction.

Modules: ``plan`` (the entry point and its checks), ``balanced`` (designs,
then the search, then winds), ``designs`` and ``finite_fields`` (the
algebraic seatings and the GF(q) arithmetic under them), ``continuation``
(going on with a design round by round), ``groups`` (keeping clubs apart),
``search`` (tabu search), ``swiss`` (tables by standings), ``winds`` (who
sits East, South, West, North), ``lineage`` (newcomers read in the places of
players gone, so a design goes on after a drop and a substitute),
``quality`` (repeats, club meetings and wind balance as the director reads
them) and ``deadline`` (the time budget).

A test (tests/tournament/seating/planner/test_no_django.py) keeps it that way:
nothing here may import Django, or anything of the project outside this
package.
"""
