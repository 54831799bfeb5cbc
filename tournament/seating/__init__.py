"""Seating: rounds, tables and seats, and the pure planner that fills them.

``plan``/``designs``/``search``/``winds`` are the planner (plain data, no
database); ``models``/``services``/``views`` are the Django side around it.
"""
