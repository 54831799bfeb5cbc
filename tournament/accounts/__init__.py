"""Staff accounts: the login page and its limit on failed attempts (``login_limit``)."""
