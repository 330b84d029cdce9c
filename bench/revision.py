"""Another git revision's packages beside today's, for the benches' `--against REV`: the same
games measured on both trees in one run, so the ratio is not the shared machine's noise."""

from __future__ import annotations

import subprocess
import tarfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def checkout(rev: str, into: Path, *folders: str) -> None:
    """Revision `rev`'s `folders` (`rules`, `render`...) written into `into` (`git archive`)."""
    archive = into / "rev.tar"
    with archive.open("wb") as f:
        subprocess.run(["git", "-C", str(REPO), "archive", rev, *folders], stdout=f, check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
