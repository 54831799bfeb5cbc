"""Seating: rounds, tables and seats, and the pure planner that fills them.

``planner/`` is the planner (plain data, no database, no Django);
``models``/``services``/``views`` are the Django side around it.
"""
