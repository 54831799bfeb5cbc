"""The rules engine: pure Python, no Django.

Vocabulary used across the package:

- *tile kind*: one of the 34 distinct tiles, numbered 0..33 in the order
  1m..9m, 1p..9p, 1s..9s, then East, South, West, North, White, Green, Red.
- *hand*: what the winner shows at the end: the concealed tiles, the melds and
  the winning tile, plus the situation (winds, self-draw or discard, flags).
- *ruleset*: a machine name (``tenhou``, ``jpml-a``, ``mcr`` …) resolved to a
  frozen config. Scoring is a pure function of (hand, ruleset config).

The one entry point for callers is :func:`scoring.engine.score`.
"""
