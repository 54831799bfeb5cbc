"""``make run``'s server, with a listen queue a room of judges cannot overflow.

Django's development server queues 10 connections. Fifty judges saving at
once (issue 16) overflowed it: the kernel reset the rest, and a judge's phone
showed a network error for a save that never arrived. The server is threaded;
only its queue was short. Everything else is Django's (and staticfiles')
``runserver``.
"""

from django.contrib.staticfiles.management.commands import runserver
from django.core.servers.basehttp import WSGIServer

# Connections waiting to be accepted: the kernel's default cap (somaxconn) is 4096.
LISTEN_QUEUE = 1024


class VenueWSGIServer(WSGIServer):
    request_queue_size = LISTEN_QUEUE


class Command(runserver.Command):
    server_cls = VenueWSGIServer
