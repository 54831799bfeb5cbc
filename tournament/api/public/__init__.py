"""The public reads of the API: no token, what the public pages show, as JSON."""
