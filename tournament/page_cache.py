"""Public pages kept in memory for a few seconds, per process.

Why: during a round hundreds of phones refresh the standings, and every
anonymous visitor in one language gets the same page. Building it costs
milliseconds (the event, the standings fingerprint query, the page around the
cached table); under 50 concurrent clients those milliseconds queue up. A page
served from memory costs about what a health check does.

Freshness, in order of strength:

- any save or delete of an event, player, registration, round, table, seat,
  score sheet, hand, ruling or penalty bumps a *generation* (:func:`changed`),
  at once and again when the transaction commits; a page stored under an older
  generation is never served again by this process;
- the generation is also kept in Django's cache, so with a shared cache (Redis,
  ``CACHE_URL``) every web process sees the change on its next request;
- whatever the cache, a stored page is served for at most
  ``PUBLIC_PAGE_CACHE_SECONDS`` (default :data:`DEFAULT_SECONDS`): the bound on
  how stale a page can be in another process with only its own memory, or
  after a change made without signals (``bulk_create``, raw SQL; the backup
  importer calls :func:`changed` itself). 0 turns the cache off.

Each answer carries a weak ETag, so a browser that asks again with
If-None-Match (live.js every refresh, a reload) gets "304 Not Modified" and
no body while the page is unchanged: a phone polling the standings all day
downloads the table only when it changes.

Who gets a stored page: GET and HEAD without a session cookie or a messages
cookie, so never a logged-in judge or director, and never a page that should
show a flash message. Only 200 answers are stored.

The language switch on every page is a POST form with a CSRF token. A stored
page keeps a placeholder there and each visitor gets a token of their own
(``get_token``, which also sets the cookie), as if the page were rendered for
them.
"""

from __future__ import annotations

import hashlib
import re
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import m2m_changed, post_delete, post_save
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.translation import get_language

DEFAULT_SECONDS = 3
# Memory for stored pages in one process; the least recently used go first.
DEFAULT_MAX_BYTES = 32 * 1024 * 1024
# The apps whose rows public pages show (standings snapshots and print jobs are not among them;
# the hall's round clock is on the public event page; a cut changes who the standings show).
WATCHED_APPS = frozenset({"events", "seating", "results", "hall", "stages"})
GENERATION_KEY = "public-page-cache:generation"
MESSAGES_COOKIE = "messages"  # django.contrib.messages' CookieStorage
CSRF_FIELD = re.compile(rb'(name="csrfmiddlewaretoken" value=")[^"]*(")')
PLACEHOLDER = b"\x00csrf-token\x00"


@dataclass(frozen=True)
class _Stored:
    body: bytes
    headers: tuple[tuple[str, str], ...]
    generation: tuple[int, int]
    stored_at: float
    has_token: bool
    digest: str  # of the body as stored (placeholder in place of a token)


class _Store:
    """An LRU of stored pages bounded by bytes; one per process, shared by its threads."""

    def __init__(self):
        self._pages: OrderedDict[tuple, _Stored] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.local_generation = 0

    def get(self, key) -> _Stored | None:
        with self._lock:
            page = self._pages.get(key)
            if page is not None:
                self._pages.move_to_end(key)
            return page

    def put(self, key, page: _Stored, max_bytes: int) -> None:
        with self._lock:
            old = self._pages.pop(key, None)
            if old is not None:
                self._bytes -= len(old.body)
            if len(page.body) > max_bytes:
                return
            self._pages[key] = page
            self._bytes += len(page.body)
            while self._bytes > max_bytes:
                _key, dropped = self._pages.popitem(last=False)
                self._bytes -= len(dropped.body)

    def clear(self) -> None:
        with self._lock:
            self._pages.clear()
            self._bytes = 0
            self.local_generation += 1

    def __len__(self) -> int:
        return len(self._pages)


_store = _Store()


def _bump() -> None:
    _store.clear()
    try:
        if not cache.add(GENERATION_KEY, 1, timeout=None):
            cache.incr(GENERATION_KEY)
    except ValueError:  # expired between add and incr
        cache.add(GENERATION_KEY, 1, timeout=None)


def forget_stored() -> None:
    """Drop this process's stored pages now, without telling other processes.

    For a process whose rows changed without a signal it could hear (a test's
    transaction rolled back): :func:`changed` also bumps the shared generation,
    at commit.
    """
    _store.clear()


def changed() -> None:
    """Something public pages show has changed: stored pages go, now and at commit.

    Now in this process, so that its next page is fresh even inside the
    transaction (tests run in one); at commit everywhere (the shared
    generation), so that a page rendered meanwhile from the old rows is not
    kept, and other processes, which cannot see the change before, drop theirs.
    One commit hook per transaction, however many rows it saves.
    """
    _store.clear()
    connection = transaction.get_connection()
    if connection.in_atomic_block and any(hook[1] is _bump for hook in connection.run_on_commit):
        return
    transaction.on_commit(_bump)


def _generation() -> tuple[int, int]:
    return (_store.local_generation, cache.get(GENERATION_KEY, 0))


def _seconds() -> float:
    return float(getattr(settings, "PUBLIC_PAGE_CACHE_SECONDS", DEFAULT_SECONDS))


def _eligible(request) -> bool:
    if request.method not in ("GET", "HEAD") or _seconds() <= 0:
        return False
    cookies = request.COOKIES
    return settings.SESSION_COOKIE_NAME not in cookies and MESSAGES_COOKIE not in cookies


def _storable(response) -> bool:
    return (
        response.status_code == 200
        and not response.streaming
        and not response.cookies  # a page that sets a cookie of its own is someone's
        and not response.has_header("Set-Cookie")
    )


def _store_response(key, response, generation) -> None:
    body, tokens = CSRF_FIELD.subn(rb"\1" + PLACEHOLDER + rb"\2", response.content)
    page = _Stored(
        body=body,
        headers=tuple(response.items()),
        generation=generation,
        stored_at=time.monotonic(),
        has_token=tokens > 0,
        digest=hashlib.blake2b(body, digest_size=12).hexdigest(),
    )
    _store.put(key, page, int(getattr(settings, "PUBLIC_PAGE_CACHE_BYTES", DEFAULT_MAX_BYTES)))
    return page


def _etag(request, page: _Stored) -> str:
    """A weak validator: the same page, and for a page with a form the same CSRF cookie.

    The cookie is in it because a browser that gets "304 Not Modified" keeps
    the copy it has, token included; that token only works with the cookie it
    was made for.
    """
    if not page.has_token:
        return f'W/"{page.digest}"'
    cookie = request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
    return f'W/"{page.digest}-{hashlib.blake2b(cookie.encode(), digest_size=6).hexdigest()}"'


def _not_modified(request, page: _Stored, etag: str) -> HttpResponse | None:
    """304 when the browser's copy is current (live.js revalidates every refresh)."""
    answer = get_conditional_response(request, etag=etag)
    if answer is None:
        return None
    answer["ETag"] = etag
    for name, value in page.headers:
        if name.lower() in ("cache-control", "vary"):
            answer[name] = value
    patch_vary_headers(answer, ("Cookie",))
    return answer


def _serve(request, page: _Stored) -> HttpResponse:
    etag = _etag(request, page)
    not_modified = _not_modified(request, page, etag)
    if not_modified is not None:
        return not_modified
    body = page.body
    if page.has_token:
        body = body.replace(PLACEHOLDER, get_token(request).encode())
    response = HttpResponse(body)
    for name, value in page.headers:
        response[name] = value
    response["ETag"] = etag
    # What a rendered page says once the template has looked at the session.
    patch_vary_headers(response, ("Cookie",))
    return response


def _with_etag(response, etag: str):
    response["ETag"] = etag
    return response


def cached_public_page(view):
    """Serve ``view``'s anonymous GET answers from memory while they are current."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not _eligible(request):
            return view(request, *args, **kwargs)
        key = (request.path, request.META.get("QUERY_STRING", ""), get_language())
        generation = _generation()
        page = _store.get(key)
        if (
            page is not None
            and page.generation == generation
            and time.monotonic() - page.stored_at < _seconds()
        ):
            return _serve(request, page)
        response = view(request, *args, **kwargs)
        if not _storable(response):
            return response
        page = _store_response(key, response, generation)
        etag = _etag(request, page)
        return _not_modified(request, page, etag) or _with_etag(response, etag)

    return wrapper


def _on_change(sender, **kwargs) -> None:
    if sender._meta.app_label in WATCHED_APPS:
        changed()


def connect_signals() -> None:
    """Called once from the app's ``ready``: every watched model's change bumps the generation."""
    post_save.connect(_on_change, dispatch_uid="public-page-cache-save")
    post_delete.connect(_on_change, dispatch_uid="public-page-cache-delete")
    m2m_changed.connect(_on_change, dispatch_uid="public-page-cache-m2m")
