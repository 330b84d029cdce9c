"""Keep secrets out of the logs. discord.py logs, at DEBUG, the URLs of its webhook requests
and the gateway's payloads; both carry interaction tokens (15-minute credentials to answer as
the bot). The filter rewrites every record that passes a handler it is attached to."""

from __future__ import annotations

import logging
import re
from typing import TextIO

_PATTERNS = (
    # /webhooks/<application id>/<token> and /interactions/<id>/<token>/callback
    re.compile(r"(/(?:webhooks|interactions)/\d+/)[A-Za-z0-9_.\-]+"),
    # "token": "…" in a logged payload (JSON or a Python dict)
    re.compile(r"""(['"]token['"]\s*:\s*['"])[^'"]+"""),
    # an Authorization header value
    re.compile(r"""(Bot\s+)[A-Za-z0-9_.\-]{20,}"""),
)
MASK = "[redacted]"


def redact(text: str) -> str:
    for pattern in _PATTERNS:
        text = pattern.sub(lambda m: m.group(1) + MASK, text)
    return text


class RedactTokens(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        clean = redact(message)
        if clean != message:
            record.msg, record.args = clean, None
        if record.exc_info and not record.exc_text:
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
        return True


def configure_logging(level: str, stream: TextIO | None = None) -> logging.Handler:
    """The bot's logging: one handler on the root logger, every record redacted."""
    handler: logging.Handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(RedactTokens())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())
    return handler
