"""CPU work off the event loop: reading an uploaded file, replaying an import or a stored game,
in worker threads, each answered within WORK_SECONDS, at most WORKERS at once."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from .refusal import ServiceError

log = logging.getLogger(__name__)

WORK_SECONDS = 20.0  # reading a deck file or replaying an import, off the event loop
WORKERS = 2  # such checks running at once; more wait (the machine has few cores)

_P = ParamSpec("_P")
_T = TypeVar("_T")


class Workers:
    def __init__(self, workers: int = WORKERS, seconds: float = WORK_SECONDS) -> None:
        self._slots = asyncio.Semaphore(workers)
        self.seconds = seconds

    async def run(self, fn: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T:
        """`fn` in a worker thread, answered within `seconds`. A slot is freed only when its
        thread has really finished (a thread cannot be stopped; the upload limits bound how
        long it runs)."""
        await self._slots.acquire()
        work = asyncio.ensure_future(asyncio.to_thread(fn, *args, **kwargs))

        def finished(f: asyncio.Future[_T]) -> None:
            self._slots.release()
            if not f.cancelled() and f.exception() is not None:
                log.debug("background check ended with %r", f.exception())

        work.add_done_callback(finished)
        try:
            return await asyncio.wait_for(asyncio.shield(work), self.seconds)
        except TimeoutError as e:
            log.warning("%s took over %s s; refused", getattr(fn, "__name__", fn), self.seconds)
            raise ServiceError(
                f"That took longer than {self.seconds:.0f} seconds to check, so it was refused."
            ) from e
