"""Logging out: a POST, as Django's own view; a GET asks with a button instead of failing.

Why: Django 5 logs out by POST only (a link or an image could otherwise log
someone out), and answered a typed or bookmarked ``/accounts/logout/`` with
a bare 405. A judge who types the address sees a page with the *Log out*
button; someone not logged in goes to the home page.
"""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.shortcuts import redirect, render


class LogoutView(auth_views.LogoutView):
    http_method_names = ["get", "post", "options"]

    def get(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect(self.get_success_url())
        return render(request, "registration/logout.html")
