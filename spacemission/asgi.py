"""ASGI entry point: HTTP through Django, websockets through the live consumers."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "spacemission.settings")
# Build the Django app before importing anything that touches models.
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402

from spacemission import collector, dependencies  # noqa: E402
from spacemission.live import socket_writes  # noqa: E402
from spacemission.live.routing import websocket_urlpatterns as live_routes  # noqa: E402
from spacemission.live.sessions import socket_auth_stack  # noqa: E402
from spacemission.lobby.routing import websocket_urlpatterns as lobby_routes  # noqa: E402

# Checked here, where a serving process starts, not in every management command: stop at
# once, saying why, rather than hang on the first connection.
dependencies.require_redis()

if settings.EAGER_WRITES:
    socket_writes.install()

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            socket_auth_stack(URLRouter(lobby_routes + live_routes))
        ),
    }
)
# Last: everything built so far lives as long as the process.
collector.tune(settings.GC_THRESHOLD)
