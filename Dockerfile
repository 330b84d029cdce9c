# Chaupal, the Discord bot. Build:  docker build -t chaupal .
# Run:    docker run -d --name chaupal -e DISCORD_TOKEN=... -v chaupal-data:/data chaupal
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    LOG_LEVEL=INFO

RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin chaupal \
    && mkdir -p /data && chown chaupal:chaupal /data

WORKDIR /app
COPY pyproject.toml setup.py README.md ./
COPY rules ./rules
COPY render ./render
COPY db ./db
COPY ai ./ai
COPY bot ./bot
# Taj Mahal's engine compiled with mypyc (setup.py; docs/taj_mahal.md, "The compiled engine").
# The package is installed as it is first (with its dependencies, which mypy reads), then again
# compiled; the C compiler and mypy serve the build only and leave with its files. The build
# runs without isolation, to find mypy; setuptools 77 or later reads pyproject.toml's license.
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && python -m pip install "setuptools>=77" "mypy>=1.10" types-PyYAML . \
    && VJ_MYPYC=1 python -m pip install --no-build-isolation --no-deps --force-reinstall . \
    && python -m pip uninstall -y mypy mypy_extensions pathspec librt ast-serialize types-PyYAML \
    && apt-get purge -y --auto-remove gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/* /root/.cache build

USER chaupal
VOLUME ["/data"]
# The bot runs in /data, where its default database file is: ./chaupal.sqlite3, or
# ./vijayanagara.sqlite3 (its name before Chaupal) in a volume that holds that one alone.
WORKDIR /data
# `docker stop` sends SIGTERM and waits 10 s: the bot finishes replies in flight (at most 8 s),
# disconnects and closes the database. Exec form, so the signal reaches Python directly.
STOPSIGNAL SIGTERM
CMD ["chaupal-bot"]
