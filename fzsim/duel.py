"""Duplicate matches: how much one policy gains over another on the same walls (`fzsim.duel`).

Every wall is played five times: by four baseline seats, and with the challenger in each seat
in turn against three baseline seats. A hand's wall depends only on (seed, game id, hand), so
all five line-ups meet the same tiles; the challenger's gain on a wall is, averaged over its four
seats, its delta minus the delta the baseline seat earned in the same seat on the same wall.
The luck of the deal cancels in that difference, which is why a few thousand walls separate
policies that independent hands would need hundreds of thousands for. The standard error is
the plain one of the per-wall gains (walls are independent; the four seats of one wall are not,
so they are averaged first).

In memory the blocks run through joblib (``jobs`` workers); with ``out`` each line-up is an
ordinary `fzsim.simulate` run (Parquet, parallel, resumable) in ``out/<line-up>`` and the
report is read back from those folders.
"""
from __future__ import annotations

import math
import os
from dataclasses import asdict, dataclass, field

import numpy as np

from fzsim.game import check_draws
from fzsim.pack_registry import DEFAULT_VARIANT
from fzsim.policyspec import block_player, check_policies_play, refuse_coupled_draws

# the runner (pyarrow, joblib) is imported on first use: `import fzsim` binds `fzsim.duel` to the
# function below at once, so this module must stay light
DEFAULT_BLOCK_SIZE = 10_000

SEATS = 4
#: the line-ups, in the order they are played: four baseline seats, then the challenger in seat s
LINEUPS = ("baseline", "seat0", "seat1", "seat2", "seat3")
#: win types where a discarder pays (RULES §10: a discard win and a robbed kong)
_DEAL_IN_TYPES = (2, 3)
_COLUMNS = ["game_id", "hand", "winner", "discarder", "win_type"] + [f"delta_{s}" for s in range(SEATS)]


@dataclass
class DuelResult:
    """What `duel` measured; ``line()`` and ``text()`` are what the CLI prints."""

    challenger: str
    baseline: str
    variant: str
    seed: int
    walls: int                 # hands per line-up (walls; rows when a match holds several hands)
    gain: float                # the challenger's mean gain per hand, in points
    se: float                  # paired standard error of that mean
    z: float                   # gain / se (0 when both are 0)
    gain_by_seat: list = field(default_factory=list)
    win_rate: float = 0.0      # per challenger seat-hand
    deal_in_rate: float = 0.0
    baseline_win_rate: float = 0.0    # the baseline seats of the all-baseline line-up
    baseline_deal_in_rate: float = 0.0
    out: str | None = None
    draws: str = "wall"        # how the hands drew (fzsim.game.DRAWS)

    def to_dict(self) -> dict:
        return asdict(self)

    def line(self) -> str:
        return (f"fzsim duel: {self.challenger} vs {self.baseline} on {self.variant}, {self.walls:,} walls"
                f" (seed {self.seed}{', draws coupled by seat' if self.draws == 'seat' else ''}): gain"
                f" {self.gain:+.3f} ± {self.se:.3f} points per hand, z = {self.z:.2f}")

    def text(self) -> str:
        seats = ", ".join(f"{g:+.3f}" for g in self.gain_by_seat)
        return "\n".join([
            self.line(),
            f"  gain by seat: {seats}",
            f"  win rate {self.win_rate:.2%} (baseline {self.baseline_win_rate:.2%}), deal-in rate"
            f" {self.deal_in_rate:.2%} (baseline {self.baseline_deal_in_rate:.2%}) per seat-hand",
        ])


def _one_policy(role: str, spec) -> str:
    from fzsim.orchestrator import _check_policies   # the runner (pyarrow, joblib): heavy for `import fzsim`

    if not isinstance(spec, str) or not spec.strip() or "," in spec or "=" in spec.partition(":")[0]:
        raise ValueError(f"{role} must be one policy name (it plays whole seats), got {spec!r}")
    return _check_policies(spec.strip())[0]


def _lineup(name: str, challenger: str, baseline: str) -> tuple:
    seats = [baseline] * SEATS
    if name != "baseline":
        seats[int(name[-1])] = challenger
    return tuple(seats)


def _play(rules, seed: int, first: int, n: int, policies: tuple, check: bool, draws: str = "wall") -> dict:
    """One block of one line-up, in a worker: only the columns the duel reads."""
    cols = block_player(policies, draws)(rules, seed, first, n, policies, check)
    return {c: cols[c] for c in _COLUMNS}


def _in_memory(rules, seed, hands_rows, n_games, lineups, block_size, jobs, check, draws) -> dict:
    blocks = [(b, min(block_size, n_games - b)) for b in range(0, n_games, block_size)]
    tasks = [(name, b, n) for name in lineups for b, n in blocks]
    if jobs == 1 or len(tasks) == 1:
        parts = [_play(rules, seed, b, n, lineups[name], check, draws) for name, b, n in tasks]
    else:
        import joblib   # heavy (loky): only when lineups play in worker processes

        parts = joblib.Parallel(n_jobs=min(jobs, len(tasks)), backend="loky", batch_size=1)(
            joblib.delayed(_play)(rules, seed, b, n, lineups[name], check, draws) for name, b, n in tasks)
    out = {name: [] for name in lineups}
    for (name, _, _), part in zip(tasks, parts):    # tasks and parts are both in block order
        out[name].append(part)
    return {name: {c: np.concatenate([p[c] for p in ps]) for c in _COLUMNS} for name, ps in out.items()}


def _from_runs(out, variant, hands, seed, lineups, block_size, jobs, check, resume, progress, draws) -> dict:
    from fzsim.orchestrator import simulate   # the runner (pyarrow, joblib): heavy for `import fzsim`
    from fzsim.results_reader import load   # heavy (pandas, pyarrow)

    cols = {}
    for name, seats in lineups.items():
        root = os.path.join(os.fspath(out), name)
        # resume: finished line-ups are kept as they are and an interrupted one is finished
        simulate(hands, [variant], None, seed=seed, jobs=jobs, out=root, policies=list(seats),
                 block_size=block_size, resume=resume,
                 progress=progress, check=check, draws=draws)
        df = load(root, columns=_COLUMNS)
        cols[name] = {c: df[c].to_numpy() for c in _COLUMNS if c != "win_type"}
        cols[name]["win_type"] = df["win_type"].cat.codes.to_numpy()   # stored as names: back to codes
    return cols


def _stats(cols: dict, n_rows: int) -> tuple:
    base = cols["baseline"]
    gains = np.zeros((SEATS, n_rows))
    wins = deal_ins = 0
    for s in range(SEATS):
        run = cols[f"seat{s}"]
        if not (np.array_equal(run["game_id"], base["game_id"]) and np.array_equal(run["hand"], base["hand"])):
            raise ValueError(f"line-up seat{s} did not play the baseline's hands: the runs do not pair")
        gains[s] = run[f"delta_{s}"].astype(np.float64) - base[f"delta_{s}"]
        wins += int(np.count_nonzero(run["winner"] == s))
        deal_ins += int(np.count_nonzero((run["discarder"] == s) & np.isin(run["win_type"], _DEAL_IN_TYPES)))
    per_wall = gains.mean(axis=0)
    gain = float(per_wall.mean())
    se = float(per_wall.std(ddof=1) / math.sqrt(n_rows)) if n_rows > 1 else float("nan")
    z = 0.0 if gain == 0 and se == 0 else (gain / se if se > 0 else math.copysign(math.inf, gain))
    b_wins = int(np.count_nonzero(base["winner"] >= 0))
    b_deal = int(np.count_nonzero((base["discarder"] >= 0) & np.isin(base["win_type"], _DEAL_IN_TYPES)))
    seat_hands = SEATS * n_rows
    return (gain, se, z, [float(g) for g in gains.mean(axis=1)], wins / seat_hands, deal_ins / seat_hands,
            b_wins / seat_hands, b_deal / seat_hands)


def duel(challenger: str, baseline: str = "greedy", variant=DEFAULT_VARIANT, hands: int = 10_000, seed: int = 0,
         *, overrides: dict | None = None, jobs: int = 1, out=None, block_size: int = DEFAULT_BLOCK_SIZE,
         resume: bool = False, check: bool = False, progress: bool | None = None,
         draws: str = "wall") -> DuelResult:
    """Duplicate match of ``challenger`` against ``baseline`` over ``hands`` walls of ``variant``.

    challenger, baseline: policy names (e.g. ``"guard"``); variant: a preset name, a ``.toml``
    path or a RuleConfig, with ``overrides``; hands: walls (hands per line-up; a whole number of
    matches); seed: root seed 0..2**64-1; jobs: worker processes (``-1``: all cores); out: when
    given, each line-up is written as an `fzsim.simulate` run to ``out/<line-up>`` (``resume``
    finishes an interrupted duel there); check: the engine's invariant checks; draws: ``wall`` or
    ``seat`` (draws coupled by seat: the line-ups stay in step after their play diverges, a smaller
    paired error for the same walls; `fzsim.simulate`'s). Returns a
    `DuelResult`: gain per hand ± paired SE, z, per-seat gains, win and deal-in rates.
    """
    from fzsim.orchestrator import _load_rules, _positive_int   # the runner: heavy for `import fzsim`

    challenger = _one_policy("challenger", challenger)
    baseline = _one_policy("baseline", baseline)
    hands = _positive_int("hands", hands, 2)   # a standard error needs two walls
    block_size = _positive_int("block_size", block_size)
    if isinstance(jobs, bool) or not isinstance(jobs, (int, np.integer)) or not (jobs >= 1 or jobs == -1):
        raise ValueError(f"jobs must be an integer >= 1 (or -1 for all cores), got {jobs!r}")
    jobs = (os.cpu_count() or 1) if jobs == -1 else int(jobs)
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed <= 2**64 - 1:
        raise ValueError(f"seed must be an integer in 0..2**64-1, got {seed!r}")
    seed = int(seed)
    config = _load_rules(os.fspath(variant) if isinstance(variant, os.PathLike) else variant, overrides)
    check_policies_play(config, {"challenger": challenger, "baseline": baseline}, config.name)
    check_draws(draws)
    refuse_coupled_draws(draws, [(challenger, baseline)])
    hpm = int(config.core.fields["hands_per_match"])
    if hands % hpm:
        raise ValueError(f"hands={hands} is not a whole number of matches for variant {config.name!r}"
                         f" (hands_per_match={hpm}); use a multiple of {hpm}")
    lineups = {name: _lineup(name, challenger, baseline) for name in LINEUPS}
    if out is None:
        cols = _in_memory(config.core, seed, hands, hands // hpm, lineups, block_size, jobs, check, draws)
    else:
        # the config already holds the overrides: each run records them in its canonical rules
        cols = _from_runs(out, config, hands, seed, lineups, block_size, jobs, check, resume, progress, draws)
    gain, se, z, by_seat, win, deal, b_win, b_deal = _stats(cols, hands)
    return DuelResult(challenger, baseline, config.name, seed, hands, gain, se, z, by_seat, win, deal,
                      b_win, b_deal, None if out is None else os.fspath(out), draws)
