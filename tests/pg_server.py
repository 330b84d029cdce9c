"""A throwaway PostgreSQL server for the tests: initdb + pg_ctl from the machine's binaries, in
a temporary directory, listening only on a Unix socket there; stopped and removed after.

initdb refuses to run as root, so as root the server runs as the unprivileged `nobody`."""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg

USER = "vj"
_names = itertools.count(1)


def find_bin_dir() -> Path | None:
    """Where initdb and pg_ctl are: on PATH, or in a Debian-style versioned directory."""
    candidates = [shutil.which("initdb")]
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True)
    for c in candidates:
        if c and Path(c).with_name("pg_ctl").exists():
            return Path(c).resolve().parent
    return None


@dataclass
class PgServer:
    bin_dir: Path
    root: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="vj-pg-")))

    @property
    def data(self) -> Path:
        return self.root / "data"

    def _run(self, *args: str) -> None:
        cmd = [str(self.bin_dir / args[0]), *args[1:]]
        if os.geteuid() == 0:
            cmd = ["runuser", "-u", "nobody", "--", *cmd]
        subprocess.run(cmd, check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        if os.geteuid() == 0:
            nobody = pwd.getpwnam("nobody")
            os.chown(self.root, nobody.pw_uid, nobody.pw_gid)
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", USER, "-E", "UTF8",
                  "--no-sync", "--no-instructions")  # fmt: skip
        options = (
            f"-k {self.root} -c listen_addresses='' -c max_connections=300 -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off"
        )
        log = str(self.root / "server.log")
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", log, "-w", "start")

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@/{database}?host={self.root}"

    async def fresh_database(self) -> str:
        """A new, empty database; its URL. Copied from template0 file by file: a test's
        database is tiny, and that copy skips writing the template into the WAL."""
        name = f"t{os.getpid()}_{next(_names)}"
        conn = await asyncpg.connect(self.url())
        try:
            # (STRATEGY is PostgreSQL 15's; before it, file by file was the only way)
            version = conn.get_server_version().major
            strategy = " STRATEGY FILE_COPY" if version >= 15 else ""
            await conn.execute(f'CREATE DATABASE "{name}" TEMPLATE template0{strategy}')
        finally:
            await conn.close()
        return self.url(name)

    async def drop_database(self, url: str) -> None:
        """Drop a database `fresh_database` made, whoever is still connected to it, so a long
        session does not pile up hundreds of them on disk."""
        name = url.split("@/", 1)[1].split("?", 1)[0]
        conn = await asyncpg.connect(self.url())
        try:
            force = " WITH (FORCE)" if conn.get_server_version().major >= 13 else ""
            await conn.execute(f'DROP DATABASE IF EXISTS "{name}"{force}')
        finally:
            await conn.close()
