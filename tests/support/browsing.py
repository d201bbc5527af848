"""A signed-in person's browser against a real server, in plain urllib: cookies, CSRF,
and form POSTs that follow their redirects."""

from __future__ import annotations

import http.cookiejar
import urllib.error
import urllib.parse
import urllib.request

from tests.support.servers import Server

CSRF = "r" * 32  # any well-formed token: the cookie and the header only have to agree


class Visitor:
    """One signed-in person's browser: cookies, and a form POST that follows redirects."""

    def __init__(self, server: Server, session: str) -> None:
        self.server = server
        jar = http.cookiejar.CookieJar()
        for name, value in (("sessionid", session), ("csrftoken", CSRF)):
            jar.set_cookie(cookie(name, value))
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def post(self, path: str, data: dict | None = None) -> tuple[int, str]:
        """The final status and page of a POST; a server error is (500, its page)."""
        request = urllib.request.Request(
            self.server.url + path,
            data=urllib.parse.urlencode(data or {}).encode(),
            headers={"X-CSRFToken": CSRF},
        )
        try:
            with self.opener.open(request, timeout=60) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(errors="replace")


def cookie(name: str, value: str) -> http.cookiejar.Cookie:
    return http.cookiejar.Cookie(
        *(0, name, value, None, False, "127.0.0.1", False, False, "/", True, False),
        *(None, False, None, None, {}),
    )
