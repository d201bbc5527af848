"""The 400 page, saying what was wrong when it can.

A view refuses a malformed request by raising ``BadRequest`` with a sentence for the
visitor, already in their language; Django's own refusals (a body or a form too large)
carry a sentence for developers, so the page words those itself.
"""

from __future__ import annotations

from django.core.exceptions import (
    BadRequest,
    RequestDataTooBig,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    return render(request, "400.html", {"reason": reason(exception)}, status=400)


def reason(exception: Exception) -> str:
    """What the visitor sent wrong, or "" when there is nothing to add to the page's words."""
    if isinstance(exception, RequestDataTooBig):
        return _("The request is larger than this site accepts.")
    if isinstance(exception, TooManyFieldsSent | TooManyFilesSent):
        return _("The request has more fields than this site accepts.")
    if isinstance(exception, BadRequest):
        return str(exception)
    return ""
