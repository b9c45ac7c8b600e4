"""Run millions of seeded hands in parallel into a Parquet results folder (`fzsim.simulate`).

The work is cut into blocks of consecutive game ids, the same ids for every variant (so variants
play the same walls: a paired comparison) and for every policy setting of a run of several
(``policy_sets``: a ``policy=LABEL`` partition inside each variant). One task plays one (variant,
policy setting, block) with the engine's ``play_block(..., records=True)`` and writes that block's
two Parquet parts itself (the wins table's, then the hands' — the hands part commits the block),
returning only a small summary. Because a hand's wall depends only on (seed, game id, hand), the rows do not depend on the number
of jobs, the block size or the backend.

Everything is checked before anything is written: the hand count, the variants and overrides,
the policies, the backend and its scheduler, and the results folder (a folder holding another
run, or this run without ``resume``, is refused).
"""
from __future__ import annotations

import dataclasses
import itertools
import json
import os
import signal
import socket
import time
import warnings
from dataclasses import dataclass, field

import numpy as np

from fzsim import integrity, storage, stratified
from fzsim.integrity import sample_positions
from fzsim.game import check_draws, play_hand
from fzsim.lock import LOCK_NAME, FolderLock
from fzsim.pack_registry import DEFAULT_PACK, DEFAULT_VARIANT
from fzsim.policyspec import (block_player, check_policies_play, parse_outside_seat, policy_seats,
                              refuse_coupled_draws, seat_kind)
from fzsim.progress import Progress
from fzsim.rules import load as load_rules
from fzsim.wins_table import build_wins_table
from fzsim_core import engine
from fzsim_core.policies.registry import parse_spec

BACKENDS = ("loky", "threads", "dask", "ray")
DEFAULT_BLOCK_SIZE = 10_000
DEFAULT_OUT = "fzsim-results"
_UINT64_MAX = 2**64 - 1
#: game ids are int64: the last game of a run must not pass this
MAX_GAME_ID = 2**63 - 1
#: event logs replay every sampled hand with a full log (~10 kB each): a documented ceiling
MAX_LOG_SAMPLE = 100_000


class RunStopped(KeyboardInterrupt):
    """A run stopped by Ctrl-C or a signal after it started; its whole parts are kept.

    ``cause`` is the KeyboardInterrupt that stopped it (its text names the signal, if any);
    ``blocks_done``/``blocks_total`` count the parts on disk; ``resumable`` says whether the
    folder holds the run (a manifest) so that ``--resume`` finishes it.
    """

    def __init__(self, cause: BaseException, out: str, blocks_done: int, blocks_total: int, resumable: bool):
        super().__init__(str(cause) or "Ctrl-C")
        self.cause, self.out = cause, out
        self.blocks_done, self.blocks_total, self.resumable = blocks_done, blocks_total, resumable


# --- rules -----------------------------------------------------------------------------------

def _load_rules(variant, overrides):
    """``fzsim.rules.load`` (contract 2)."""
    return load_rules(variant, overrides)


# --- the plan ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class VariantPlan:
    name: str
    config: object          # fzsim.rules.RuleConfig
    hands_per_match: int
    n_games: int


@dataclass(frozen=True)
class BlockTask:
    """Everything a worker needs for one (variant, block): small and picklable."""

    root: str
    variant: str
    block: int
    first_game: int
    n_games: int
    seed: int
    rules: object           # fzsim_core.rules.Rules (pickles by its fields)
    policies: tuple
    check: bool
    metadata: dict
    block_fn: object = None  # None: the engine's play_block; tests may inject a wrapper
    pack: str = DEFAULT_PACK     # the rule pack, which names the wins table's pattern bits
    policy: str | None = None  # the policy setting's label in a run of several (its policy=LABEL folder)
    draws: str = "wall"     # RunIdentity.draws
    strata: dict | None = None  # RunIdentity.strata (None: the seeded walls)
    config: dict | None = None  # the variant's canonical rules (a stratified run's walls read them)


def _play_block(task: BlockTask) -> tuple[dict, dict]:
    """The block's per-hand columns and its records (one per win and end-of-hand payment)."""
    # the engine's play_block, or hands with seats played outside fzsim (a pack's SeatKind)
    play_block = block_player(task.policies, task.draws) if task.block_fn is None else task.block_fn
    # a stratified run: the games' first walls drawn within their strata
    walls = ({"first_walls": stratified.first_walls(task.strata, task.config, task.seed, task.first_game,
                                                    task.n_games)} if task.strata else {})
    return play_block(task.rules, task.seed, task.first_game, task.n_games, task.policies, task.check,
                      records=True, **walls)


def run_block(task: BlockTask) -> dict:
    """Play one block and write its parts; returns a small summary (this runs in the workers).

    The wins part is written first and the hands part last: a block counts as done when its
    hands part is in place (``fzsim.integrity``), so a crash between the two leaves an
    uncommitted wins part that the block's replay replaces.
    """
    t0, c0 = time.perf_counter(), time.thread_time()
    cols, recs = _play_block(task)
    t1 = time.perf_counter()
    rows = int(cols["game_id"].shape[0])
    win_rows = int(recs["game_id"].shape[0])
    block_meta = dict(block=task.block, first_game=task.first_game, n_games=task.n_games)
    wins_table = build_wins_table(recs, task.seed, task.pack,
                                  dict(task.metadata, **block_meta, rows=win_rows, table="wins"), hands=cols)
    table = storage.build_table(cols, task.seed, dict(task.metadata, **block_meta, rows=rows, win_rows=win_rows),
                                task.pack)
    _, wins_bytes = storage.write_part(task.root, task.variant, task.block, wins_table, "wins", task.policy)
    path, nbytes = storage.write_part(task.root, task.variant, task.block, table, "hands", task.policy)
    t2, c2 = time.perf_counter(), time.thread_time()
    wins = int(np.count_nonzero(cols["outcome"] == 1))
    return {"variant": task.variant, "policy": task.policy, "block": task.block,
            "file": os.path.relpath(path, task.root),
            "rows": rows, "wins": wins, "win_rows": win_rows, "bytes": nbytes + wins_bytes,
            "play_seconds": round(t1 - t0, 4), "write_seconds": round(t2 - t1, 4),
            # CPU time of this thread: what the block cost even when the machine is shared
            "cpu_seconds": round(c2 - c0, 4),
            "worker": f"{socket.gethostname()}:{os.getpid()}", "peak_rss_mb": _peak_rss_mb()}


def _peak_rss_mb() -> float:
    """Peak resident memory of this worker process so far (MB; Linux reports KiB)."""
    try:
        import resource   # Unix only: optional
    except ImportError:  # not on POSIX
        return float("nan")
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


# --- input checks ------------------------------------------------------------------------------

def _positive_int(name: str, value, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}, got {value!r}")
    return int(value)


def _known_policies() -> tuple[str, ...]:
    return tuple(engine.POLICIES)


def _check_policies(policies) -> tuple[str, ...]:
    """Any policy setting (fzsim.policyspec) -> 4 known names (greedy where unspecified)."""
    seats = policy_seats(policies)
    known = _known_policies()
    for name in seats:
        if isinstance(name, str) and seat_kind(name) is not None:
            parse_outside_seat(name)   # a program outside fzsim (a pack's SeatKind), checked before anything is written
            continue
        if not isinstance(name, str):
            raise ValueError(f"policy {name!r} is not a name: a run records its policies, so give"
                             f" one of {', '.join(known)} (callables work in fzsim.play_hand)")
        if name.partition(":")[0].strip() not in known:
            raise ValueError(f"unknown policy {name!r}: allowed {', '.join(known)}")
        parse_spec(name)   # its parameters, checked before anything is written
    return tuple(seats)


def _check_policy_sets(policy_sets) -> dict[str, tuple[str, ...]]:
    """Several policy settings for one run -> {label: 4 seats}; {} for none.

    ``policy_sets``: a list of settings (each in any form `fzsim.policyspec` reads: ``"guard"``,
    ``"0=guard,all=greedy"``, four names, ...), labelled by their policies (``guard``,
    ``guard,greedy,greedy,greedy``), or a ``{label: setting}`` dict.
    """
    if policy_sets is None:
        return {}
    if isinstance(policy_sets, str):
        policy_sets = [policy_sets]
    items = (list(policy_sets.items()) if isinstance(policy_sets, dict)
             else [(None, setting) for setting in policy_sets])
    if not items:
        raise ValueError("policy_sets is empty: give two or more policy settings (or leave it out)")
    out: dict[str, tuple[str, ...]] = {}
    for label, setting in items:
        seats = _check_policies(setting)
        label = storage.check_policy_label(seats[0] if len(set(seats)) == 1 else ",".join(seats)) \
            if label is None else storage.check_policy_label(label)
        if label in out:
            raise ValueError(f"policy setting {label!r} is given twice")
        out[label] = seats
    return out


def _plan_variants(variants, overrides, hands: int) -> list[VariantPlan]:
    if isinstance(variants, (str, os.PathLike)) or not hasattr(variants, "__iter__"):
        variants = [variants]
    variants = list(variants)
    if not variants:
        raise ValueError("give at least one variant")
    plans = []
    for v in variants:
        config = _load_rules(os.fspath(v) if isinstance(v, os.PathLike) else v, overrides)
        name = storage.check_variant_name(config.name)
        if any(p.name == name for p in plans):
            raise ValueError(f"variant {name!r} is given twice")
        hpm = int(config.core.fields["hands_per_match"])
        if hands % hpm:
            raise ValueError(
                f"hands={hands} is not a whole number of matches for variant {name!r}"
                f" (hands_per_match={hpm}); use a multiple of {hpm}"
            )
        if hands // hpm - 1 > MAX_GAME_ID:
            raise ValueError(
                f"hands={hands} needs game ids up to {hands // hpm - 1} for variant {name!r}, past the"
                f" largest game id 2**63-1; allowed at most {(MAX_GAME_ID + 1) * hpm} hands"
            )
        plans.append(VariantPlan(name, config, hpm, hands // hpm))
    return plans


# --- backends ----------------------------------------------------------------------------------

class _Backend:
    """A joblib backend chosen by name, connected before anything is written."""

    def __init__(self, name: str, jobs: int, scheduler, connect_timeout: float):
        if name not in BACKENDS:
            raise ValueError(f"unknown backend {name!r}: allowed {', '.join(BACKENDS)}")
        self.name, self.jobs, self.client = name, jobs, None
        self.generator = True
        if name == "loky":
            self.joblib_name, self.n_jobs = "loky", jobs
        elif name == "threads":
            self.joblib_name, self.n_jobs = "threading", jobs
        elif name == "dask":
            if not scheduler:
                raise ValueError("backend 'dask' needs a scheduler address (--scheduler tcp://HOST:8786)")
            try:
                from dask.distributed import Client   # optional dependency (the dask backend)
            except ImportError as exc:
                raise ValueError("backend 'dask' needs dask.distributed: pip install 'fzsim[dask]'") from exc
            if isinstance(scheduler, Client):
                self.client = scheduler
                self._own_client = False
            else:
                try:
                    self.client = Client(scheduler, timeout=connect_timeout)
                except (OSError, TimeoutError, ValueError) as exc:
                    raise ValueError(f"cannot reach the dask scheduler at {scheduler!r}: {exc}") from exc
                self._own_client = True
            # every worker thread of the cluster takes blocks
            self.joblib_name, self.n_jobs = "dask", -1
            self.jobs = sum(self.client.nthreads().values())
        else:  # ray
            try:
                import ray   # optional dependency (the ray backend)
                from ray.util.joblib import register_ray   # (the same)
            except ImportError as exc:
                raise ValueError("backend 'ray' needs Ray: pip install 'fzsim[ray]'") from exc
            register_ray()
            if not ray.is_initialized():
                try:
                    ray.init(address=scheduler or None, ignore_reinit_error=True)
                except Exception as exc:  # noqa: BLE001 - Ray raises many types when unreachable
                    raise ValueError(f"cannot start or reach Ray at {scheduler!r}: {exc}") from exc
            # Ray's joblib backend subclasses multiprocessing: no generator results
            self.joblib_name, self.n_jobs, self.generator = "ray", -1, False
            self.jobs = int(ray.cluster_resources().get("CPU", 1))

    def run(self, tasks, on_done) -> None:
        """Play ``tasks`` (an iterable, consumed lazily) and call ``on_done`` with each summary."""
        import joblib   # heavy (loky): only when blocks run in worker processes

        return_as = "generator_unordered" if self.generator else "list"
        with joblib.parallel_config(backend=self.joblib_name, n_jobs=self.n_jobs):
            # loky workers start while these signals are blocked and keep the mask, so Ctrl-C,
            # SIGTERM and SIGHUP reach only this process, which then stops the workers itself (no
            # worker traceback, no worker writing on after the run ended).
            stop_signals = set()
            if self.name == "loky":
                stop_signals = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
                _start_resource_trackers()
            old_mask = signal.pthread_sigmask(signal.SIG_BLOCK, stop_signals)
            try:
                results = joblib.Parallel(return_as=return_as, batch_size=1)(
                    joblib.delayed(run_block)(t) for t in tasks
                )
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, old_mask)
            try:
                for summary in results:
                    on_done(summary)
            except BaseException:
                # an interrupted run cancels the blocks still playing on purpose: close the generator
                # here, so that joblib's warning about cancelled tasks does not follow fzsim's message
                if hasattr(results, "close"):
                    with warnings.catch_warnings():
                        warnings.filterwarnings("ignore", message=".*adjusting the input task iterator")
                        results.close()
                raise

    def close(self) -> None:
        if self.client is not None and getattr(self, "_own_client", False):
            self.client.close()
        self.client = None


def _start_resource_trackers() -> None:
    """Start the helper processes loky uses before the workers: starting one unblocks SIGINT and
    SIGTERM in the calling thread, which would undo the mask the workers must inherit."""
    import multiprocessing.resource_tracker   # only where worker processes start

    multiprocessing.resource_tracker.ensure_running()
    try:                # loky's own tracker: a private module, so only where it is found
        from joblib.externals.loky.backend import resource_tracker   # private: only where it is found
    except ImportError:
        return
    resource_tracker.ensure_running()


# --- the results folder --------------------------------------------------------------------------
# Everything here runs while this call holds the folder's writer lock.

def _check_folder(root: str, identity: storage.RunIdentity, resume: bool) -> storage.Manifest | None:
    """Refuse a folder that holds something else; returns the folder's manifest (None: fresh)."""
    try:
        manifest = storage.read_manifest(root)
    except ValueError as exc:
        raise ValueError(f"{exc}{integrity.repair_hint(root)}; nothing was written") from None
    if manifest is None:
        if any(e != LOCK_NAME for e in os.listdir(root)):
            raise ValueError(
                f"results folder {root!r} is not empty and holds no fzsim run{integrity.repair_hint(root)};"
                " nothing was written. Choose a new or empty folder with --out"
            )
        return None
    diffs = manifest.identity.differences(identity)
    if diffs:
        raise ValueError(
            f"results folder {root!r} holds a different run ({'; '.join(diffs)}); nothing was written."
            " Choose another folder with --out, or repeat that run's settings to resume it"
        )
    if not resume:
        if manifest.status == "complete":
            raise ValueError(
                f"results folder {root!r} already holds this finished run; nothing was written."
                " Pass --resume (there is nothing left to do) or choose another folder with --out"
            )
        raise ValueError(
            f"results folder {root!r} holds an unfinished run with these settings; nothing was written."
            " Pass --resume to finish it, or choose another folder with --out"
        )
    return manifest


def _parts_to_keep(root: str, manifest: storage.Manifest) -> dict[str, dict[int, dict]]:
    """Resume: the consistent parts (kept); refuses what does not belong to the run, warns of replays."""
    check = integrity.check_folder(root, manifest)
    alien = [f for f in check.findings if f.action == "refuse"]
    if alien:
        lines = "\n".join("  " + f.line() for f in alien[:20])
        more = f"\n  ... and {len(alien) - 20} more" if len(alien) > 20 else ""
        raise ValueError(f"results folder {root!r} holds files that are not this run's; refusing to mix,"
                         f" nothing was written:\n{lines}{more}\nMove them out of the folder, then resume"
                         " (or choose another --out)")
    for f in check.findings:
        warnings.warn(f"part {os.path.join(root, f.path)} {f.problem}; playing its block again", stacklevel=4)
    return {key: {b: {"variant": p.variant, "policy": p.policy, "block": b, "file": os.path.relpath(p.path, root),
                      "rows": p.rows, "win_rows": p.wins_rows, "bytes": p.bytes, "resumed": True}
                  for b, p in ps.items()}
            for key, ps in check.parts.items()}


def _lock_folder(root: str) -> FolderLock:
    if os.path.exists(root) and not os.path.isdir(root):
        raise ValueError(f"results folder {root!r} is a file; choose a folder with --out")
    lock = FolderLock(root, exclusive=True, create_folder=True)
    try:
        return lock.acquire()
    except OSError as exc:
        lock.remove_created_folder()
        raise ValueError(f"cannot write to results folder {root!r}: {exc.strerror or exc}") from exc


class _Undo:
    """What this call creates before its first part, so that a failure then leaves the folder as
    it was: the manifest if it was new, and the folders it adds (removed only when empty)."""

    def __init__(self, root: str, units: list[tuple[str, str | None]]):
        self.root = root
        self.files: list[str] = []
        dirs = []
        for base in (root, os.path.join(root, storage.LOG_DIR), os.path.join(root, storage.WINS_DIR)):
            for v, p in units:
                dirs.append(storage.variant_dir(base, v))
                if p is not None:
                    dirs.append(storage.unit_dir(base, v, p))
        dirs += [os.path.join(root, storage.LOG_DIR), os.path.join(root, storage.WINS_DIR)]
        self.dirs = [d for d in dict.fromkeys(dirs) if not os.path.isdir(d)]

    def undo(self) -> None:
        for f in self.files:
            if os.path.exists(f):
                os.remove(f)
        for d in sorted(self.dirs, key=len, reverse=True):
            if not os.path.isdir(d):
                continue
            uncommitted = os.path.relpath(d, self.root).split(os.sep)[0] == storage.WINS_DIR
            for name in os.listdir(d):      # a stopped worker's half-written part, in our folder
                # (and in a wins folder this call made, the wins parts it wrote before any hands part)
                if storage.is_temp_name(name) or (uncommitted and name.startswith("part-")):
                    os.remove(os.path.join(d, name))
            try:
                os.rmdir(d)                 # only if empty: never a file this call did not write
            except OSError:
                pass


# --- event logs of a sample of hands ----------------------------------------------------------------

def _jsonable(obj):
    if isinstance(obj, np.generic):
        return obj.item()
    if isinstance(obj, np.ndarray):
        return obj.tolist()
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return dataclasses.asdict(obj)
    if isinstance(obj, (set, frozenset)):
        return sorted(obj)
    return str(obj)


def log_path(root: str, variant: str, policy: str | None = None) -> str:
    return os.path.join(storage.unit_dir(os.path.join(root, storage.LOG_DIR), variant, policy), "hands.jsonl")


def _write_logs(root: str, plan: VariantPlan, seed: int, policies: tuple, k: int, policy: str | None = None,
                draws: str = "wall", strata: dict | None = None) -> str:
    """Replay K evenly spread hands with full event logs into ``_logs/variant=NAME/hands.jsonl``
    (``_logs/variant=NAME/policy=LABEL/hands.jsonl`` in a run of several policy settings)."""
    final = log_path(root, plan.name, policy)
    os.makedirs(os.path.dirname(final), exist_ok=True)
    tmp = os.path.join(os.path.dirname(final), f".hands.jsonl.tmp-{os.getpid()}")
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            for pos in sample_positions(plan.n_games * plan.hands_per_match, k):
                game_id, hand = divmod(pos, plan.hands_per_match)
                result = play_hand(seed, game_id, variant=plan.config, policies=list(policies),
                                   log=True, hand=hand, draws=draws,
                                   first_wall=stratified.first_wall(strata, plan.config, seed, game_id))
                record = dataclasses.asdict(result) if dataclasses.is_dataclass(result) else dict(result)
                events = record.pop("events", None)
                line = {"variant": plan.name, "seed": str(seed), "game_id": game_id, "hand": hand,
                        "policies": list(policies), "result": record, "events": events}
                if policy is not None:
                    line["policy"] = policy
                f.write(json.dumps(line, default=_jsonable, ensure_ascii=False) + "\n")
        os.replace(tmp, final)
    except BaseException as exc:
        if os.path.exists(tmp):     # a killed process leaves it; `--resume` removes those
            os.remove(tmp)
        if isinstance(exc, OSError):
            raise storage.write_error(exc, final) from exc
        raise
    return final


def read_logs(root, variant: str, policy: str | None = None) -> list[dict]:
    """The sampled event logs of one variant (under policy setting ``policy`` in a run of several),
    as written by ``--log-sample``."""
    path = log_path(os.fspath(root), variant, policy)
    if not os.path.exists(path):
        where = f"variant {variant!r}" + (f", policy setting {policy!r}," if policy is not None else "")
        raise FileNotFoundError(f"no event logs for {where} in {os.fspath(root)!r} (run with --log-sample K)")
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


# --- the run ------------------------------------------------------------------------------------------

@dataclass
class RunSummary:
    """What `simulate` did; ``line()`` is the one-line closing summary the CLI prints."""

    out: str
    variants: list[str]
    hands: int                     # per variant
    seed: int
    backend: str
    jobs: int
    blocks_total: int
    blocks_written: int
    blocks_resumed: int
    hands_played: int              # rows written by this call (all variants and policy settings)
    wins: int                      # among the rows written by this call
    bytes_written: int
    seconds: float
    play_seconds: float            # summed over tasks
    write_seconds: float           # summed over tasks
    cpu_seconds: float             # CPU time of the tasks (play + write), summed
    peak_rss_mb: dict = field(default_factory=dict)   # worker -> its peak resident memory (MB)
    logs: list[str] = field(default_factory=list)
    policy_sets: list[str] = field(default_factory=list)   # the labels, in a run of several settings

    @property
    def hands_per_second(self) -> float:
        return self.hands_played / self.seconds if self.seconds > 0 else float("nan")

    def line(self) -> str:
        names = ", ".join(self.variants)
        sets = f" x {len(self.policy_sets)} policy settings [{', '.join(self.policy_sets)}]" if self.policy_sets else ""
        rate = f"{self.hands_per_second:,.0f} hands/s" if self.hands_played else "nothing to play"
        resumed = f", {self.blocks_resumed} already done" if self.blocks_resumed else ""
        win = f", {self.wins / self.hands_played:.1%} won" if self.hands_played else ""
        return (f"fzsim run: {self.hands:,} hands x {len(self.variants)} variant(s) [{names}]{sets} seed {self.seed}"
                f" -> {self.out}: {self.hands_played:,} hands played in {self.seconds:.1f} s ({rate},"
                f" {self.backend} jobs={self.jobs}); {self.blocks_written}/{self.blocks_total} blocks"
                f" written{resumed}{win}, {self.bytes_written / 1e6:.1f} MB")


def _peaks(summaries) -> dict:
    peaks = {}
    for s in summaries:
        peaks[s["worker"]] = max(peaks.get(s["worker"], 0.0), s["peak_rss_mb"])
    return peaks


def simulate(
    hands: int,
    variants=(DEFAULT_VARIANT,),
    overrides: dict | None = None,
    *,
    seed: int = 0,
    jobs: int = 1,
    out=DEFAULT_OUT,
    backend: str = "loky",
    scheduler=None,
    resume: bool = False,
    policies=None,
    policy_sets=None,
    log_sample: int = 0,
    block_size: int = DEFAULT_BLOCK_SIZE,
    progress: bool | None = None,
    check: bool = False,
    connect_timeout: float = 10.0,
    draws: str = "wall",
    strata: dict | None = None,
    _block_fn=None,
) -> RunSummary:
    """Play ``hands`` seeded hands of every variant into the Parquet folder ``out``.

    variants: preset names, ``.toml`` paths or RuleConfigs (all play the same game ids);
    overrides: rule keys applied to every variant; seed: root seed 0..2**64-1; jobs: worker
    processes/threads (``-1``: all cores; at most one per block to play; dask/ray use every worker
    of the cluster); backend: ``loky``, ``threads``, ``dask`` (needs ``scheduler``, an address or a
    ``distributed.Client``) or ``ray``; resume: finish the missing blocks of the same run in
    ``out`` (parts that are damaged or misnumbered are played again); policies: one name for all
    seats, four names, or ``{seat: name}``; log_sample: store full event logs of this many evenly
    spread hands per variant (at most MAX_LOG_SAMPLE); policy_sets: several policy settings in one
    run instead of ``policies`` (a list of settings, each labelled by its policies, or a ``{label:
    setting}`` dict): each is a ``policy=LABEL`` partition of every variant, on the same game ids,
    and analysis compares them as it compares variants; block_size: games per part file (part of
    the run's identity; results do not depend on it); progress: bar on stderr (None: only on a
    terminal); check: the engine's invariant checks after every action; draws: ``wall`` (the
    hands draw from the wall as it lies) or ``seat`` (draws coupled by seat: the same game
    distribution, and variants or policy settings on the same walls stay in step after their play
    diverges, so their paired differences are sharper; part of the run's identity); strata: a
    stratified run, ``{"name": NAME, "counts": [games of stratum 0, 1, ...]}`` of a stratification
    the variants' pack declares (`fzsim.stratified`: each game's first wall drawn within its
    stratum; the counts sum to the run's games; part of the run's identity).

    One writer per folder: the call holds ``out``'s lock throughout and is refused (ValueError
    naming the holder) while another process holds it. Raises ValueError (nothing written) for
    bad input or a folder holding another run; ``RunStopped`` when interrupted after the start.
    """
    t_start = time.perf_counter()
    hands = _positive_int("hands", hands)
    block_size = _positive_int("block_size", block_size)
    if isinstance(jobs, bool) or not isinstance(jobs, (int, np.integer)) or not (jobs >= 1 or jobs == -1):
        raise ValueError(f"jobs must be an integer >= 1 (or -1 for all cores), got {jobs!r}")
    jobs = (os.cpu_count() or 1) if jobs == -1 else int(jobs)
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed <= _UINT64_MAX:
        raise ValueError(f"seed must be an integer in 0..2**64-1, got {seed!r}")
    seed = int(seed)
    if isinstance(log_sample, bool) or not isinstance(log_sample, (int, np.integer)) or log_sample < 0:
        raise ValueError(f"log_sample must be an integer >= 0, got {log_sample!r}")
    if log_sample > MAX_LOG_SAMPLE:
        raise ValueError(f"log_sample={log_sample} is more than the allowed {MAX_LOG_SAMPLE:,} logged hands"
                         " per variant")
    if log_sample > hands:
        raise ValueError(f"log_sample={log_sample} is more than the {hands} hands of the run")
    sets = _check_policy_sets(policy_sets)
    if sets and policies is not None:
        raise ValueError("give policies or policy_sets, not both: a run of several policy settings takes"
                         " each seat's policy from its setting")
    seats = next(iter(sets.values())) if sets else _check_policies(policies)
    check_draws(draws)
    refuse_coupled_draws(draws, sets.values() if sets else [seats])
    plans = _plan_variants(variants, overrides, hands)
    for plan in plans:    # before the folder is touched: a policy its pack does not play is refused
        for label, setting in (sets.items() if sets else [(None, seats)]):
            of_set = "" if label is None else f" of policy set {label!r}"
            check_policies_play(plan.config, {f"seat {s}{of_set}": p for s, p in enumerate(setting)}, plan.name)
    if strata is not None:
        if any(seat_kind(p) for setting in (sets.values() if sets else [seats]) for p in setting):
            raise ValueError("strata: a stratified run's walls are the engine's; seats played outside fzsim"
                             " draw their own")
        if len({p.n_games for p in plans}) != 1:
            raise ValueError("strata: the variants play different numbers of games (hands_per_match differs);"
                             " a stratified run's variants play the same games")
        strata = stratified.check_run_strata(strata, [p.config for p in plans], plans[0].n_games)
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}: allowed {', '.join(BACKENDS)}")
    root = os.fspath(out)
    identity = storage.RunIdentity(
        seed=seed, hands=hands, block_size=block_size, policies=seats,
        variants={p.name: {"rules_hash": p.config.hash, "rules": p.config.canonical} for p in plans},
        policy_sets={label: list(s) for label, s in sets.items()},
        draws=draws, strata=strata or {},
    )
    lock = _lock_folder(root)
    try:
        existing = _check_folder(root, identity, resume)
        kept = _parts_to_keep(root, existing) if existing is not None else {}
        runner = _Backend(backend, jobs, scheduler, connect_timeout)
        try:
            return _run(root, plans, identity, existing, kept, runner, seats, log_sample, progress, check,
                        _block_fn, t_start)
        finally:
            runner.close()
    finally:
        lock.release()
        lock.remove_created_folder()


def _effective_jobs(runner: _Backend, n_tasks: int) -> None:
    """At most one worker per block to play; a warning when they outnumber the cores."""
    if runner.name not in ("loky", "threads"):
        return
    runner.jobs = runner.n_jobs = max(1, min(runner.jobs, n_tasks))
    cores = os.cpu_count() or 1
    if runner.jobs > cores:
        warnings.warn(f"jobs={runner.jobs} is more than the {cores} cores of this machine: the workers"
                      " share them (each loky worker also holds about 150 MB)", stacklevel=4)


def _units(plans, identity) -> list[tuple[VariantPlan, str | None]]:
    """Every (variant plan, policy setting label or None) of the run, in run order."""
    return [(plan, policy) for plan in plans for policy in (list(identity.policy_sets) or [None])]


def _tasks(root, plans, done, seed, check, block_fn, identity):
    """The blocks still to play, block-major (an interrupted run has every variant and policy
    setting about equally far: paired data), generated lazily so that a run of any size plans in
    constant memory."""
    units = _units(plans, identity)
    metas = {(plan.name, p): integrity.part_metadata(identity, plan.name, p) for plan, p in units}
    last = max(-(-p.n_games // identity.block_size) for p in plans)
    for block in itertools.takewhile(lambda b: b < last, itertools.count()):
        first = block * identity.block_size
        for plan, policy in units:
            if first < plan.n_games and block not in done[(plan.name, policy)]:
                yield BlockTask(root, plan.name, block, first, min(identity.block_size, plan.n_games - first),
                                seed, plan.config.core, identity.seats(policy), bool(check),
                                metas[(plan.name, policy)], block_fn,
                                str(plan.config.canonical.get("pack", DEFAULT_PACK)), policy, identity.draws,
                                identity.strata or None, plan.config.canonical if identity.strata else None)


def _parts_on_disk(root: str, plans, identity) -> int:
    count = 0
    for plan, policy in _units(plans, identity):
        folder = storage.unit_dir(root, plan.name, policy)
        if os.path.isdir(folder):
            count += sum(1 for name in os.listdir(folder) if name.startswith("part-"))
    return count


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _run(root, plans, identity, existing, kept, runner, seats, log_sample, progress, check, block_fn, t_start):
    seed, block_size = identity.seed, identity.block_size
    units = _units(plans, identity)
    done = {(p.name, policy): dict(kept.get((p.name, policy), {})) for p, policy in units}
    blocks_total = sum(-(-p.n_games // block_size) for p, _ in units)
    n_tasks = blocks_total - sum(len(d) for d in done.values())
    _effective_jobs(runner, n_tasks)
    complete_already = existing is not None and existing.status == "complete" and n_tasks == 0
    manifest = existing or storage.Manifest(identity)
    undo = _Undo(root, [(p.name, policy) for p, policy in units])
    if not (complete_already and not log_sample):    # a finished run is left exactly as it is
        if existing is None:
            undo.files.append(storage.manifest_path(root))
        else:
            storage.remove_temp_files(root)        # of killed writers: we hold the lock
        manifest.status = "running"
        manifest.extra.setdefault("started", _now())
        try:
            storage.write_manifest(root, manifest)
        except OSError as exc:
            undo.undo()
            raise ValueError(f"cannot write to results folder {root!r}: {exc.strerror or exc}") from exc

    total_hands = sum(p.n_games * p.hands_per_match for p, _ in units)
    already = sum(s["rows"] for d in done.values() for s in d.values())
    written = []
    try:
        with Progress(total_hands, initial=already, enabled=progress) as bar:
            def on_done(summary):
                written.append(summary)
                done[(summary["variant"], summary.get("policy"))][summary["block"]] = summary
                bar.update(summary["rows"])

            if n_tasks:
                runner.run(_tasks(root, plans, done, seed, check, block_fn, identity), on_done)
        # (re)written on every call that asks: K hands are cheap and replay deterministically
        logs = [_write_logs(root, plan, seed, identity.seats(policy), log_sample, policy, identity.draws,
                            identity.strata)
                for plan, policy in units] if log_sample else []
    except BaseException as exc:
        # whole parts stay and the manifest still says "running": --resume finishes the run.
        # Count them on disk: a worker may have finished a part whose summary never arrived.
        parts = _parts_on_disk(root, plans, identity)
        if existing is None and parts == 0:
            undo.undo()
        if isinstance(exc, KeyboardInterrupt) and not isinstance(exc, RunStopped):
            raise RunStopped(exc, root, parts, blocks_total, resumable=parts > 0 or existing is not None) from None
        if parts:
            exc.add_note(f"{parts:,} of {blocks_total:,} blocks are written and kept in {root}; once the"
                         " cause is fixed, finish the run by repeating the command with --resume")
        raise
    if not (complete_already and not log_sample):
        manifest.status = "complete"
        manifest.blocks = {storage.unit_label(*key): {str(b): d[b] for b in sorted(d)} for key, d in done.items()}
        manifest.extra["finished"] = _now()
        storage.write_manifest(root, manifest)
    return RunSummary(
        out=root, variants=[p.name for p in plans], hands=identity.hands, seed=seed,
        backend=runner.name, jobs=runner.jobs, blocks_total=blocks_total,
        blocks_written=len(written), blocks_resumed=blocks_total - len(written),
        hands_played=sum(s["rows"] for s in written), wins=sum(s["wins"] for s in written),
        bytes_written=sum(s["bytes"] for s in written), seconds=time.perf_counter() - t_start,
        play_seconds=sum(s["play_seconds"] for s in written),
        write_seconds=sum(s["write_seconds"] for s in written),
        cpu_seconds=sum(s["cpu_seconds"] for s in written),
        peak_rss_mb=_peaks(written), logs=logs, policy_sets=list(identity.policy_sets),
    )
