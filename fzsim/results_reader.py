"""Reading a results folder back for analysis: the integrity check ``fzsim.load`` makes, the run's
description, the columns an analysis needs (hands table) and the wins table, with a run of
several policy settings read as ``VARIANT/LABEL`` variants. The layer below `fzsim.analysis`,
`fzsim.analysis_wins`, `fzsim.shanten_turns` and `fzsim.report`."""
from __future__ import annotations

import contextlib
import contextvars
import json
import os
import warnings
from collections.abc import Iterable, Sequence
from urllib.parse import unquote

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq

from fzsim import integrity, storage, wins_table



def _variant_dirs(path: str) -> list[str]:
    try:
        entries = sorted(os.listdir(path))
    except FileNotFoundError:
        raise FileNotFoundError(f"results folder {path!r} does not exist") from None
    except NotADirectoryError:
        raise ValueError(f"{path!r} is a file, not a results folder (expected DIR/variant=NAME/part-*.parquet)") from None
    return [e for e in entries if e.startswith("variant=") and os.path.isdir(os.path.join(path, e))]


#: set (``reading_incomplete``) while a report built with --allow-incomplete reads an unfinished run
_INCOMPLETE_OK = contextvars.ContextVar("fzsim_analysis_incomplete_ok", default=False)


@contextlib.contextmanager
def reading_incomplete():
    """Within this block, folder readers accept an unfinished (but consistent) run and read the
    parts written so far, as ``fzsim.load(..., strict=False)`` does (``fzsim report
    --allow-incomplete``)."""
    token = _INCOMPLETE_OK.set(True)
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message=".*reading only its consistent parts")
            yield
    finally:
        _INCOMPLETE_OK.reset(token)


def load_results(path, **kw) -> pd.DataFrame:
    """``fzsim.load`` as every folder reader of the analysis calls it (strict unless within
    :func:`reading_incomplete`)."""
    return load(path, strict=not _INCOMPLETE_OK.get(), **kw)


def open_results(path):
    """The integrity check (``fzsim.integrity``) of a results folder that ``fzsim.load`` would read:
    every part consistent with the manifest and the run complete, else a ``ValueError`` naming
    each problem (the same refusal as ``fzsim.load``)."""
    root = os.fspath(path)
    dirs = _variant_dirs(root)          # FileNotFoundError / "is a file" first
    if not os.path.exists(os.path.join(root, "_manifest.json")) and not dirs:
        raise ValueError(
            f"{root!r} is not fzsim output: expected DIR/_manifest.json and folders named variant=NAME holding"
            f" part-*.parquet (make one with `fzsim run`)")
    check = integrity.open_folder(root)
    if not check.complete and not (check.consistent and _INCOMPLETE_OK.get()):
        raise integrity.refusal(check, "nothing was analysed",
                                f"See `fzsim verify {root}`; `fzsim run ... --resume` replays missing or damaged"
                                " parts.")
    return check


def check_results_dir(path) -> list[str]:
    """Check ``path`` is a complete, consistent fzsim results folder holding rows (the manifest
    check of ``fzsim.load``); return its variant names (``VARIANT/LABEL`` per policy setting in a
    run of several).

    Raises ``FileNotFoundError`` if it does not exist and ``ValueError`` with a clear message if
    it is not fzsim output, is inconsistent or unfinished, or holds no hands.
    """
    check = open_results(path)
    if sum(p.rows for parts in check.parts.values() for p in parts.values()) == 0:
        raise ValueError(f"{os.fspath(path)!r} is empty: its parquet parts hold 0 hands")
    return [storage.unit_label(v, p) for v, p in check.layout]


def _unit_dirs(path: str, dirs: list[str]) -> list[tuple[str, str]]:
    """(label, folder) per variant folder, or per ``policy=LABEL`` folder inside it in a run of
    several policy settings (labelled ``VARIANT/LABEL``, as analysis names them)."""
    out = []
    for d in dirs:
        folder = os.path.join(path, d)
        name = unquote(d.split("=", 1)[1])     # names are %-encoded in folder names
        subs = sorted(e for e in os.listdir(folder) if e.startswith("policy=")
                      and os.path.isdir(os.path.join(folder, e)))
        if subs:
            out += [(f"{name}/{unquote(e.split('=', 1)[1])}", os.path.join(folder, e)) for e in subs]
        else:
            out.append((name, folder))
    return out


def fold_policy_column(df: pd.DataFrame) -> pd.DataFrame:
    """A run of several policy settings: ``variant`` becomes ``VARIANT/LABEL`` so that every
    per-variant analysis (rates, balance, compare, the report) treats each setting as a variant;
    ``policy`` stays a column of its own."""
    if "policy" in df.columns:
        df["variant"] = (df["variant"].astype(str) + "/" + df["policy"].astype(str)).astype("category")
    return df


def run_info(path) -> dict | None:
    """The run description in ``DIR/_manifest.json`` (seed, policies, per-variant rules), or None.

    Written by the runner (contract 4); used to label reports and to know each
    variant's tile set. A folder without a readable manifest gives None.
    """
    try:
        with open(os.path.join(os.fspath(path), "_manifest.json"), encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return None
    run = data.get("fzsim_run") if isinstance(data, dict) else None
    if not isinstance(run, dict):
        return None
    return {**run, "status": data.get("status")}


def read_columns(data, columns: Iterable[str], variants: Sequence[str] | None = None,
                 fold_policy: bool = True) -> pd.DataFrame:
    """The needed ``columns`` (plus ``variant``) of ``data`` as a DataFrame.

    ``data`` is a DataFrame (columns are checked) or a results folder (only
    those columns are read). ``variants`` keeps only those variants. In a run of several
    policy settings (a ``policy`` column, or ``policy=LABEL`` folders) ``variant`` reads
    ``VARIANT/LABEL`` unless ``fold_policy=False``.
    Raises ``ValueError`` naming a missing column or an unknown variant.
    """
    cols = list(dict.fromkeys(["variant", *columns]))
    if isinstance(data, pd.DataFrame):
        missing = [c for c in cols if c not in data.columns]
        if missing:
            raise ValueError(f"results lack column(s) {missing}: have {sorted(map(str, data.columns))}")
        df = data[cols + (["policy"] if fold_policy and "policy" in data.columns and "policy" not in cols else [])]
        if fold_policy and "policy" in df.columns:
            df = fold_policy_column(df.copy())
            if "policy" not in cols:
                df = df.drop(columns="policy")
    else:
        names = check_results_dir(data)
        have = column_names(data)
        missing = [c for c in cols if c not in have]
        if missing:
            raise ValueError(f"results in {os.fspath(data)!r} lack column(s) {missing}")
        if variants is not None:
            unknown = [v for v in variants if v not in names]
            if unknown:
                raise ValueError(f"variant(s) {unknown} not in {os.fspath(data)!r}: have {names}")
        settings = "policy" in have
        wanted = None if variants is None or settings else list(variants)
        read = cols + (["policy"] if settings and "policy" not in cols else [])
        df = load_results(data, variant=wanted, columns=read)
        if fold_policy:
            df = fold_policy_column(df)
        if settings and "policy" not in cols:
            df = df.drop(columns="policy")
    if variants is not None:
        present = {str(v) for v in df["variant"].unique()}
        unknown = [v for v in variants if v not in present]
        if unknown:
            raise ValueError(f"variant(s) {unknown} not in the results: have {sorted(present)}")
        df = df[df["variant"].isin(list(variants))]
    # ``data[cols]`` is a new frame (a list selection copies, or is copy-on-write in pandas 3),
    # so setting ``variant`` below never touches the caller's frame
    # categorical, not str: 10,000,000 Python strings would cost seconds and gigabytes
    variant = df["variant"]
    if not isinstance(variant.dtype, pd.CategoricalDtype):
        variant = variant.astype(str).astype("category")
    variant = variant.cat.rename_categories([str(c) for c in variant.cat.categories])
    codes = variant.cat.codes.to_numpy()
    used = np.bincount(codes[codes >= 0], minlength=len(variant.cat.categories)) > 0
    if not used.all():  # (bincount: remove_unused_categories sorts all codes)
        variant = variant.cat.remove_categories(list(variant.cat.categories[~used]))
    df["variant"] = variant.cat.reorder_categories(sorted(variant.cat.categories))  # name order
    if len(df) == 0:
        raise ValueError("no hands to analyse (empty results)")
    return df


def column_names(data) -> list[str]:
    """The columns of a DataFrame, or those a results folder's parts hold (older parts lack newer ones)."""
    if isinstance(data, pd.DataFrame):
        return [str(c) for c in data.columns]
    check = open_results(data)
    files = check.files()
    names = pq.read_schema(files[0]).names if files else []
    return names + ["variant"] + (["policy"] if check.manifest.identity.policy_sets else [])


def has_wins_table(path) -> bool:
    """Whether a results folder stores the wins table (fzsim runs from storage format 2 on, as
    its manifest says; a folder without a readable manifest has none that can be read)."""
    try:
        manifest = storage.read_manifest(os.fspath(path))
    except ValueError:
        return False
    return manifest is not None and manifest.identity.format >= storage.WINS_FORMAT


def read_wins(wins, columns: Sequence[str], variants: Sequence[str] | None = None) -> pd.DataFrame:
    """The needed ``columns`` (plus ``variant``) of the wins table of a folder or a DataFrame."""
    cols = list(dict.fromkeys(["variant", *columns]))
    if isinstance(wins, pd.DataFrame):
        missing = [c for c in cols if c not in wins.columns]
        if missing:
            raise ValueError(f"the wins frame lacks column(s) {missing}: pass fzsim.load(DIR, table='wins')"
                             f" (it has {sorted(map(str, wins.columns))})")
        df = fold_policy_column(wins[cols + (["policy"] if "policy" in wins.columns and "policy" not in cols
                                                else [])].copy())
        if variants is not None:
            df = df[df["variant"].astype(str).isin(list(variants))]
    else:
        root = os.fspath(wins)
        names = check_results_dir(root)        # the manifest check of fzsim.load
        if not has_wins_table(root):
            raise ValueError(f"{root!r} has no wins table ({storage.WINS_DIR}/ is missing): it was written"
                             " before runs stored one row per win; run it again to analyse wins")
        if variants is not None:
            unknown = [v for v in variants if v not in names]
            if unknown:
                raise ValueError(f"variant(s) {unknown} not in {root!r}: have {names}")
        settings = bool(storage.read_manifest(root).identity.policy_sets)   # a run of several policy settings
        df = load_results(root, table="wins", variant=None if variants is None or settings else list(variants),
                          columns=cols + (["policy"] if settings and "policy" not in cols else []))
        df = fold_policy_column(df)          # VARIANT/SETTING, as the hands table reads
        if variants is not None and settings:
            df = df[df["variant"].astype(str).isin(list(variants))]
    df["variant"] = df["variant"].astype(str)
    if "record" in df.columns:
        df["record"] = df["record"].astype(str)
    return df


# --- fzsim.load ------------------------------------------------------------------------------------

def _as_expression(filters):
    if filters is None:
        return None
    if isinstance(filters, ds.Expression):
        return filters
    try:
        return pq.filters_to_expression(filters)
    except (TypeError, ValueError) as exc:
        raise ValueError(
            f"filters {filters!r} are not understood: give [(column, op, value), ...] tuples"
            f" (or a list of such lists) or a pyarrow.compute expression ({exc})"
        ) from exc


def load(path, variant=None, columns=None, filters=None, strict: bool = True, table: str = "hands"):
    """Read a results folder into a pandas DataFrame, reading only what is asked for.

    ``table``: ``"hands"`` (default: one row per hand, ``fzsim.storage.COLUMNS``) or ``"wins"``
    (one row per win and per end-of-hand payment, ``fzsim.wins_table.WINS_COLUMNS``; a folder
    written before the wins table existed has none and is refused with a ValueError; columns a
    later format added, such as the wins' ``elements`` and ``payers`` of format 3, are null in an
    older folder).
    ``variant``: a name or a list of names (default: all); ``columns``: column names (default:
    all); ``filters``: DNF tuples such as ``[("outcome", "==", "win"), ("S", ">", 0)]`` or a
    ``pyarrow.compute`` expression. Rows come back sorted by variant, game id and hand (wins: and
    order). Categorical columns always carry their full category list, so frames from different
    runs line up.

    Every part is first checked against the manifest (``fzsim.integrity``). ``strict=True``
    (default) refuses a folder that is inconsistent (stray, foreign, duplicated or damaged
    parts, unknown variant folders) or incomplete, with a ``ValueError`` listing the files;
    ``strict=False`` reads only the consistent parts and warns about the rest.
    """
    if table not in storage.TABLES:
        raise ValueError(f"table {table!r} is unknown: allowed {', '.join(map(repr, storage.TABLES))}")
    root = os.fspath(path)
    manifest = integrity.read_run_manifest(root)
    if table == "wins" and manifest.identity.format < storage.WINS_FORMAT:
        raise ValueError(f"{root!r} has no wins table: it was written by fzsim {manifest.identity.fzsim_version}"
                         f" (storage format {manifest.identity.format}), before runs stored one row per win;"
                         " run it again to get the wins table (its hands load with table='hands')")
    schema, all_columns, categories, keys = (
        (storage.SCHEMA, storage.COLUMNS, storage.CATEGORIES, ["variant", "game_id", "hand"]) if table == "hands" else
        (wins_table.WINS_SCHEMA, wins_table.WINS_COLUMNS, wins_table.WINS_CATEGORIES,
         ["variant", "game_id", "hand", "order"]))
    known = list(manifest.identity.variants)
    settings = list(manifest.identity.policy_sets)
    if settings:        # a run of several policy settings: the policy=LABEL partition is a column
        all_columns = all_columns + ["policy"]
        keys = keys[:1] + ["policy"] + keys[1:]
    if columns is not None:
        columns = [columns] if isinstance(columns, str) else list(columns)
        unknown = [c for c in columns if c not in all_columns]
        if unknown:
            raise ValueError(f"unknown column(s) {unknown} of the {table} table; allowed: {all_columns}")
    wanted = None
    if variant is not None:
        wanted = [variant] if isinstance(variant, str) else list(variant)
        unknown = [v for v in wanted if v not in known]
        if unknown:
            raise ValueError(f"variant(s) {unknown} are not in {root!r}; it holds {known}")
    expr = _as_expression(filters)
    check = integrity.check_folder(root, manifest)
    if not check.complete:
        if strict:
            raise integrity.refusal(
                check, "nothing was loaded",
                f"See `fzsim verify {root}`; `fzsim run ... --resume` replays missing or damaged parts;"
                f" fzsim.load({root!r}, strict=False) reads the consistent parts only.")
        warnings.warn(f"{root!r}: reading only its consistent parts ({check.summary()}):\n"
                      + "\n".join("  " + line for line in check.problems()), stacklevel=2)
    files = check.files(wanted, table)
    base = root if table == "hands" else os.path.join(root, storage.WINS_DIR)
    partitioning = ds.HivePartitioning.discover(infer_dictionary=True)
    if files:
        dataset = ds.dataset(files, format="parquet", partitioning=partitioning, partition_base_dir=base)
    else:
        empty = schema.append(pa.field("variant", storage._dict_type()))
        if settings:
            empty = empty.append(pa.field("policy", storage._dict_type()))
        dataset = ds.dataset(empty.empty_table())
    if wanted is not None:
        vexpr = ds.field("variant").isin(wanted)
        expr = vexpr if expr is None else (expr & vexpr)
    # the sort keys are read even when not asked for, then dropped
    read_cols = None
    if columns is not None:
        read_cols = list(dict.fromkeys(columns + keys))
    data = _read(dataset, read_cols, expr, filters)
    # a column added by a later storage format (or core) is null in an older folder's parts
    for f in schema:
        if f.name not in data.schema.names and (columns is None or f.name in columns):
            data = data.append_column(f.name, pa.nulls(data.num_rows, f.type))
    df = data.to_pandas()
    for col, names in categories.items():
        if col in df.columns:
            df[col] = df[col].cat.set_categories(names)
    # variants in the run's order, whatever the folder listing order was
    df["variant"] = df["variant"].astype(str).astype(pd.CategoricalDtype(known))
    if settings:
        df["policy"] = df["policy"].astype(str).astype(pd.CategoricalDtype(settings))
    df = df.sort_values(keys, kind="stable").reset_index(drop=True)
    df = df[columns] if columns is not None else df[[c for c in all_columns if c in df.columns]]
    return df


def _read(dataset, read_cols, expr, filters) -> pa.Table:
    """The dataset's rows matching ``expr``, with the asked columns it has (older parts lack newer ones)."""
    if read_cols is not None:
        read_cols = [c for c in read_cols if c in dataset.schema.names]
    try:
        return dataset.to_table(columns=read_cols, filter=expr)
    except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError) as exc:
        raise ValueError(f"cannot apply filters {filters!r}: {exc}") from exc
