"""A throwaway PostgreSQL server for the tests: initdb + pg_ctl from the machine's binaries, in
a temporary directory, listening only on a Unix socket there; stopped and removed after. Each
test stores in a schema of its own: made and dropped in milliseconds, or (for a test that needs
the schema as the store leaves it on its first open) taken migrated and empty from the schemas
earlier tests used, unless a test changed a schema's definitions, which the server itself notes
(an event trigger on every DDL command).

initdb refuses to run as root, so as root the server runs as the unprivileged `nobody`."""

from __future__ import annotations

import asyncio
import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import asyncpg

USER = "vj"
SHARED = "tests"  # the database the tests' schemas are made in
_names = itertools.count(1)
T = TypeVar("T")


def find_bin_dir() -> Path | None:
    """Where initdb and pg_ctl are: on PATH, or in a Debian-style versioned directory."""
    candidates = [shutil.which("initdb")]
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True)
    for c in candidates:
        if c and Path(c).with_name("pg_ctl").exists():
            return Path(c).resolve().parent
    return None


class _Admin:
    """One connection to the shared database, kept for the whole session on a thread of its
    own (an event loop that outlives each test's): a new connection costs the server a process
    and cold catalog caches, about as much as the little work each test asks of it."""

    def __init__(self, connect: Coroutine[object, object, asyncpg.Connection]) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="pg-admin", daemon=True)
        self._thread.start()
        self._lock = asyncio.Lock()  # (bound to the admin loop on its first use there)
        try:
            self._conn = self.run(connect)
        except BaseException:
            self._stop()
            raise

    def run(self, job: Coroutine[object, object, T]) -> T:
        """`job` on the admin loop, from outside any event loop."""
        return asyncio.run_coroutine_threadsafe(job, self._loop).result()

    async def __call__(self, job: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
        """`job(connection)` on the admin loop, one at a time, awaited from a test's loop."""

        async def alone() -> T:
            async with self._lock:
                return await job(self._conn)

        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(alone(), self._loop))

    def close(self) -> None:
        try:
            self.run(self._conn.close())
        finally:
            self._stop()

    def _stop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()


@dataclass
class PgServer:
    bin_dir: Path
    root: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="vj-pg-")))
    _admin: _Admin | None = None  # on SHARED, from `start` to `stop`
    _spare: list[str] = field(default_factory=list)  # schemas migrated and emptied, to reuse
    _versions: list[int] | None = None  # the migrations a schema the store migrated records

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
        self._admin = _Admin(_shared_database(self.url(), self.url(SHARED)))

    def stop(self) -> None:
        try:
            if self._admin is not None:
                self._admin.close()
        finally:
            try:
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
            finally:
                shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@/{database}?host={self.root}"

    @property
    def admin(self) -> _Admin:
        if self._admin is None:
            raise RuntimeError("the server is not started")
        return self._admin

    async def fresh_database(self) -> str:
        """A new, empty place to store: a schema of its own in the session's database (the URL
        names it as the search path), as separate from the others as a database would be and
        made in a few milliseconds rather than a copy of a whole template database."""
        name = f"t{os.getpid()}_{next(_names)}"
        await self.admin(lambda conn: conn.execute(f'CREATE SCHEMA "{name}"'))
        return self._url_of(name)

    async def drop_database(self, url: str) -> None:
        """Drop what `fresh_database` made for `url`. Whatever the test left connected is cut
        off first, so that the drop never waits on its locks (one test at a time uses a
        server: each worker process has its own)."""
        schema = _schema_of(url)

        async def drop(conn: asyncpg.Connection) -> None:
            await _cut_off_others(conn)
            await _drop(conn, schema)

        await self.admin(drop)

    async def migrated_database(self) -> str:
        """A place to store as the store leaves a new one on its first open: migrated to the
        latest schema, every table empty. Making and migrating a schema costs the server about
        60 ms of CPU, so one an earlier test used is emptied and given again when it can be
        (`recycle`): the same tables, columns, indexes and triggers, no row but the schema's
        version, the ids counting from 1 again."""
        if self._spare:
            return self._url_of(self._spare.pop())
        from db.postgres import PostgresStore  # the program: never in the suite's controller

        url = await self.fresh_database()
        store = await PostgresStore.open(url)
        await store.close()
        schema = _schema_of(url)

        async def noted(conn: asyncpg.Connection) -> None:
            if self._versions is None:
                self._versions = await _versions_of(conn, schema)
            await conn.execute("DELETE FROM public.ddl_seen WHERE schema_name = $1", schema)

        await self.admin(noted)
        return url

    async def recycle(self, url: str) -> None:
        """Empty what `migrated_database` gave, to give it again; drop it instead if the test
        changed a definition in it (any DDL command: a table, a column, an index, a trigger, a
        function) or the migrations it records, so that no test ever gets a schema a fresh
        one would not be."""
        schema = _schema_of(url)

        async def emptied(conn: asyncpg.Connection) -> bool:
            await _cut_off_others(conn)
            changed = await conn.fetchval(
                "SELECT EXISTS (SELECT FROM public.ddl_seen WHERE schema_name = $1)", schema
            )
            if changed or await _versions_of(conn, schema) != self._versions:
                await _drop(conn, schema)
                return False
            await conn.execute(await _emptying(conn, schema))
            return True

        if await self.admin(emptied):
            self._spare.append(schema)

    def _url_of(self, schema: str) -> str:
        return f"{self.url(SHARED)}&search_path={schema}"


async def _shared_database(server: str, shared: str) -> asyncpg.Connection:
    """SHARED made, with the DDL watch in it; a connection to it."""
    conn = await asyncpg.connect(server)
    try:
        await conn.execute(f'CREATE DATABASE "{SHARED}"')
    finally:
        await conn.close()
    conn = await asyncpg.connect(shared)
    try:
        await conn.execute(DDL_WATCH)
    except BaseException:
        await conn.close()
        raise
    return conn


def _schema_of(url: str) -> str:
    return url.rsplit("&search_path=", 1)[1]


async def _cut_off_others(conn: asyncpg.Connection) -> None:
    """Whatever a test left connected is cut off, so that nothing waits on its locks (one test
    at a time uses a server: each worker process has its own)."""
    await conn.execute(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        "WHERE datname = $1 AND pid <> pg_backend_pid()",
        SHARED,
    )


async def _emptying(conn: asyncpg.Connection, schema: str) -> str:
    """The statements that delete every row of the schema's tables but its version, and
    set its sequences back to their start (setval: no DDL command for the watch to note).
    DELETE, not TRUNCATE: a test leaves a few rows, and TRUNCATE gives each table and index a
    new file. The replica role turns off the triggers, the append-only log's and the foreign
    keys', for the deletes only."""
    rows = await conn.fetch(
        "SELECT 'DELETE FROM ' || quote_ident(schemaname) || '.' || quote_ident(tablename) "
        "FROM pg_tables WHERE schemaname = $1 AND tablename <> 'schema_version' "
        "UNION ALL SELECT 'SELECT setval(' || quote_literal(quote_ident(schemaname) || '.' "
        "|| quote_ident(sequencename)) || ', ' || start_value || ', false)' "
        "FROM pg_sequences WHERE schemaname = $1",
        schema,
    )
    statements = [r[0] for r in rows]
    return ";\n".join(
        ["SET session_replication_role = replica", *statements, "RESET session_replication_role"]
    )


async def _drop(conn: asyncpg.Connection, schema: str) -> None:
    await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    await conn.execute("DELETE FROM public.ddl_seen WHERE schema_name = $1", schema)


async def _versions_of(conn: asyncpg.Connection, schema: str) -> list[int]:
    rows = await conn.fetch(f'SELECT version FROM "{schema}".schema_version ORDER BY 1')
    return [r["version"] for r in rows]


# The server notes the schema of every object a DDL command makes, changes or drops (event
# triggers fire for every schema of the database), so that `recycle` knows a test changed one.
DDL_WATCH = """
CREATE TABLE public.ddl_seen (schema_name text NOT NULL);
CREATE FUNCTION public.note_ddl() RETURNS event_trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO public.ddl_seen SELECT schema_name FROM pg_event_trigger_ddl_commands()
        WHERE schema_name IS NOT NULL;
END $$;
CREATE FUNCTION public.note_drop() RETURNS event_trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO public.ddl_seen SELECT schema_name FROM pg_event_trigger_dropped_objects()
        WHERE schema_name IS NOT NULL;
END $$;
CREATE EVENT TRIGGER note_ddl ON ddl_command_end EXECUTE FUNCTION public.note_ddl();
CREATE EVENT TRIGGER note_drop ON sql_drop EXECUTE FUNCTION public.note_drop();
"""
