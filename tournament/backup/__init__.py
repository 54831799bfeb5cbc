"""Event backups: one event, everything played in it and its audit, as one JSON file.

``export_event`` writes the file and ``import_event`` restores it into any
database (an empty one, or one holding other events) in one transaction.
The file (format ``mahjong-event-backup``; its versions, what a restore
gives anew and what it leaves out, with the reasons) is described in
``schema``; this package has no models of its own.

Why a format of our own rather than ``dumpdata``: a backup must travel
between databases whose ids differ (players and users already there, other
events), keep the audit of objects that were deleted since (a swapped seat, a
table seated again), and restore timestamps Django would otherwise stamp
anew (``auto_now``). ``dumpdata`` keeps ids as they are and would collide.
"""
