"""Game logs of online tables, replayed hand by hand through the rules engine.

Vocabulary:

- *log*: the record a client keeps of one game (Tenhou's mjlog XML); it is
  read with a hardened parser (:mod:`scoring.logs.tenhou`) and refused, as a
  :class:`~scoring.logs.tenhou.LogError` with a code, when it is damaged, of
  another format, or a game this engine does not score (three players).
- *lobby*: the room the game was played in; its rules (red fives, open
  tanyao, start points, uma) come with the log (:mod:`scoring.logs.lobby`).
- *log seat*: 0-3 as the log numbers the players, 0 dealing first; the riichi
  family's seats ``E S W N`` are the same places.
- *the play*: deal, draws, discards, calls, riichi and dora as they happened;
  every hand is rebuilt from it (:mod:`scoring.logs.play`), the situation
  flags included, and scored and settled by the riichi family
  (:mod:`scoring.logs.replay`). The log's own figures (the winner's tiles,
  the value, the yaku, the payments, the final result) are only compared
  with ours: each disagreement is one entry of ``differs``.
"""
