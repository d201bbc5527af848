"""WSGI entry point, for tools that want one; the site itself is served over ASGI by Daphne
(``spacemission.asgi``), which the websockets need."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "spacemission.settings")

application = get_wsgi_application()
