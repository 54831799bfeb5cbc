"""Settings from the environment: database, Celery, flags and lists."""

import os
import subprocess
import sys

import pytest
from django.conf import settings

from tournament.celery import app as celery_app
from tournament.celery import ping
from tournament.envconfig import (
    cache_config,
    celery_settings,
    database_config,
    env_bool,
    env_int,
    env_list,
    https_settings,
)


def test_default_database_is_a_sqlite_file_whose_directory_is_created(tmp_path):
    default = tmp_path / "db" / "dev.sqlite3"
    config = database_config(None, default_sqlite=default)
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == str(default)
    assert default.parent.is_dir()


def test_sqlite_url_with_an_absolute_path(tmp_path):
    path = tmp_path / "elsewhere" / "event.sqlite3"
    config = database_config(f"sqlite:///{path}", default_sqlite=tmp_path / "unused.sqlite3")
    assert config["NAME"] == str(path)
    assert path.parent.is_dir()
    assert not (tmp_path / "unused.sqlite3").exists()


def test_postgres_url(tmp_path):
    config = database_config(
        "postgres://referee:s3cret@db.local:5433/mahjong", default_sqlite=tmp_path / "x.sqlite3"
    )
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["NAME"], config["USER"], config["PASSWORD"]) == ("mahjong", "referee", "s3cret")
    assert (config["HOST"], config["PORT"]) == ("db.local", 5433)
    assert config["CONN_HEALTH_CHECKS"] is True


def _settings_in_a_fresh_process(env, expression):
    """Evaluate ``expression`` on django.conf.settings loaded under ``env``."""
    code = f"import django; django.setup(); from django.conf import settings; print({expression})"
    result = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "tournament.settings", **env},
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout.strip()


def test_settings_honour_database_url(tmp_path):
    path = tmp_path / "venue" / "event.sqlite3"
    name = _settings_in_a_fresh_process(
        {"DATABASE_URL": f"sqlite:///{path}"}, 'settings.DATABASES["default"]["NAME"]'
    )
    assert name == str(path)


def test_settings_honour_celery_broker_url():
    out = _settings_in_a_fresh_process(
        {"CELERY_BROKER_URL": "redis://127.0.0.1:6379/3"},
        "settings.CELERY_BROKER_URL, settings.CELERY_RESULT_BACKEND, "
        "settings.CELERY_TASK_ALWAYS_EAGER",
    )
    assert out == "redis://127.0.0.1:6379/3 redis://127.0.0.1:6379/3 False"


def test_celery_is_eager_without_a_broker():
    assert celery_settings({}) == {
        "CELERY_BROKER_URL": "memory://",
        "CELERY_TASK_ALWAYS_EAGER": True,
        "CELERY_TASK_EAGER_PROPAGATES": True,
    }


def test_celery_result_backend_defaults_to_the_broker_unless_given():
    broker = {"CELERY_BROKER_URL": "redis://localhost:6379/0"}
    assert celery_settings(broker)["CELERY_RESULT_BACKEND"] == "redis://localhost:6379/0"
    given = {**broker, "CELERY_RESULT_BACKEND": "redis://localhost:6379/1"}
    assert celery_settings(given)["CELERY_RESULT_BACKEND"] == "redis://localhost:6379/1"
    assert celery_settings(given)["CELERY_TASK_ALWAYS_EAGER"] is False


@pytest.mark.skipif("CELERY_BROKER_URL" in os.environ, reason="a broker is configured")
def test_the_celery_app_runs_tasks_in_process_without_a_broker():
    assert celery_app.conf.task_always_eager is True
    assert celery_app.conf.task_eager_propagates is True
    assert ping.delay().get(timeout=5) == "pong"


def test_env_bool():
    assert env_bool({}, "DEBUG", default=True) is True
    assert env_bool({"DEBUG": "off"}, "DEBUG", default=True) is False
    assert env_bool({"DEBUG": " Yes "}, "DEBUG", default=False) is True
    with pytest.raises(ValueError, match="DEBUG='flase'"):
        env_bool({"DEBUG": "flase"}, "DEBUG", default=True)


def test_env_list():
    default = ["localhost"]
    assert env_list({}, "ALLOWED_HOSTS", default) == ["localhost"]
    hosts = {"ALLOWED_HOSTS": " mahjong.example, ,10.0.0.5 "}
    assert env_list(hosts, "ALLOWED_HOSTS", default) == ["mahjong.example", "10.0.0.5"]


def test_env_int():
    assert env_int({}, "HSTS_SECONDS", 60) == 60
    assert env_int({"HSTS_SECONDS": " 0 "}, "HSTS_SECONDS", 60) == 0
    with pytest.raises(ValueError, match="HSTS_SECONDS='1y' is not a whole number"):
        env_int({"HSTS_SECONDS": "1y"}, "HSTS_SECONDS", 60)


def test_cache_config():
    assert cache_config(None)["BACKEND"].endswith("LocMemCache")
    assert cache_config("redis://127.0.0.1:6379/1") == {
        "BACKEND": "tournament.resilient_cache.ResilientRedisCache",
        "LOCATION": "redis://127.0.0.1:6379/1",
    }
    with pytest.raises(ValueError, match="CACHE_URL"):
        cache_config("memcached://127.0.0.1:11211")


def test_https_settings():
    on = https_settings(True, 3600)
    assert on["SESSION_COOKIE_SECURE"] and on["CSRF_COOKIE_SECURE"] and on["SECURE_SSL_REDIRECT"]
    assert on["SECURE_HSTS_SECONDS"] == 3600
    assert on["SECURE_REDIRECT_EXEMPT"] == [r"^healthz$", r"^static/"]
    off = https_settings(False, 3600)
    assert not (off["SESSION_COOKIE_SECURE"] or off["CSRF_COOKIE_SECURE"])
    assert (off["SECURE_SSL_REDIRECT"], off["SECURE_HSTS_SECONDS"]) == (False, 0)


_SECURITY = (
    "settings.DEBUG, settings.HTTPS, settings.SESSION_COOKIE_SECURE, "
    "settings.CSRF_COOKIE_SECURE, settings.SECURE_SSL_REDIRECT, settings.SECURE_HSTS_SECONDS"
)
_UNSET = ("DEBUG", "HTTPS", "SECRET_KEY", "HSTS_SECONDS")


def _clean_env(**env):
    """The environment without the security variables, plus ``env``."""
    clean = {k: v for k, v in os.environ.items() if k not in _UNSET}
    return {**clean, "DJANGO_SETTINGS_MODULE": "tournament.settings", **env}


def _run(code, env):
    return subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _security(**env):
    code = f"import django; django.setup(); from django.conf import settings; print({_SECURITY})"
    result = _run(code, _clean_env(**env))
    assert result.returncode == 0, result.stderr
    return result.stdout.split()


def test_without_variables_the_site_is_locked_down():
    assert _security() == ["False", "True", "True", "True", "True", "31536000"]


def test_a_director_may_serve_plain_http_with_debug_off():
    assert _security(SECRET_KEY="k" * 50, HTTPS="0") == ["False", "False"] + ["False"] * 3 + ["0"]
    assert _security(SECRET_KEY="k" * 50, HSTS_SECONDS="600")[-1] == "600"


def test_debug_means_a_development_site_on_plain_http():
    assert _security(DEBUG="1") == ["True", "False", "False", "False", "False", "0"]
    assert _security(DEBUG="1", HTTPS="1")[1:5] == ["True"] * 4


def test_debug_off_refuses_to_serve_without_a_secret_key():
    serve = "import tournament.wsgi"  # what gunicorn does
    refused = _run(serve, _clean_env(DEBUG="0"))
    assert refused.returncode != 0
    assert "Set SECRET_KEY" in refused.stderr
    assert _run(serve, _clean_env(DEBUG="0", SECRET_KEY="k" * 50)).returncode == 0
    assert _run(serve, _clean_env(DEBUG="1")).returncode == 0


def test_commands_that_serve_nothing_need_no_secret_key():
    # The command-line contracts (COMMANDS.md) hold in an empty environment.
    result = subprocess.run(
        [sys.executable, "manage.py", "plan_seating", "--players", "8", "--rounds", "2"]
        + ["--seed", "1", "--format", "json"],
        env=_clean_env(),
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert '"rounds"' in result.stdout
