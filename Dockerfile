# Space Mission Online: one Daphne process serving HTTP and websockets on port 8000.
# Configure with the environment (see spacemission/settings.py); docker-compose.yml
# wires it to PostgreSQL and Redis.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
RUN useradd --create-home --uid 1000 app

# Dependencies first, so code changes do not reinstall them.
COPY pyproject.toml README.md ./
RUN mkdir -p games spacemission \
    && touch games/__init__.py spacemission/__init__.py \
    && pip install -e . \
    && rm -rf games spacemission

COPY manage.py ./
COPY games games
COPY spacemission spacemission
COPY frontend frontend
COPY locale locale
COPY scripts/healthcheck scripts/healthcheck

# Static files are collected into the image and served by WhiteNoise, hashed and compressed.
RUN SECRET_KEY=collectstatic-only DEBUG=0 python manage.py collectstatic --noinput --verbosity 0 \
    && mkdir -p var && chown app:app var

USER app
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "scripts/healthcheck"]

# Migrations run before serving; with several web processes, run them once instead
# (docker compose run --rm web python manage.py migrate) and start Daphne alone.
# PROXY_HEADERS=1 behind a load balancer: client addresses from X-Forwarded-For (never
# without one, or clients could pick their own address).
CMD ["sh", "-c", "python manage.py migrate --noinput && exec daphne $([ \"$PROXY_HEADERS\" = 1 ] && echo --proxy-headers) -b 0.0.0.0 -p 8000 spacemission.asgi:application"]
