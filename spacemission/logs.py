"""The log's format: a request refused as the client's fault is one line.

Django logs a refused request (4xx) with the exception that refused it, whose traceback
says nothing about this code; anyone can send such requests as often as they like. The
server's own failures (5xx) keep theirs.
"""

from __future__ import annotations

import logging


class Formatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        if record.exc_info and getattr(record, "status_code", 500) < 500:
            record = logging.makeLogRecord({**record.__dict__, "exc_info": None, "exc_text": None})
        return super().format(record)
