"""Statistics from the hands entered (issue #20): per player, per event, and a rank chart.

Counted from published, confirmed sheets only (what the public pages show).
"""
