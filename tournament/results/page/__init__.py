"""The judge's table page and the read-only result pages, in the reader's words."""
