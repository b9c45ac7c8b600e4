"""Type stubs for fzsim_core.packs.guobiao.logreplay: logged 国标 games replayed in the core."""
import numpy as np
import numpy.typing as npt

from fzsim_core.rules import Rules

PLAY: int
ANGANG: int
BUGANG: int
HU: int
PENG: int
GANG: int
CHI: int

def replay_logged(
    rules: Rules, game_id: npt.NDArray[np.int64], hand: npt.NDArray[np.int16], dealer: npt.NDArray[np.int8],
    walls: npt.NDArray[np.uint8], first: npt.NDArray[np.int64], kind: npt.NDArray[np.int8],
    seat: npt.NDArray[np.int8], tile: npt.NDArray[np.int8], lost: npt.NDArray[np.int64],
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int32], np.ndarray, np.ndarray, npt.NDArray[np.int64]]: ...
