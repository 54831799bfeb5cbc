"""The demo events (``manage.py load_demo``), built with the services a director uses.

The demo open (32 players, 4 published rounds, demo staff logins, round 1's
results, a sheet in progress, a running clock: ``results``) and the demo team
event (64 players in 16 teams over three stages: ``team_event``). It needs
nearly every app, the hall's clock included, so it sits with the audiences,
at the top of the layers (README "Layout").
"""
