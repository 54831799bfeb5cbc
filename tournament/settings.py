"""Django settings for the mahjong tournament referee and scoresheet system.

Everything that differs between a laptop at the venue, CI and a server comes
from the environment (see README, "Environment variables"); the parsing lives
in ``tournament.envconfig``. Without any variables set this is a development
site on SQLite with Celery tasks running eagerly.
"""

import os
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from tournament.envconfig import celery_settings, database_config, env_bool, env_list

BASE_DIR = Path(__file__).resolve().parent.parent

_DEV_SECRET_KEY = "django-insecure-dev-only-do-not-use-in-production"
SECRET_KEY = os.environ.get("SECRET_KEY", _DEV_SECRET_KEY)
DEBUG = env_bool(os.environ, "DEBUG", default=True)
if not DEBUG and SECRET_KEY == _DEV_SECRET_KEY:
    raise ImproperlyConfigured("Set SECRET_KEY when DEBUG is off; the default key is public.")

ALLOWED_HOSTS = env_list(
    os.environ, "ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"]
)

INSTALLED_APPS = [
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
    "tournament.backup",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After sessions (the chosen language may live there), before common.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Records which user made each change in the history tables.
    "simple_history.middleware.HistoryRequestMiddleware",
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
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

# Static files come from the project itself: no CDN, no remote fonts, so the
# site works on a venue network without internet.
STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

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
