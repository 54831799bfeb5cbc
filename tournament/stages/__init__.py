"""Stages of an event (issue #21): qualifying, semifinal, final.

An event without stages plays as before. An event with stages plays each
stage's rounds among that stage's entrants; the cut between two stages
takes the top N by the declared precedence (plus named wild cards), with
the earlier stage's points carried in full, halved or not at all. The
arithmetic is pure (``scoring.standings.stages``); this package stores the
stages and entrants, and turns them into standings and seatings.
"""
