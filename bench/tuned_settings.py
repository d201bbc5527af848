"""The app's settings with two knobs the benchmarks and fault drills turn from the environment.

Point a server's ``DJANGO_SETTINGS_MODULE`` here:

- ``CHANNELS_CAPACITY``: the Redis channel layer's per-channel capacity (default 100).
  A tiny value makes the layer drop group messages for real when a process falls
  behind, which is how the drills exercise clients catching up by ``sync``.
- ``DB_CONN_MAX_AGE``: seconds a database connection is kept (the app's default, 0,
  opens a new PostgreSQL connection for every database call of a websocket).
"""

import os

from spacemission.settings import *  # noqa: F403
from spacemission.settings import CHANNEL_LAYERS, DATABASES

if os.environ.get("CHANNELS_CAPACITY") and "CONFIG" in CHANNEL_LAYERS["default"]:
    CHANNEL_LAYERS["default"]["CONFIG"]["capacity"] = int(os.environ["CHANNELS_CAPACITY"])

if os.environ.get("DB_CONN_MAX_AGE"):
    DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ["DB_CONN_MAX_AGE"])
