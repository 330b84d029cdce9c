# Vijayanagara Discord bot. Build:  docker build -t vijayanagara-bot .
# Run:    docker run -d --name vj -e DISCORD_TOKEN=... -v vj-data:/data vijayanagara-bot
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    VIJAYANAGARA_DB=/data/vijayanagara.sqlite3 \
    LOG_LEVEL=INFO

RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin vj \
    && mkdir -p /data && chown vj:vj /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY rules ./rules
COPY render ./render
COPY db ./db
COPY ai ./ai
COPY bot ./bot
RUN python -m pip install . && rm -rf /root/.cache

USER vj
VOLUME ["/data"]
# `docker stop` sends SIGTERM and waits 10 s: the bot finishes replies in flight (at most 8 s),
# disconnects and closes the database. Exec form, so the signal reaches Python directly.
STOPSIGNAL SIGTERM
CMD ["vijayanagara-bot"]
