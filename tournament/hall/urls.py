"""The hall's addresses, one list per part so that each part keeps its own file.

Included at the site's root (``tournament/urls.py``): each part names its
own prefixes (``/e/<slug>/projector/…`` public, ``/manage/<slug>/…`` staff,
``/j/<slug>/…`` judges).
"""

from tournament.hall.calls import urls as calls_urls
from tournament.hall.clock import urls as clock_urls
from tournament.hall.projector import urls as projector_urls

app_name = "hall"

urlpatterns = clock_urls.urlpatterns + calls_urls.urlpatterns + projector_urls.urlpatterns
