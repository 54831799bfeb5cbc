"""Hong Kong Old Style: our own faan table, East repeats, half-pay or full-pay.

The family object is :data:`scoring.families.hkos.family.FAMILY`.
"""
