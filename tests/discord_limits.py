"""Discord's documented limits on what a bot sends, checked on every request the fake
Discord (discord_fake.py) recorded."""

from __future__ import annotations

from typing import Any

from discord_fake import FakeDiscord


def within_discords_limits(fake: FakeDiscord) -> None:
    """Discord's documented limits, on every request the bot sent: 2,000 characters of
    content, 5 rows of at most 5 buttons (or one menu of at most 25 options), labels of 80,
    custom ids of 100, at most 25 autocomplete choices of at most 100 characters, and an
    alt text (description) of at most 1,024 characters for every picture."""
    for r in fake.requests:
        body: Any = r.body
        if not isinstance(body, dict):
            continue
        data = body.get("data") if isinstance(body.get("data"), dict) else body
        where = f"{r.method} {r.path}"
        assert len(data.get("content") or "") <= 2000, where
        rows = data.get("components") or []
        assert len(rows) <= 5, where
        for row in rows:
            items = row.get("components", [])
            assert len(items) <= 5, where
            for item in items:
                assert len(item.get("label") or "") <= 80, (where, item)
                assert len(item.get("custom_id") or "") <= 100, (where, item)
                assert len(item.get("options") or []) <= 25, where
        choices = data.get("choices") or []
        assert len(choices) <= 25, where
        assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in choices), where
        pictures = [a for a in data.get("attachments") or [] if a["filename"].endswith(".png")]
        assert all(0 < len(a.get("description") or "") <= 1024 for a in pictures), where
        assert len(pictures) == len([f for f in r.files if f.endswith(".png")]), where
