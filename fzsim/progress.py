"""Progress of a long run: a tqdm bar on a terminal, silence otherwise."""
from __future__ import annotations

import sys


class Progress:
    """Counts hands done; draws a bar (hands, hands/s, time left) only when asked or on a terminal.

    ``enabled=None`` means "only if stderr is a terminal", so logs and CI output stay clean.
    """

    def __init__(self, total: int, initial: int = 0, enabled: bool | None = None, stream=None):
        stream = sys.stderr if stream is None else stream
        if enabled is None:
            enabled = bool(getattr(stream, "isatty", lambda: False)())
        self.done = initial
        self._bar = None
        if enabled:
            from tqdm import tqdm   # optional dependency: a bar only when it is installed

            self._bar = tqdm(total=total, initial=initial, unit=" hands", unit_scale=True,
                             dynamic_ncols=True, file=stream, smoothing=0.1)

    def update(self, hands: int) -> None:
        self.done += hands
        if self._bar is not None:
            self._bar.update(hands)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False
