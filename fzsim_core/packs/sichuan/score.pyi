"""Type stubs for the Python-visible surface of fzsim_core.packs.sichuan.score (see score.pxd for C)."""
from typing import Any, Iterable, Mapping, Sequence

PATTERNS: tuple[str, ...]
FLAGS: dict[str, int]
PAYMENT_KINDS: tuple[str, ...]
OPTIONS: dict[str, dict[str, Any]]
Melds = Iterable[tuple[str | int, int]]

def evaluate(pack: str, counts: Sequence[int], melds: Melds = ..., flags: Iterable[str] = ..., base: int = ...,
             options: Mapping[str, Any] | None = ...) -> dict[str, Any]: ...
def wait_value(pack: str, counts: Sequence[int], melds: Melds = ..., want_max: bool = ...,
               options: Mapping[str, Any] | None = ...) -> tuple[int, int] | None: ...
def win_deltas(pack: str, counts: Sequence[int], melds: Melds = ..., flags: Iterable[str] = ..., winner: int = ...,
               payer: int = ..., payers_mask: int = ..., base: int = ...,
               options: Mapping[str, Any] | None = ...) -> tuple[dict[str, Any], list[int]]: ...
def end_settle(pack: str, hands: Sequence[tuple[Any, Melds]], won: Sequence[bool], base: int = ...,
               options: Mapping[str, Any] | None = ...) -> tuple[list[int], list[tuple[int, int, str, int]]]: ...
