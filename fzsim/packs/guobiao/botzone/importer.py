"""Importing Botzone game records into a results folder: `import_logs`.

The records are read one game at a time (`fzsim.packs.guobiao.botzone.logs.read_games`) and cut into chunks of
``chunk_size`` games; each chunk is replayed (`replay_games`, in worker processes with ``jobs`` >
1, at most ``2 * jobs`` chunks in flight: memory stays constant in the number of games) and kept
as one staging file ``DIR/_botzone/chunks/chunk-NNNNNN.npz``, written under a temporary name and
renamed, so a stopped import keeps every finished chunk and ``resume=True`` replays only the
others. When every chunk is in, the folder is finished as an ordinary results folder:

* ``variant=botzone-logs/part-*.parquet`` and ``_wins/...``: the hands and wins tables of the
  games that replayed equal to their log (game ids 0, 1, ... in the records' order; the policy of
  every seat is ``botzone-log``; the rules are `import_rules`: 国标 on Botzone walls, one hand a
  game), so ``fzsim.load``, the analysis and ``fzsim report`` read real games;
* ``_botzone/games.parquet``: every game read — its source, position, Botzone match id, first
  line, round wind, its game id (-1 when it disagrees) and its category (``ok`` or the mismatch);
* ``_botzone/mismatches.parquet``: the games that disagree, with the category, the line of the
  first differing event and what differs (`fzsim.packs.guobiao.botzone.replay` lists the categories).

No game is dropped silently: each is either in the hands table or in the mismatch table.
"""
from __future__ import annotations

import json
import os
import sys
import time
import uuid
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from fzsim import integrity, storage
from fzsim.packs.guobiao.botzone.logs import read_games, source_files
from fzsim.wins_table import build_wins_table
from fzsim.packs.guobiao.botzone.replay import import_rules, replay_games
from fzsim.lock import LOCK_NAME, FolderLock
from fzsim_core.schema import COLUMNS as ROW_COLUMNS, ROW_DTYPE, columns as row_columns
from fzsim_core.winschema import WIN_COLUMNS, columns as win_columns

__all__ = ["import_logs", "ImportSummary", "load_games", "load_mismatches", "VARIANT", "POLICY", "BOTZONE_DIR"]

VARIANT = "botzone-logs"
#: the policy label of every seat of an imported game: its actions are the log's
POLICY = "botzone-log"
BOTZONE_DIR = "_botzone"
CHUNKS = "chunks"
DEFAULT_CHUNK = 2000
_META_KEYS = ("source", "index", "match", "line", "wind", "category", "event_line", "detail")
_ROW_DTYPES = {name: np.dtype(t) for name, t in ROW_COLUMNS}
_WIN_DTYPES = {name: np.dtype(t) for name, t in WIN_COLUMNS}


@dataclass
class ImportSummary:
    out: str
    games: int          # every game read
    replayed: int       # games equal to their log (in the hands table)
    mismatches: dict    # category -> games
    games_resumed: int  # games whose chunk an earlier call had replayed
    cpu_seconds: float  # of the replays (all workers)
    seconds: float

    def line(self) -> str:
        bad = sum(self.mismatches.values())
        cats = ", ".join(f"{c} {n:,}" for c, n in sorted(self.mismatches.items()))
        rate = (f"; {(self.games - self.games_resumed) / self.cpu_seconds:,.0f} games per CPU-second of replay"
                if self.cpu_seconds else "")
        return (f"imported {self.games:,} games into {self.out}: {self.replayed:,} replayed equal to their logs,"
                f" {bad:,} mismatches" + (f" ({cats})" if cats else "") + f"{rate}, {self.seconds:.1f} s")


def _staging(root: str) -> str:
    return os.path.join(root, BOTZONE_DIR, CHUNKS)


def _chunk_path(root: str, chunk: int) -> str:
    return os.path.join(_staging(root), f"chunk-{chunk:06d}.npz")


def _atomic_write(path: str, write) -> None:
    folder = os.path.dirname(path)
    os.makedirs(folder, exist_ok=True)
    tmp = os.path.join(folder, f".{os.path.basename(path)}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    try:
        write(tmp)
        os.replace(tmp, path)
    except BaseException as exc:
        if os.path.exists(tmp):
            os.remove(tmp)
        if isinstance(exc, OSError):
            raise storage.write_error(exc, path) from exc
        raise


def _replay_chunk(task) -> dict:
    """Replay one chunk of games and keep it as a staging file (runs in the workers)."""
    root, chunk, games, faults = task
    c0 = time.process_time()
    rules = import_rules()
    done = replay_games(games, rules, faults=faults)
    ok = [r for r in done if r.mismatch is None]
    arrays = {}
    # the rows and records as the core gave them (`Replayed.raw_row`), else as dicts of columns
    rows = np.zeros(len(ok), dtype=ROW_DTYPE)
    in_core = [i for i, r in enumerate(ok) if r.raw_row is not None]
    if in_core:
        rows[in_core] = [ok[i].raw_row for i in in_core]
    cols = row_columns(rows)
    for i, r in enumerate(ok):
        if r.raw_row is None:
            for name, value in r.row.items():
                cols[name][i] = value
    for name, dt in _ROW_DTYPES.items():
        arrays["h_" + name] = cols[name].astype(dt, copy=False)
    if ok and len(in_core) == len(ok):
        recs = win_columns(np.concatenate([r.raw_records for r in ok]))
        for name, col in recs.items():
            arrays["w_" + name] = col
    elif ok:
        for name in ok[0].records:
            arrays["w_" + name] = np.concatenate([r.records[name] for r in ok])
    meta = [[r.game.source, r.game.index, r.game.match, r.game.line, r.game.wind,
             "ok" if r.mismatch is None else r.mismatch.category,
             0 if r.mismatch is None else r.mismatch.line, "" if r.mismatch is None else r.mismatch.detail]
            for r in done]
    arrays["meta"] = np.array(json.dumps(meta, ensure_ascii=False))
    def write(tmp):
        with open(tmp, "wb") as f:
            np.savez(f, **arrays)

    _atomic_write(_chunk_path(root, chunk), write)
    return {"chunk": chunk, "games": len(done), "ok": len(ok), "cpu_seconds": time.process_time() - c0}


def _chunks(paths, chunk_size: int):
    games = []
    chunk = 0
    for g in read_games(paths):
        games.append(g)
        if len(games) == chunk_size:
            yield chunk, games
            chunk, games = chunk + 1, []
    if games:
        yield chunk, games


def import_logs(paths, out, *, jobs: int = 1, chunk_size: int = DEFAULT_CHUNK, resume: bool = False,
                progress: bool | None = None, faults: bool = False) -> ImportSummary:
    """Import Botzone game records (files, folders, ``.gz``, ``.zip``: `fzsim.packs.guobiao.botzone.logs`) into the
    results folder ``out`` (module doc). ``jobs``: worker processes for the replays; ``chunk_size``:
    games per staging chunk and per part; ``resume``: finish an interrupted import of the same
    sources; ``faults``: a match the judge ended on a bot's error, settled −30 / +10, is imported
    as a hand ended by that bot's fault (outcome ``fault``, `fzsim.packs.guobiao.botzone.replay.replay_game`)
    instead of a ``bot_error`` mismatch. Raises LogError (a ValueError naming file, game and line) for a record that cannot be
    read — the chunks already replayed are kept for ``resume`` — and ValueError for bad arguments or
    a folder holding something else."""
    t0 = time.perf_counter()
    for name, value in (("jobs", jobs), ("chunk_size", chunk_size)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
            raise ValueError(f"{name} must be an integer >= 1, got {value!r}")
    files = [os.path.abspath(f) for f in source_files(paths)]
    root = os.fspath(out)
    if os.path.exists(root) and not os.path.isdir(root):
        raise ValueError(f"results folder {root!r} is a file; choose a folder with --out")
    lock = FolderLock(root, exclusive=True, create_folder=True).acquire()
    try:
        plan = {"sources": files, "chunk_size": int(chunk_size)}
        if faults:
            plan["faults"] = True
        _check_folder(root, plan, resume)
        os.makedirs(_staging(root), exist_ok=True)
        for folder in (os.path.join(root, BOTZONE_DIR), _staging(root)):   # of killed writers: we hold the lock
            for name in os.listdir(folder):
                if name.startswith(".") and ".tmp-" in name:
                    os.remove(os.path.join(folder, name))
        with open(os.path.join(root, BOTZONE_DIR, "import.json"), "w", encoding="utf-8") as f:
            json.dump(plan, f, indent=1)
        have = {int(n[6:12]) for n in os.listdir(_staging(root)) if n.startswith("chunk-") and n.endswith(".npz")}
        done = storage.read_manifest(root)
        if done is not None and done.status == "complete":      # a finished import is left as it is
            info = done.extra.get("botzone_import", {})
            return ImportSummary(root, info.get("games", 0), info.get("replayed", 0), info.get("mismatches", {}),
                                 info.get("games", 0), 0.0, time.perf_counter() - t0)
        summaries = _replay_all(root, files, int(chunk_size), int(jobs), have, progress, bool(faults))
        return _finish(root, plan, summaries, t0)
    finally:
        lock.release()


def _check_folder(root: str, plan: dict, resume: bool) -> None:
    entries = [e for e in os.listdir(root) if e != LOCK_NAME]
    if not entries:
        return
    try:
        with open(os.path.join(root, BOTZONE_DIR, "import.json"), encoding="utf-8") as f:
            theirs = json.load(f)
    except (OSError, ValueError):
        raise ValueError(f"results folder {root!r} is not empty and holds no Botzone import; nothing was"
                         " written. Choose a new or empty folder with --out") from None
    if theirs.get("sources") != plan["sources"]:
        raise ValueError(f"results folder {root!r} holds an import of other records ({theirs.get('sources')});"
                         " nothing was written. Choose another --out")
    if theirs.get("chunk_size") != plan["chunk_size"]:
        raise ValueError(f"results folder {root!r} holds an import in chunks of {theirs.get('chunk_size')} games,"
                         f" not {plan['chunk_size']}; nothing was written. Repeat it with --chunk-size"
                         f" {theirs.get('chunk_size')}, or choose another --out")
    if bool(theirs.get("faults")) != bool(plan.get("faults")):
        raise ValueError(f"results folder {root!r} holds an import " + ("with" if theirs.get("faults") else "without")
                         + " --faults; nothing was written. Repeat it the same way, or choose another --out")
    if not resume:
        raise ValueError(f"results folder {root!r} already holds this import; pass --resume to finish it"
                         " (a finished import is left as it is), or choose another --out")


def _replay_all(root, files, chunk_size, jobs, have, progress, faults=False) -> list[dict]:
    summaries = []
    with _GamesBar(progress) as bar:
        tasks = ((root, chunk, games, faults) for chunk, games in _chunks(files, chunk_size))
        if jobs == 1:
            for chunk, games in ((t[1], t[2]) for t in tasks):
                if chunk not in have:
                    summaries.append(_replay_chunk((root, chunk, games, faults)))
                bar.update(len(games))
            return summaries
        pool = ProcessPoolExecutor(jobs)
        try:
            running = set()
            for task in tasks:
                if task[1] in have:
                    bar.update(len(task[2]))
                    continue
                running.add(pool.submit(_replay_chunk, task))
                while len(running) >= 2 * jobs:
                    finished, running = wait(running, return_when=FIRST_COMPLETED)
                    for f in finished:
                        summaries.append(f.result())
                        bar.update(summaries[-1]["games"])
            for f in running:
                summaries.append(f.result())
                bar.update(summaries[-1]["games"])
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    return summaries


class _GamesBar:
    """Games read so far, their rate (the total is not known before the end): a tqdm bar when asked
    or on a terminal (``enabled=None``), silence otherwise."""

    def __init__(self, enabled: bool | None):
        if enabled is None:
            enabled = sys.stderr.isatty()
        self.bar = None
        if enabled:
            from tqdm import tqdm

            self.bar = tqdm(unit=" games", unit_scale=True, dynamic_ncols=True, file=sys.stderr)

    def update(self, n: int) -> None:
        if self.bar is not None:
            self.bar.update(n)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.close()
        return False


def _read_chunk(path: str):
    with np.load(path) as z:
        meta = json.loads(str(z["meta"]))
        hands = {k[2:]: z[k] for k in z.files if k.startswith("h_")}
        wins = {k[2:]: z[k] for k in z.files if k.startswith("w_")}
    return meta, hands, wins


def _finish(root: str, plan: dict, summaries: list[dict], t0: float) -> ImportSummary:
    """Every chunk is in: write the standard parts, the game and mismatch tables, the manifest."""
    chunks = sorted(int(n[6:12]) for n in os.listdir(_staging(root)) if n.startswith("chunk-") and n.endswith(".npz"))
    if chunks != list(range(len(chunks))):
        raise ValueError(f"{_staging(root)} lacks chunk(s) {sorted(set(range(max(chunks) + 1)) - set(chunks))};"
                         " repeat the import with --resume")
    n_ok = 0
    for c in chunks:
        meta, _, _ = _read_chunk(_chunk_path(root, c))
        n_ok += sum(1 for m in meta if m[5] == "ok")
    cfg = import_rules()
    block = plan["chunk_size"]
    identity = storage.RunIdentity(seed=0, hands=n_ok, block_size=block, policies=(POLICY,) * 4,
                                   variants={VARIANT: {"rules_hash": cfg.hash, "rules": cfg.canonical}})
    metadata = integrity.part_metadata(identity, VARIANT)
    blocks = {}
    tables = _TableWriters(root)          # the games and mismatch tables, a chunk at a time
    buf_h, buf_w, next_id, n_games, buffered = [], [], 0, 0, 0
    cats: dict[str, int] = {}

    def flush():
        nonlocal buf_h, buf_w
        b = len(blocks)
        hands = {k: np.concatenate([h[k] for h in buf_h]) for k in _ROW_DTYPES}
        wins = {k: np.concatenate([w[k] for w in buf_w]) for k in buf_w[0]} if buf_w else _empty_wins()
        rows, win_rows = len(hands["game_id"]), len(wins["game_id"])
        meta = dict(metadata, block=b, first_game=b * block, n_games=rows)
        wt = build_wins_table(wins, 0, "guobiao", dict(meta, rows=win_rows, table="wins"), hands=hands,
                              rules=cfg.canonical)
        ht = storage.build_table(hands, 0, dict(meta, rows=rows, win_rows=win_rows), "guobiao")
        _, wb = storage.write_part(root, VARIANT, b, wt, "wins")
        path, hb = storage.write_part(root, VARIANT, b, ht, "hands")
        blocks[str(b)] = {"variant": VARIANT, "policy": None, "block": b, "file": os.path.relpath(path, root),
                          "rows": rows, "wins": int(np.count_nonzero(hands["outcome"] == 1)),
                          "win_rows": win_rows, "bytes": hb + wb}
        buf_h, buf_w = [], []

    for c in chunks:
        meta, hands, wins = _read_chunk(_chunk_path(root, c))
        ids = np.full(len(meta), -1, dtype=np.int64)
        ok = [j for j, m in enumerate(meta) if m[5] == "ok"]
        ids[ok] = np.arange(next_id, next_id + len(ok))
        # staging ids are positions in the chunk; the final ids count the replayed games only
        hands = dict(hands, game_id=ids[hands["game_id"]])
        if wins:
            wins = dict(wins, game_id=ids[wins["game_id"]])
        start = 0
        while start < len(ok):
            take = min(block - buffered, len(ok) - start)
            part_h = {k: v[start:start + take] for k, v in hands.items()}
            buf_h.append(part_h)
            if wins:
                keep = np.isin(wins["game_id"], part_h["game_id"])
                buf_w.append({k: v[keep] for k, v in wins.items()})
            start += take
            buffered += take
            if buffered == block:
                flush()
                buffered = 0
        next_id += len(ok)
        tables.add([dict(zip(_META_KEYS, m), game_id=int(ids[j]), chunk=c) for j, m in enumerate(meta)])
        for m in meta:
            if m[5] != "ok":
                cats[m[5]] = cats.get(m[5], 0) + 1
        n_games += len(meta)
    if buf_h:
        flush()
    tables.close()
    manifest = storage.Manifest(identity, "complete", {VARIANT: blocks},
                                {"botzone_import": {"games": n_games, "replayed": n_ok, "mismatches": cats,
                                                    "sources": plan["sources"]}})
    storage.write_manifest(root, manifest)
    for c in chunks:                    # the import is whole: its staging copies go
        os.remove(_chunk_path(root, c))
    return ImportSummary(root, n_games, n_ok, cats, n_games - sum(s["games"] for s in summaries),
                         sum(s["cpu_seconds"] for s in summaries),
                         time.perf_counter() - t0)


def _empty_wins() -> dict:
    out = {k: np.zeros(0, dtype=dt) for k, dt in _WIN_DTYPES.items()}
    out.update(meld_type=np.zeros((0, 5), np.uint8), meld_kind=np.zeros((0, 5), np.uint8),
               concealed=np.zeros((0, 18), np.uint8))
    return out


_GAMES_SCHEMA = pa.schema([("game_id", pa.int64()), ("source", pa.string()), ("index", pa.int64()),
                           ("match", pa.string()), ("line", pa.int64()), ("wind", pa.int8()),
                           ("category", pa.string()), ("event_line", pa.int64()), ("detail", pa.string()),
                           ("chunk", pa.int64())])
_MISMATCH_SCHEMA = pa.schema([f for f in _GAMES_SCHEMA if f.name not in ("game_id", "chunk")])


class _TableWriters:
    """The games and mismatch tables written a chunk at a time (constant memory) under temporary
    names, renamed into place by `close`."""

    def __init__(self, root: str):
        self.final, self.tmp, self.writers = {}, {}, {}
        for name, schema in (("games", _GAMES_SCHEMA), ("mismatches", _MISMATCH_SCHEMA)):
            self.final[name] = os.path.join(root, BOTZONE_DIR, f"{name}.parquet")
            self.tmp[name] = os.path.join(root, BOTZONE_DIR, f".{name}.parquet.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}")
            self.writers[name] = pq.ParquetWriter(self.tmp[name], schema, compression="zstd")

    def add(self, games: list[dict]) -> None:
        bad = [{k: g[k] for k in _MISMATCH_SCHEMA.names} for g in games if g["category"] != "ok"]
        self.writers["games"].write_table(pa.Table.from_pylist(games, schema=_GAMES_SCHEMA))
        if bad:
            self.writers["mismatches"].write_table(pa.Table.from_pylist(bad, schema=_MISMATCH_SCHEMA))

    def close(self) -> None:
        for name, w in self.writers.items():
            w.close()
            os.replace(self.tmp[name], self.final[name])


def _read_table(root, name):
    path = os.path.join(os.fspath(root), BOTZONE_DIR, f"{name}.parquet")
    if not os.path.exists(path):
        raise ValueError(f"{os.fspath(root)!r} holds no finished Botzone import ({path} is missing)")
    return pq.read_table(path).to_pandas()


def load_games(root):
    """Every game an import read (a pandas DataFrame): its source, position, match id, line, round
    wind, game id in the hands table (-1 if it disagrees with the engine) and category."""
    return _read_table(root, "games")


def load_mismatches(root):
    """The games of an import that disagree with the engine: category, the line of the first
    differing event, and what differs."""
    return _read_table(root, "mismatches")
