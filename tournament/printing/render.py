"""HTML templates to PDF bytes with WeasyPrint: the one renderer of views, tasks and commands.

Nothing is fetched over the network. A document's stylesheets and images are
the project's own static files (``{% static %}`` URLs), read from disk by
:class:`StaticFetcher`; ``data:`` URLs are decoded in memory; every other
URL is refused with a warning. Fonts are the system's (Debian's
``fonts-noto-cjk`` for Chinese and Japanese names): WeasyPrint embeds the
subset a document uses, which needs ``libharfbuzz-subset0`` to be quick.

``render_pdf(..., progress=...)`` reports each page WeasyPrint lays out, so a
background job can show how far a long document has come.
"""

from __future__ import annotations

import logging
import mimetypes
import threading
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from django.utils import translation

logger = logging.getLogger(__name__)

# The base URL of every document: ``{% static %}`` paths resolve under it and
# are answered from disk. The ``.invalid`` domain can never resolve (RFC 2606).
BASE_URL = "https://print.invalid/"
PageCallback = Callable[[int], None]


class StaticFetcher:
    """A WeasyPrint URL fetcher that reads static files from disk and refuses the rest."""

    def __init__(self, base_url: str = BASE_URL):
        from weasyprint.urls import URLFetcher

        # WeasyPrint's own fetcher decodes data: URLs without any network access.
        self._data = URLFetcher(allowed_protocols=("data",))
        self._fail_on_errors = False  # what WeasyPrint's fetch() reads from a fetcher
        self.static_prefix = base_url + settings.STATIC_URL.lstrip("/")
        self.refused: list[str] = []

    def __call__(self, url: str):
        from weasyprint.urls import URLFetcherResponse

        if url.startswith("data:"):
            return self._data.fetch(url)
        path = self.static_path(url)
        if path is None:
            self.refused.append(url)
            logger.warning("printing: not fetched (only static files and data: URLs): %s", url)
            raise ValueError(f"not fetched: {url}")
        content_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(
            path.as_uri(), path.read_bytes(), headers={"Content-Type": content_type}
        )

    def static_path(self, url: str) -> Path | None:
        """The file a ``{% static %}`` URL names, or None (not static, or no such file)."""
        if not url.startswith(self.static_prefix):
            return None
        relative = unquote(urlsplit(url).path)[len(urlsplit(self.static_prefix).path) :]
        if not relative or ".." in Path(relative).parts:
            return None
        found = finders.find(relative)
        return Path(found) if found else None


def render_html(template_name: str, context: dict, *, language: str | None = None) -> str:
    with translation.override(language) if language else _nothing():
        return render_to_string(template_name, context)


def render_pdf(
    template_name: str,
    context: dict,
    *,
    language: str | None = None,
    on_page: PageCallback | None = None,
) -> bytes:
    """The template rendered with ``context`` (in ``language``, else the active one) as a PDF.

    ``on_page(n)`` is called as WeasyPrint lays out page ``n`` (from 1; a page
    can be laid out twice when a "page n / N" counter needs the total).
    """
    with _page_reports(on_page):
        return render_document(template_name, context, language=language).write_pdf()


def render_document(template_name: str, context: dict, *, language: str | None = None):
    """The laid-out WeasyPrint document (pages and boxes): what :func:`render_pdf` writes."""
    from weasyprint import HTML

    html = render_html(template_name, context, language=language)
    return HTML(string=html, base_url=BASE_URL, url_fetcher=StaticFetcher()).render()


@contextmanager
def _nothing():
    yield


# --- Page progress: WeasyPrint logs "Step 5 - Creating layout - Page n" at INFO --------------

_local = threading.local()
_lock = threading.Lock()
_listening = 0


class _PageFilter(logging.Filter):
    """Hands this thread's layout steps to its callback and keeps them out of the logs."""

    def filter(self, record: logging.LogRecord) -> bool:
        callback = getattr(_local, "on_page", None)
        if callback is None:
            return record.levelno > logging.INFO
        if str(record.msg).startswith("Step 5") and record.args:
            callback(int(record.args[0]))
        return False


_FILTER = _PageFilter()


@contextmanager
def _page_reports(on_page: PageCallback | None):
    if on_page is None:
        yield
        return
    from weasyprint.logger import PROGRESS_LOGGER

    global _listening
    with _lock:
        if _listening == 0:
            _local_level[0] = PROGRESS_LOGGER.level
            PROGRESS_LOGGER.addFilter(_FILTER)
            PROGRESS_LOGGER.setLevel(logging.INFO)
        _listening += 1
    _local.on_page = on_page
    try:
        yield
    finally:
        _local.on_page = None
        with _lock:
            _listening -= 1
            if _listening == 0:
                PROGRESS_LOGGER.removeFilter(_FILTER)
                PROGRESS_LOGGER.setLevel(_local_level[0])


_local_level = [logging.NOTSET]
