"""A health check for load balancers and containers: the app answers, and so do its
database and Redis (``spacemission.dependencies``). 503 while one of them is down, so a
balancer or a readiness probe sends no players to a process that cannot serve them."""

from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache

from spacemission import dependencies


@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    problems = dependencies.problems()
    if problems:
        return HttpResponse("\n".join(problems), content_type="text/plain", status=503)
    return HttpResponse("ok", content_type="text/plain")
