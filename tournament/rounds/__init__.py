"""The round workflow: the verbs and pages that need several apps below at once.

Seating a round (the event's field, or a stage's entrants, by the standings
when by rank or swiss), planning the rounds to come, correcting seats at
tables with results (sheets sent back), publishing, taking a round back,
finishing it and the event; the director's round pages and the event's
dashboard. Above the stages, the standings, the results and the seating,
below the audiences (README "Layout").
"""
