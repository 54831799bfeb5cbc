"""Results models (ScoreSheet, HandRecord, Penalty, Ruling) will live here.

None exist yet: the app is installed now so that its management commands,
such as ``score_hands`` (which needs no database), are available.
"""
