"""URL map of the whole site.

Languages are chosen with a form posting to ``set_language`` (plus the
browser's Accept-Language), so URLs stay the same in every language and a QR
code printed on a scoresheet works for everyone.

Static files are not in this map: WhiteNoise serves them (see settings).
"""

from django.contrib import admin
from django.urls import include, path

from tournament.accounts.login_limit import LoginView
from tournament.accounts.logout import LogoutView
from tournament.events import staff_views
from tournament.events import urls as event_urls
from tournament.rounds import event_urls as event_round_urls
from tournament.views import favicon, healthz

handler400 = "tournament.views.bad_request"

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("favicon.ico", favicon, name="favicon"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    # Django's login with a limit on failed attempts (tournament.accounts.login_limit).
    path("accounts/login/", LoginView.as_view(), name="login"),
    path("accounts/logout/", LogoutView.as_view(), name="logout"),
    # The one-time link a director gives a new staff member, to choose a password.
    path("accounts/welcome/<str:uidb64>/<str:token>/", staff_views.welcome, name="welcome"),
    # Staff pages: every view checks has_event_permission on the server.
    # The user's own page (API tokens), before manage/<slug>/ would take "account".
    path("manage/", include("tournament.api.staff.account_urls")),
    # An event's pages: its own, then its dashboard and its end (which show every round).
    path("manage/", include((event_urls.urlpatterns + event_round_urls.urlpatterns, "manage"))),
    # The round pages (namespace "seating"): seat, swap, publish, take back (tournament.rounds).
    path("manage/", include("tournament.rounds.urls")),
    path("manage/", include("tournament.standings.urls")),
    path("manage/", include("tournament.printing.urls")),
    path("manage/", include("tournament.stages.urls")),  # stages and cuts (issue #21)
    # Judges' result entry; the short /j/ address is printed as a QR code on each sheet.
    path("j/", include("tournament.results.urls")),
    # The JSON API and its schema (tournament.api).
    path("api/v1/", include("tournament.api.urls")),
    path("", include("tournament.hall.urls")),
    path("", include("tournament.playerentry.urls")),
    # Standings downloads (/e/<slug>/standings.csv …) before the public pages.
    path("", include("tournament.standings.urls_public")),
    path("", include("tournament.stats.urls")),  # /e/<slug>/statistics/
    path("", include("tournament.public.urls")),
]
