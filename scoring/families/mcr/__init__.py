"""MCR (Chinese Official): hands valued by ``pymahjonggb``, 16-hand sessions, table points.

The family object is :data:`scoring.families.mcr.family.FAMILY`.
"""
