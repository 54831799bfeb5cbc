"""A file written whole or not at all, for the commands that write one (PDF, standings).

Why: a command stopped half-way, or a full disk, must never leave a
half-written file in place of a good one; the new content goes to a temporary
file in the same folder and is renamed over the target in one step.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_whole(target: Path, content: bytes, *, prefix: str, suffix: str = "") -> None:
    """``content`` into ``target`` by a rename; the temporary file is removed on any failure."""
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=prefix, suffix=suffix)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(content)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
