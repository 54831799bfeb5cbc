"""Rows stored before reasons and values became codes and data, read once."""
