"""Websocket routes of live play (see docs/protocol.md)."""

from django.urls import path

from spacemission.live import deadlines
from spacemission.live.bots import resume_when_serving
from spacemission.live.consumers import MatchConsumer

websocket_urlpatterns = [
    path("ws/match/<int:match_id>/", MatchConsumer.as_asgi()),
]

# The ASGI application imports this module once per server process: bots whose turn it
# is (the process restarted mid-match) move again as soon as the server runs, and the
# deadline worker starts (a restart resumes every clock: the deadlines are stored).
resume_when_serving(deadlines.start)
