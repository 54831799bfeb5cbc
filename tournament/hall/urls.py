"""The hall's addresses, one list per part so that each part keeps its own file.

Included at the site's root (``tournament/urls.py``): each part names its
own prefixes (``/e/<slug>/projector/…`` public, ``/manage/<slug>/…`` staff,
``/j/<slug>/…`` judges).
"""

from tournament.hall import calls_urls, clock_urls, projector_urls

app_name = "hall"

urlpatterns = clock_urls.urlpatterns + calls_urls.urlpatterns + projector_urls.urlpatterns
