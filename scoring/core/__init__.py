"""Family-free parts of the engine: tiles, the hand, shapes, patterns, results, errors,
names, seats and payments, placements. Every family builds on these."""
