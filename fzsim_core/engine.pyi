"""Typed surface of the compiled game engine (fzsim_core/engine.pyx; the wall functions come from fzsim_core/wall.pyx)."""
from typing import Any, Callable, Sequence

import numpy as np

from fzsim_core.rules import Rules

PolicySpec = str | Callable[[dict, list[tuple[str, str | None]]], int | tuple[str, str | None]]

class InvariantError(RuntimeError): ...

DECISIONS: tuple[str, ...]
ACTIONS: tuple[str, ...]
EVENTS: dict[int, str]
POLICIES: dict[str, int]
COLUMNS: tuple[tuple[str, type], ...]

def play_block(
    rules: Rules,
    root_seed: int,
    first_game: int,
    n_games: int,
    policies: PolicySpec | Sequence[PolicySpec] = ...,
    check: bool = False,
    records: bool = False,
    seat_draws: bool = False,
    first_walls: np.ndarray | None = None,
) -> dict[str, np.ndarray] | tuple[dict[str, np.ndarray], dict[str, np.ndarray]]: ...
def play_hand_raw(
    rules: Rules,
    root_seed: int,
    game_id: int,
    hand: int,
    dealer: int,
    streak: int,
    policies: PolicySpec | Sequence[PolicySpec] = ...,
    wall: Any = None,
    log: bool = False,
    check: bool = False,
    records: bool = False,
    carry: int = 0,
    seat_draws: bool = False,
) -> tuple: ...
def validate_wall(wall: Any, pack: int = 0) -> np.ndarray: ...
class HandStepper:
    def __init__(
        self,
        rules: Rules,
        root_seed: int,
        game_id: int,
        hand: int,
        dealer: int,
        streak: int,
        policies: PolicySpec | Sequence[PolicySpec] = ...,
        agents: Sequence[int] = (),
        wall: Any = None,
        log: bool = False,
        check: bool = False,
    ) -> None: ...
    @property
    def done(self) -> bool: ...
    @property
    def seat(self) -> int | None: ...
    @property
    def decision(self) -> int | None: ...
    @property
    def legal(self) -> tuple[tuple[int, int | None], ...]: ...
    def apply(self, choice: int) -> None: ...
    def fault(self, seat: int, deltas: Sequence[int]) -> None: ...
    def suggest(self) -> int: ...
    def copy(self) -> "HandStepper": ...
    def row(self) -> dict[str, int]: ...
    def events(self) -> list[tuple[int, int, int, int]] | None: ...

def first_dealer(root_seed: int, game_id: int) -> int: ...
def next_dealer(rules: Rules, dealer: int, streak: int, outcome: int, winner: int) -> tuple[int, int]: ...
def shuffled_wall(root_seed: int, game_id: int, hand: int = 0) -> np.ndarray: ...
def wall_digest(wall: Any) -> int: ...
def rng_outputs(root_seed: int, game_id: int, hand: int, stream: int, n: int, below: int = 0) -> list[int]: ...
