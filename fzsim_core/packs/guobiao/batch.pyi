"""Type stubs for the Python-visible surface of fzsim_core.packs.guobiao.batch (see fans.pxd for C)."""
import numpy as np
import numpy.typing as npt

N_FANS: int
VALUES: npt.NDArray[np.int16]
STATUS: dict[int, str]

def evaluate_listed(
    counts: npt.NDArray[np.uint8], melds: list[tuple[int, int, int]], win: int, flags: int, flowers: int,
    seat: int, rnd: int,
) -> tuple[int, int, int, list[tuple[int, int]]]: ...
def evaluate(
    counts: npt.NDArray[np.uint8], melds: npt.NDArray[np.int8], win: int, flags: int, flowers: int,
    seat: int, rnd: int,
) -> tuple[int, int, int, npt.NDArray[np.uint8]]: ...
def evaluate_many_into(
    counts: npt.NDArray[np.uint8], melds: npt.NDArray[np.int8], win: npt.NDArray[np.uint8],
    flags: npt.NDArray[np.uint8], flowers: npt.NDArray[np.uint8], seat: npt.NDArray[np.uint8],
    rnd: npt.NDArray[np.uint8], total: npt.NDArray[np.int16], fans: npt.NDArray[np.uint8],
    status: npt.NDArray[np.int8],
) -> None: ...
def _bench(
    counts: npt.NDArray[np.uint8], melds: npt.NDArray[np.int8], win: npt.NDArray[np.uint8],
    flags: npt.NDArray[np.uint8], reps: int,
) -> tuple[float, int]: ...
