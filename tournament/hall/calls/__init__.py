"""Calling a judge, and how far each table is: the players ask, the judges answer."""
