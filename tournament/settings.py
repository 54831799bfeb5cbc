"""Django settings for the mahjong tournament referee and scoresheet system.

Everything that differs between a laptop at the venue, CI and a server comes
from the environment (see README, "Environment variables"); the parsing lives
in ``tournament.envconfig``. Without any variables set this is a locked-down
site (DEBUG off, HTTPS only) on SQLite with Celery tasks running eagerly, which
refuses to serve until SECRET_KEY is set; ``make run`` and ``make test`` set
DEBUG=1 for a development site on plain http.
"""

import os
from pathlib import Path

from django.utils.translation import gettext_lazy as _

from tournament.envconfig import (
    DEV_SECRET_KEY,
    cache_config,
    celery_settings,
    database_config,
    env_bool,
    env_int,
    env_list,
    https_settings,
)
from tournament.logs import logging_config

BASE_DIR = Path(__file__).resolve().parent.parent

# Off unless asked for: a forgotten variable gives a locked-down site, never a
# debug page full of settings.
DEBUG = env_bool(os.environ, "DEBUG", default=False)
SECRET_KEY = os.environ.get("SECRET_KEY", "").strip() or DEV_SECRET_KEY
# With DEBUG off, serving (gunicorn, runserver, the test client) refuses the
# public development key (tournament.middleware.RequireSecretKeyMiddleware).
# Commands that serve nothing (score_hands, create_event, migrate, a Celery
# worker ...) run without one.
SECRET_KEY_REQUIRED = not DEBUG

ALLOWED_HOSTS = env_list(
    os.environ, "ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"]
)
CSRF_TRUSTED_ORIGINS = env_list(os.environ, "CSRF_TRUSTED_ORIGINS", [])

# Served over HTTPS (by a proxy in front of gunicorn) unless HTTPS=0: secure
# cookies, http -> https redirects, HSTS. Default on when DEBUG is off; a
# director serving a venue network on http://192.168.x.x sets HTTPS=0.
HTTPS = env_bool(os.environ, "HTTPS", default=not DEBUG)
_https = https_settings(HTTPS, env_int(os.environ, "HSTS_SECONDS", 365 * 24 * 3600))
SESSION_COOKIE_SECURE = _https["SESSION_COOKIE_SECURE"]
CSRF_COOKIE_SECURE = _https["CSRF_COOKIE_SECURE"]
SECURE_SSL_REDIRECT = _https["SECURE_SSL_REDIRECT"]
SECURE_REDIRECT_EXEMPT = _https["SECURE_REDIRECT_EXEMPT"]
SECURE_HSTS_SECONDS = _https["SECURE_HSTS_SECONDS"]
# Headers on every response (Django's defaults, spelled out).
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Content-Security-Policy (tournament.middleware; the same setting and shape as
# Django 6.0's built-in one): only the site's own scripts, styles and images,
# no inline code or style attributes, no framing, forms post to the site only.
SECURE_CSP = {
    "default-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "style-src": ["'self'"],
    # No inline script (tests/tournament/test_security.py looks at every page).
    "script-src": ["'self'"],
    "object-src": ["'none'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
    "base-uri": ["'self'"],
}

# Staff logins: a username that fails this many times from one address is
# refused for the window (seconds) after its first failure (tournament.accounts).
LOGIN_FAILURE_LIMIT = env_int(os.environ, "LOGIN_FAILURE_LIMIT", 5)
LOGIN_FAILURE_WINDOW = env_int(os.environ, "LOGIN_FAILURE_WINDOW", 15 * 60)
# Staff sessions end after this many seconds without a request (phones are shared);
# each request extends a live one (tournament.accounts.idle_sessions).
SESSION_IDLE_SECONDS = env_int(os.environ, "SESSION_IDLE_SECONDS", 12 * 3600)
if SESSION_IDLE_SECONDS < 60:
    raise ValueError(f"SESSION_IDLE_SECONDS={SESSION_IDLE_SECONDS} must be 60 or more")
SESSION_COOKIE_AGE = SESSION_IDLE_SECONDS

INSTALLED_APPS = [
    # First: its runserver (a longer listen queue) replaces staticfiles' own.
    "tournament.serving",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "simple_history",
    "tournament.events",
    "tournament.seating",
    "tournament.results",
    "tournament.standings",
    "tournament.printing",
    "tournament.public",
    "tournament.hall",
    "tournament.playerentry",
    "tournament.backup",
    "tournament.accounts",
    "rest_framework",
    "drf_spectacular",
    "tournament.api",
    "tournament.stats",
    "tournament.stages",
    # The round workflow (no models): seat, correct, publish, finish (README "Layout").
    "tournament.rounds",
    "tournament.demo",  # manage.py load_demo
]

MIDDLEWARE = [
    "tournament.logs.SlowRequestMiddleware",
    "tournament.middleware.RequireSecretKeyMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Static files straight after the security headers, before sessions & co.
    "tournament.middleware.StaticFilesMiddleware",
    "tournament.middleware.ContentSecurityPolicyMiddleware",
    # Staff pages, downloads and API answers: Cache-Control: private, no-store.
    "tournament.middleware.StaffNoStoreMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After sessions (the chosen language may live there), before common.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Logs out a session idle longer than SESSION_IDLE_SECONDS; extends a live one.
    "tournament.accounts.idle_sessions.IdleSessionMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Records which user made each change in the history tables.
    "simple_history.middleware.HistoryRequestMiddleware",
    # Last: its process_exception sees a view's database error first (a 503 page).
    "tournament.middleware.DatabaseUnavailableMiddleware",
]

ROOT_URLCONF = "tournament.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "tournament.wsgi.application"
ASGI_APPLICATION = "tournament.asgi.application"

DATABASES = {
    "default": database_config(
        os.environ.get("DATABASE_URL"), default_sqlite=BASE_DIR / "db" / "dev.sqlite3"
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Per process in memory, or shared in Redis with CACHE_URL (several web processes).
CACHES = {"default": cache_config(os.environ.get("CACHE_URL"))}
# Public pages kept in each web process's memory at most this long (tournament.page_cache);
# a change made in the same process, or announced through a shared CACHE_URL, shows at once.
PUBLIC_PAGE_CACHE_SECONDS = float(os.environ.get("PUBLIC_PAGE_CACHE_SECONDS", "3"))

# The JSON API (tournament.api): tokens only, JSON only, one error shape, anonymous rate limit.
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["tournament.api.auth.TokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["tournament.api.permissions.EventPermission"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # JSON within bounds: too deep or too large is a 400 in the API's error shape.
    "DEFAULT_PARSER_CLASSES": ["tournament.api.parsers.JSONBodyParser"],
    "DEFAULT_SCHEMA_CLASS": "tournament.api.schema.AutoSchema",
    "EXCEPTION_HANDLER": "tournament.api.errors.exception_handler",
    "DEFAULT_THROTTLE_CLASSES": ["tournament.api.public.throttles.AnonymousClients"],
    "DEFAULT_THROTTLE_RATES": {"anon": os.environ.get("API_ANON_RATE", "120/min")},
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Mahjong tournament API",
    "DESCRIPTION": "Events, seating, results and standings; staff writes with a token.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "SCHEMA_PATH_PREFIX": "/api/v1",
    # Several models have a "status"; name each choice set after its model.
    "ENUM_NAME_OVERRIDES": {
        "EventStatusEnum": "tournament.events.models.Event.Status",
        "RegistrationStatusEnum": "tournament.events.models.Registration.Status",
        "RoundStatusEnum": "tournament.seating.models.Round.Status",
        "CutMethodEnum": "tournament.stages.models.Stage.CutMethod",
        "SeatingMethodEnum": "tournament.seating.models.Round.Method",
    },
}

# The login limit is checked before any password (tournament.accounts.login_limit).
AUTHENTICATION_BACKENDS = [
    "tournament.accounts.login_limit.LoginLimitBackend",
    "django.contrib.auth.backends.ModelBackend",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Staff log in with Django's own view; the staff pages start at /manage/.
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "manage:events"
LOGOUT_REDIRECT_URL = "public:home"

# Seconds the seating planner may search for a better seating of one round.
SEATING_TIME_BUDGET = float(os.environ.get("SEATING_TIME_BUDGET", "10"))

# Internationalisation: the public follows events in their own language.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("ja", _("Japanese")),
    ("zh-hans", _("Simplified Chinese")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["tournament.formats"]  # English dates day first (tournament/formats)
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

# Static files come from the project itself: no CDN, no remote fonts, so the
# site works on a venue network without internet. WhiteNoise serves them from
# every process, DEBUG or not: from STATIC_ROOT once `manage.py collectstatic`
# has run there (gzipped copies too; make stack does it), else straight from
# the sources, so a single process is a complete site without that step.
# Names are not hashed: the PDF renderer finds {% static %} files by name.
STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = not STATIC_ROOT.is_dir()
# Content-Type as Django's own static view gave it ("text/css"): the files are
# UTF-8 like the pages that load them, which is what browsers then assume.
WHITENOISE_CHARSET = ""

# Files the site makes (round packs and other PDFs), served only through views
# that check the event permission; never under STATIC_URL.
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))

# The address printed in QR codes on paper (a judge's phone opens it): where the
# site is reachable from the venue's network, e.g. http://192.168.1.10:8000.
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

# Celery: eager without a broker, a real worker with CELERY_BROKER_URL.
_celery = celery_settings(os.environ)
CELERY_BROKER_URL = _celery["CELERY_BROKER_URL"]
CELERY_RESULT_BACKEND = _celery.get("CELERY_RESULT_BACKEND")
CELERY_TASK_ALWAYS_EAGER = _celery["CELERY_TASK_ALWAYS_EAGER"]
CELERY_TASK_EAGER_PROPAGATES = _celery["CELERY_TASK_EAGER_PROPAGATES"]
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
# A Redis that is down costs a request a second or two, not Celery's defaults (issue #32:
# Print answered 500 after 19 s). Redis is on the host or the venue's network, where a
# connection takes milliseconds; a publish is tried 3 times in about half a second, and
# the result store (which the print jobs do not use) gives up as quickly.
CELERY_BROKER_CONNECTION_TIMEOUT = 1
CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 1, "socket_timeout": 5}
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.3,
}
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 1
CELERY_REDIS_SOCKET_TIMEOUT = 5
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {
    "retry_policy": {"max_retries": 2, "interval_start": 0, "interval_step": 0.5, "interval_max": 1}
}
# Under `celery beat` (make stack runs the worker with --beat): print jobs whose
# worker went silent move on even if nobody looks at them (tournament.printing.upkeep).
CELERY_BEAT_SCHEDULE = {
    "sweep-stale-print-jobs": {"task": "printing.sweep_stale_jobs", "schedule": 60.0},
}

# Players CSV upload bounds (tournament.events.upload_bounds, issue #16). The
# largest events have a few hundred players (about 60 bytes a row), so these
# are never reached by a real file; a wrong or hostile one is refused at once
# instead of timing out, and the preview page shows at most PREVIEW_ROWS rows.
PLAYERS_CSV_MAX_BYTES = 2 * 1024 * 1024
PLAYERS_CSV_MAX_ROWS = 5000
PLAYERS_CSV_PREVIEW_ROWS = 500

# One JSON line per log event on stderr: 500s with their traceback, 4xx and security
# events, slow requests (SLOW_REQUEST_MS), the site's own warnings (tournament.logs).
LOGGING = logging_config(os.environ.get("LOG_LEVEL", "INFO").upper())

# Proxies whose X-Forwarded-For names the client (the login limit counts per client
# address, tournament.accounts.login_limit): e.g. "127.0.0.1" behind nginx on the host.
TRUSTED_PROXIES = env_list(os.environ, "TRUSTED_PROXIES", [])

# Print jobs (tournament.printing.recovery, issue #16): a job whose worker gives no sign
# of life for PRINT_JOB_STALE_SECONDS is taken over by another worker; a rendering
# worker beats every sixth of that, so a live one never is. 30: a dead worker's job
# moves on within a minute.
PRINT_JOB_STALE_SECONDS = env_int(os.environ, "PRINT_JOB_STALE_SECONDS", 30)
if PRINT_JOB_STALE_SECONDS < 1:
    raise ValueError(f"PRINT_JOB_STALE_SECONDS={PRINT_JOB_STALE_SECONDS} must be 1 or more")
