"""Zung Jung (World Series of Mahjong): our own pattern table, fixed seats, points.

The family object is :data:`scoring.families.zung_jung.family.FAMILY`.
"""
