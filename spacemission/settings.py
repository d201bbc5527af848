"""Settings, read from the environment with safe local defaults.

- ``SECRET_KEY``: required with ``HTTPS=1`` (production); otherwise a random key is kept
  in ``var/`` per checkout, so a local run never uses a key known to anyone.
- ``DEBUG``: ``1``/``true`` to enable (default off).
- ``ALLOWED_HOSTS``: comma-separated (default ``localhost,127.0.0.1,[::1]``).
- ``CSRF_TRUSTED_ORIGINS``: comma-separated origins, e.g. ``https://example.com``.
- ``HTTPS``: ``1`` behind TLS: secure cookies, HSTS, redirect to https (the proxy must
  set ``X-Forwarded-Proto``).
- ``DATABASE_URL``: PostgreSQL in production; SQLite file ``db.sqlite3`` otherwise (also
  when set but empty).
- ``REDIS_URL``: the channel layer and cache across processes; in memory otherwise.
- ``REDIS_SENTINELS``: ``host:port,host:port`` of Redis Sentinels, instead of ``REDIS_URL``:
  the primary they watch under ``REDIS_SENTINEL_MASTER`` (default ``mymaster``) serves the
  channel layer and cache, followed through a failover (``spacemission.sentinels``).
- ``CATCH_UP_SECONDS``: how often a process looks for sockets behind their match's stored
  version, to sync them (``spacemission.live.catchup``; default 1; 0 turns it off).
- ``CHANNELS_PREFIX``: prefix of the channel layer's keys in Redis (default ``asgi``).
- ``CHANNELS_LAYER``: ``pubsub`` (default: Redis pub/sub, ``spacemission.live.relay``) or ``core``
  (channels_redis's queues; ``CHANNELS_CAPACITY`` messages per process queue, default
  1000, beyond which it drops them; ``REDIS_CONNECTIONS`` connections, default 200).
- ``EAGER_WRITES``: Daphne sends each websocket frame at once instead of on the reactor's
  next pass (``spacemission.live.socket_writes``; default on, ``0`` turns it off).
- ``DB_POOL_SIZE``: PostgreSQL connections per process, pooled (default 10; 0: a new
  connection per call, and players' acts run in worker threads). As many again serve the
  acts awaited on the event loop (``spacemission.matches.loopdb``).
- ``GC_THRESHOLD``: the serving process's garbage collector runs its youngest generation
  every so many allocations, with what start-up built frozen out (``spacemission.collector``;
  default 20000; 0: Python's own collector as it is).
- ``NEW_ACCOUNTS_PER_HOUR``: sign-ups and guests per address and hour (default 60; no
  limit with ``DEBUG``).
- ``FRAMES_PER_SECOND``, ``FRAME_BURST``: frames a websocket may send a second on average,
  and at once (default 10 and 20; benchmarks raise them).
- ``LOG_LEVEL``: root log level (default ``WARNING``).
- ``EMAIL_URL``: the mail backend and server of "your move" e-mails, e.g.
  ``smtp://user:password@smtp.example.com:587/?tls=True`` (default ``console://``: printed).
- ``DEFAULT_FROM_EMAIL``: their sender; ``SITE_URL``: the site's address their links start with.
"""

import os
import secrets
from pathlib import Path

import dj_database_url
import dj_email_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from spacemission import collector, ratelimit, sentinels

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    return os.environ.get(name, str(default)).strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def local_secret_key() -> str:
    """A per-checkout random key, so a local run never uses a key known to anyone."""
    path = BASE_DIR / "var" / "secret_key"
    if not path.exists():
        path.parent.mkdir(exist_ok=True)
        path.write_text(secrets.token_urlsafe(50))
    return path.read_text().strip()


DEBUG = env_bool("DEBUG")
HTTPS = env_bool("HTTPS")
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if HTTPS:
        # Several processes must share one key, and it must never be a local one.
        raise ImproperlyConfigured("Set SECRET_KEY in production (HTTPS=1).")
    SECRET_KEY = local_secret_key()
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "spacemission.accounts",
    "spacemission.lobby",
    "spacemission.matches",
    "spacemission.ratings",
    "spacemission.live",
    "spacemission.tutorials",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
]

# Pages load scripts, styles and images only from this site and run no inline code (no
# inline scripts, style attributes or event handlers); sockets connect to this site only
# ('self' matches its own ws:/wss: origin).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

ROOT_URLCONF = "spacemission.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "frontend" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Capacity knobs (see the module docstring).
DB_POOL_SIZE = int(os.environ.get("DB_POOL_SIZE", "10"))
CHANNELS_LAYER = os.environ.get("CHANNELS_LAYER", "pubsub")
EAGER_WRITES = env_bool("EAGER_WRITES", default=True)
GC_THRESHOLD = int(os.environ.get("GC_THRESHOLD", collector.THRESHOLD))
CHANNELS_CAPACITY = int(os.environ.get("CHANNELS_CAPACITY", "1000"))
REDIS_CONNECTIONS = int(os.environ.get("REDIS_CONNECTIONS", "200"))
FRAMES_PER_SECOND = float(os.environ.get("FRAMES_PER_SECOND", ratelimit.FRAMES_PER_SECOND))
FRAME_BURST = int(os.environ.get("FRAME_BURST", ratelimit.FRAME_BURST))
SQLITE_TIMEOUT = 20  # seconds a SQLite writer waits for the write lock

WSGI_APPLICATION = "spacemission.wsgi.application"
ASGI_APPLICATION = "spacemission.asgi.application"

# Under ASGI every request and websocket call may run on another thread, so PostgreSQL
# connections come from a pool shared by the process's threads (Django's advice): taking
# one is cheap, opening one per call is not. SQLite opens its file per call.
# An empty DATABASE_URL means the default, as if it were not set.
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=0,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several writers (requests on their own threads, bot moves) share the file. Every
    # transaction takes the write lock at BEGIN (IMMEDIATE), so writers queue for it, for
    # up to ``timeout`` seconds, instead of failing at once when a transaction that read
    # first cannot upgrade its lock ("database is locked"). WAL lets pages read meanwhile.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        transaction_mode="IMMEDIATE",
        timeout=SQLITE_TIMEOUT,
        init_command="PRAGMA journal_mode=WAL",
    )
else:
    # Django turns psycopg's prepared statements off by default (for PgBouncer); the act's
    # few fixed statements ask for theirs (``matches.actlog``), parsed and planned once per
    # connection instead of on every act. No other query is prepared: Django's cursors
    # bind on the client, and the threshold is out of reach.
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = 2**31 - 1
    if DB_POOL_SIZE:
        DATABASES["default"]["OPTIONS"]["pool"] = {
            "min_size": 2,
            "max_size": DB_POOL_SIZE,
            "timeout": 20,  # seconds a caller waits for a free connection before failing
        }

REDIS_URL = os.environ.get("REDIS_URL", "")
REDIS_SENTINELS = sentinels.parse(os.environ.get("REDIS_SENTINELS", ""))
REDIS_SENTINEL_MASTER = os.environ.get("REDIS_SENTINEL_MASTER", "mymaster")
CATCH_UP_SECONDS = float(os.environ.get("CATCH_UP_SECONDS", "1.0"))
CHANNELS_PREFIX = os.environ.get("CHANNELS_PREFIX", "asgi")
# One Redis for the channel layer: its URL, or the primary the Sentinels name.
REDIS_HOST = (
    sentinels.layer_host(REDIS_SENTINELS, REDIS_SENTINEL_MASTER)
    if REDIS_SENTINELS
    else {"address": REDIS_URL}
    if REDIS_URL
    else None
)
if REDIS_HOST and CHANNELS_LAYER == "pubsub":
    # One PUBLISH per group send; each process fans a message out to its own sockets.
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [REDIS_HOST], "prefix": CHANNELS_PREFIX},
        }
    }
elif REDIS_HOST:
    # Per-channel queues in Redis; a queue holding ``capacity`` messages drops new ones.
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                "hosts": [{**REDIS_HOST, "max_connections": REDIS_CONNECTIONS}],
                "prefix": CHANNELS_PREFIX,
                "capacity": CHANNELS_CAPACITY,
            },
        }
    }
else:
    # The process's one fan-out channel queues every audience's frames: room for bursts.
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels.layers.InMemoryChannelLayer",
            "CONFIG": {"capacity": 1000},
        }
    }
# The cache (rate limits) is shared by every process through Redis when there is one.
if REDIS_SENTINELS:
    CACHES = {"default": sentinels.cache(REDIS_SENTINELS, REDIS_SENTINEL_MASTER)}
elif REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "spacemission",
        }
    }

AUTH_USER_MODEL = "accounts.User"
# The stock backend stays listed so sessions it signed in remain valid.
AUTHENTICATION_BACKENDS = [
    "spacemission.accounts.backends.UsernameAnyCaseBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lobby"
LOGOUT_REDIRECT_URL = "lobby"

LANGUAGE_CODE = "en"
# Each language in its own name: a reader looks for the name they know.
LANGUAGES = [("en", "English"), ("de", "Deutsch"), ("hu", "Magyar")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "frontend" / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = HTTPS
# Load balancers probe over plain http.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = 31536000 if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
# Only a TLS proxy in front (HTTPS=1) may tell the app a request came over https.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if HTTPS else None
SESSION_COOKIE_AGE = 60 * 60 * 24 * 30  # a month, so guests keep their account a while

# New accounts (sign-ups and guests) per client address and hour; 0: no limit.
NEW_ACCOUNTS_PER_HOUR = int(os.environ.get("NEW_ACCOUNTS_PER_HOUR", "0" if DEBUG else "60"))

# Live play tuning (seconds); tests shorten the bot delay.
BOT_DELAY = float(os.environ.get("BOT_DELAY", "0.8"))
# Processes that take bot searches (``spacemission.live.botpool``): one core is kept for
# serving people.
BOT_WORKERS = int(os.environ.get("BOT_WORKERS", str(max(1, (os.cpu_count() or 2) - 1))))
# The level of the bot that plays for an absent or resigned player, where the game offers
# it (else the game's default): a host short of CPU may set "easy", which never searches.
STAND_IN_LEVEL = os.environ.get("STAND_IN_LEVEL", "normal")
# How long a rematch offer waits for the other players' answers.
REMATCH_SECONDS = int(os.environ.get("REMATCH_SECONDS", "120"))

# "Your move" e-mails: one URL names the backend and its server (dj-email-url's schemes:
# smtp, submission, console, file, memory, dummy).
EMAIL = dj_email_url.parse(os.environ.get("EMAIL_URL", "console://"))
if "EMAIL_BACKEND" not in EMAIL:
    raise ImproperlyConfigured("EMAIL_URL: use smtp://, submission://, console:// or file://")
EMAIL_BACKEND = EMAIL["EMAIL_BACKEND"]
EMAIL_HOST = EMAIL["EMAIL_HOST"] or "localhost"
EMAIL_PORT = EMAIL["EMAIL_PORT"] or 25
EMAIL_HOST_USER = EMAIL["EMAIL_HOST_USER"] or ""
EMAIL_HOST_PASSWORD = EMAIL["EMAIL_HOST_PASSWORD"] or ""
EMAIL_USE_TLS = EMAIL["EMAIL_USE_TLS"]
EMAIL_USE_SSL = EMAIL["EMAIL_USE_SSL"]
EMAIL_TIMEOUT = EMAIL["EMAIL_TIMEOUT"] or 20
EMAIL_FILE_PATH = EMAIL["EMAIL_FILE_PATH"] or str(BASE_DIR / "var" / "mail")
DEFAULT_FROM_EMAIL = os.environ.get(
    "DEFAULT_FROM_EMAIL",
    EMAIL.get("DEFAULT_FROM_EMAIL", "Space Mission Online <noreply@localhost>"),
)
SITE_URL = os.environ.get("SITE_URL", "http://localhost:8000").rstrip("/")

# The deadline worker looks for expired clocks at least this often (seconds), and at once
# when the earliest deadline it knows of comes due.
DEADLINE_POLL = float(os.environ.get("DEADLINE_POLL", "1.0"))
# A function returning the time in milliseconds ("module:function"); tests move time.
CLOCK = os.environ.get("CLOCK", "")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"()": "spacemission.logs.Formatter"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    # Django's records reach the root's console alone (its own handlers, under DEBUG,
    # would print each a second time, tracebacks and all).
    "loggers": {"django": {"handlers": [], "level": "INFO"}},
}
