"""Another git revision's packages beside today's, for the benches' `--against REV`: the same
games measured on both trees in one run, so the ratio is not the shared machine's noise. REV
may also be a folder holding another tree (a worktree of the base): measured as it is."""

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


def against_tree(rev: str, into: Path, *folders: str) -> Path:
    """The other tree of `--against REV`: the folder `rev` if it holds `folders`, else revision
    `rev`'s `folders` written into `into`."""
    given = Path(rev)
    if given.is_dir() and all((given / folder).is_dir() for folder in folders):
        return given.resolve()
    checkout(rev, into, *folders)
    return into
