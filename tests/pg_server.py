"""A throwaway PostgreSQL server for the tests: initdb + pg_ctl from the machine's binaries, in
a temporary directory, listening only on a Unix socket there; stopped and removed after. Each
test stores in a schema of its own, made and dropped in milliseconds.

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
SHARED = "tests"  # the database the tests' schemas are made in
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
    _shared: bool = False  # SHARED made yet

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
        """A new, empty place to store: a schema of its own in the session's database (the URL
        names it as the search path), as separate from the others as a database would be and
        made in a few milliseconds rather than a copy of a whole template database."""
        name = f"t{os.getpid()}_{next(_names)}"
        conn = await asyncpg.connect(self.url())
        try:
            if not self._shared:
                await conn.execute(f'CREATE DATABASE "{SHARED}"')
                self._shared = True
        finally:
            await conn.close()
        conn = await asyncpg.connect(self.url(SHARED))
        try:
            await conn.execute(f'CREATE SCHEMA "{name}"')
        finally:
            await conn.close()
        return f"{self.url(SHARED)}&search_path={name}"

    async def drop_database(self, url: str) -> None:
        """Drop what `fresh_database` made for `url`. Whatever the test left connected is cut
        off first, so that the drop never waits on its locks (one test at a time uses a
        server: each worker process has its own)."""
        schema = url.rsplit("&search_path=", 1)[1]
        conn = await asyncpg.connect(self.url(SHARED))
        try:
            await conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = $1 AND pid <> pg_backend_pid()",
                SHARED,
            )
            await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        finally:
            await conn.close()
