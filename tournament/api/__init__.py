"""The versioned JSON API under ``/api/v1/`` (issue #20).

Why Django REST framework with drf-spectacular: both are long-kept, widely
used and maintained; DRF brings throttling, content negotiation and token
authentication hooks, drf-spectacular an OpenAPI 3 schema read off the same
serializers that validate the input, so the schema cannot drift from the code.
Every write calls the same services as the pages (``tournament.*.services``):
same validation, same error codes, same history.
"""
