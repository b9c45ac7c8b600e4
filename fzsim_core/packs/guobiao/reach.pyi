"""Type stubs for the Python-visible surface of fzsim_core.packs.guobiao.reach (C: reach.pxd)."""
import numpy as np
import numpy.typing as npt

N: int
FAMILIES: list[tuple[str, int]]
TARGET_FAMILY: list[int]
TARGET_LABEL: list[str]
TARGET_ROWS: list[tuple[int, int, int, list[tuple[int, int]]]]

def target_needs(counts: npt.NDArray[np.uint8], melds: npt.NDArray[np.int8]) -> npt.NDArray[np.uint8]: ...
