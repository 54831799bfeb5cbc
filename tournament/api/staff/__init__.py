"""The staff API under ``manage/``: a token, each view's own permission; the user's tokens page."""
