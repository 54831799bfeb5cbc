"""The site's own date formats where Django's differ from what the venue reads.

Why: Django's English dates are American ("Dec. 6, 2026", "12/06/2026"); an
international event's staff and players read "6 Dec 2026". Japanese and
Chinese keep Django's own (2026年12月6日).
"""
