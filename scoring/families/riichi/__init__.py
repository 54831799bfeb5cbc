"""Riichi (JPML A and B, WRC, EMA, Tenhou): hands valued by the ``mahjong`` library.

The family object is :data:`scoring.families.riichi.family.FAMILY`.
"""
