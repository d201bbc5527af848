# Space Mission Online: one Daphne process serving HTTP and websockets on port 8000.
# Configure with the environment (see spacemission/settings.py); docker-compose.yml
# wires replicas of it to nginx, PostgreSQL and Redis.
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

# Daphne only: migrations run once per release, before any process serves (the `migrate`
# service of docker-compose.yml, a Job on Kubernetes: docs/deploy.md), never by each
# replica. Alone: docker run --rm <image> python manage.py migrate, then start this.
# PROXY_HEADERS=1 behind a load balancer: client addresses from X-Forwarded-For (never
# without one, or clients could pick their own address).
CMD ["sh", "-c", "exec daphne $([ \"$PROXY_HEADERS\" = 1 ] && echo --proxy-headers) -b 0.0.0.0 -p 8000 spacemission.asgi:application"]
