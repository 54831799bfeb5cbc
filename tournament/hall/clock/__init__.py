"""The round clock: the director's buttons, what every page shows of it."""
