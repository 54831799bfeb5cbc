"""How the site is served on the venue laptop: ``runserver`` with room for a burst.

Why an app of its own: Django picks the first app's ``runserver``, so this one
comes first in ``INSTALLED_APPS`` (before staticfiles, whose command it extends).
"""
