"""Synthetic results with exactly the contract-4 columns, for testing the pure pandas analysis.

The rows are random but internally consistent (zero-sum deltas, specials that match
the win type), so every analysis function can be checked against slow reference code.
Two variants share game ids and outcomes and differ only in payments, like a paired run.
"""
import os

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

WIN_TYPES = ["none", "selfdraw", "discard", "robbed_kong", "qiangjin", "sanjindao", "tianhu"]
SPECIALS = ["tianhu", "qiangjin", "sanjindao", "jinque", "jinlong", "pinghu_noflower", "pinghu_oneflower"]
FLAGS = ["selfdraw", "kong_replacement", "robbed_kong", "last_tile", "xianjin", "last_group"]
GOLDS = [f"{r}{s}" for s in "mps" for r in range(1, 10)]


def synthetic_results(n_games=2000, variants=("fuzhou", "bianfeng"), seed=0, hands_per_match=1):
    rng = np.random.default_rng(seed)
    n = n_games * hands_per_match
    game_id = np.repeat(np.arange(n_games, dtype=np.int64), hands_per_match)
    hand = np.tile(np.arange(hands_per_match, dtype=np.int16), n_games)
    dealer = rng.integers(0, 4, n).astype(np.int8)
    streak = np.minimum(rng.geometric(0.5, n) - 1, 7).astype(np.int16)
    won = rng.random(n) < 0.75
    winner = np.where(won, rng.integers(0, 4, n), -1).astype(np.int8)
    wt_choice = rng.choice([1, 2, 3, 4, 5, 6], n, p=[0.45, 0.45, 0.01, 0.05, 0.03, 0.01])
    # 天胡 belongs to the dealer
    winner = np.where(won & (wt_choice == 6), dealer, winner).astype(np.int8)
    win_type = np.where(won, wt_choice, 0)
    discarder = np.where(np.isin(win_type, [2, 3]), (winner + rng.integers(1, 4, n)) % 4, -1).astype(np.int8)
    selfdraw_like = np.isin(win_type, [1, 4, 5, 6])
    sp = {name: np.zeros(n, bool) for name in SPECIALS}
    sp["tianhu"] = win_type == 6
    sp["qiangjin"] = win_type == 4
    sp["sanjindao"] = win_type == 5
    sp["jinque"] = won & (rng.random(n) < 0.02)
    sp["jinlong"] = won & (rng.random(n) < 0.003)
    sp["pinghu_noflower"] = won & (rng.random(n) < 0.05)
    sp["pinghu_oneflower"] = won & ~sp["pinghu_noflower"] & (rng.random(n) < 0.1)
    fl = {name: np.zeros(n, bool) for name in FLAGS}
    fl["selfdraw"] = won & selfdraw_like
    fl["kong_replacement"] = fl["selfdraw"] & (rng.random(n) < 0.05)
    fl["robbed_kong"] = win_type == 3
    fl["last_tile"] = won & (rng.random(n) < 0.02)
    fl["xianjin"] = fl["selfdraw"] & (rng.random(n) < 0.03)
    fl["last_group"] = fl["selfdraw"] & (rng.random(n) < 0.04)
    F = np.where(won, rng.integers(0, 8, n), 0).astype(np.int16)
    K = np.where(won, rng.integers(0, 2, n), 0).astype(np.int16)
    G = np.where(won, rng.integers(0, 3, n), 0).astype(np.int16)
    L = np.where(won, streak, 0).astype(np.int16)
    values = {"tianhu": 30, "qiangjin": 30, "sanjindao": 40, "jinque": 60, "jinlong": 120,
              "pinghu_noflower": 30, "pinghu_oneflower": 15}
    S = np.zeros(n, np.int16)
    counted = np.array(["none"] * n, dtype=object)
    for name in SPECIALS:
        better = sp[name] & (values[name] > S)
        S = np.where(better, values[name], S).astype(np.int16)
        counted = np.where(better, name, counted)
    youjin = np.zeros(n, np.int8)
    frames = []
    for vi, variant in enumerate(variants):
        # the variants differ in payments only: base 5 vs base 1 etc.
        pay = ((F + K + G + L + 5) * 2 + S) if vi == 0 else (1 + F + K + G + L + S + vi)
        pay = np.where(won, pay, 0).astype(np.int32)
        deltas = np.zeros((n, 4), np.int32)
        rows = np.arange(n)
        sd = won & selfdraw_like
        deltas[sd] -= pay[sd, None]
        deltas[rows[sd], winner[sd]] += 4 * pay[sd]
        dc = won & ~selfdraw_like
        deltas[rows[dc], discarder[dc]] -= pay[dc]
        deltas[rows[dc], winner[dc]] += pay[dc]
        df = pd.DataFrame({
            "game_id": game_id, "hand": hand, "wall_digest": rng.integers(0, 2**63, n).astype(np.uint64),
            "dealer": dealer, "streak": streak,
            "gold": pd.Categorical(rng.choice(GOLDS, n), categories=GOLDS),
            "outcome": pd.Categorical(np.where(won, "win", "draw"), categories=["draw", "win"]),
            "winner": winner, "discarder": discarder,
            "win_type": pd.Categorical(np.array(WIN_TYPES, dtype=object)[win_type], categories=WIN_TYPES),
            **sp,
            "special_counted": pd.Categorical(counted, categories=["none"] + SPECIALS),
            **fl,
            "youjin_level": youjin, "F": F, "K": K, "G": G, "L": L, "S": S,
            **{f"delta_{s}": deltas[:, s] for s in range(4)},
            "turns": rng.integers(0, 80, n).astype(np.int16),
            "tiles_left": rng.integers(0, 60, n).astype(np.int16),
            **{f"flowers_{s}": rng.integers(0, 5, n).astype(np.int8) for s in range(4)},
            **{f"golds_{s}": rng.integers(0, 3, n).astype(np.int8) for s in range(4)},
            "seed": np.full(n, 12345, dtype=np.uint64),
            "variant": pd.Categorical([variant] * n, categories=list(variants)),
        })
        frames.append(df)
    out = pd.concat(frames, ignore_index=True)
    out["variant"] = pd.Categorical(out["variant"].astype(str), categories=list(variants))
    return out


def write_results(df, root, parts=2, policies=("greedy",) * 4, seed=0, rules=None):
    """Write ``df`` as a complete fzsim run of storage format 1 (hands only): DIR/_manifest.json and
    DIR/variant=NAME/part-XXXXXX.parquet with each part's metadata, so the verified loader reads it.
    Every variant needs the same game ids; a preset name takes its rules, another name Fuzhou's,
    with ``rules`` (a dict) set on every variant."""
    from fzsim import integrity, storage
    from fzsim.rules import PRESETS, load

    variants = [str(v) for v in dict.fromkeys(df["variant"].astype(str))]
    games = np.unique(df["game_id"].to_numpy()) if len(df) else np.zeros(0, np.int64)
    n_games = len(games)
    assert (games == np.arange(n_games)).all(), "synthetic game ids must be 0..n-1"
    hpm = int(df.groupby([df["variant"].astype(str), "game_id"]).size().max()) if len(df) else 1
    block = max(1, -(-n_games // parts))
    rules = {v: dict(load(v if v in PRESETS else "fuzhou").canonical, hands_per_match=hpm, **(rules or {}))
             for v in variants}
    identity = storage.RunIdentity(seed=seed, hands=n_games * hpm, block_size=block, policies=tuple(policies),
                                   variants={v: {"rules_hash": f"{i:012x}", "rules": rules[v]}
                                             for i, v in enumerate(variants)}, format=1)
    os.makedirs(root, exist_ok=True)
    for variant, g in df.groupby(df["variant"].astype(str), sort=False):
        body = g.drop(columns=["variant"]).sort_values(["game_id", "hand"]).reset_index(drop=True)
        meta = integrity.part_metadata(identity, variant)
        for b in range(-(-n_games // block)):
            first, n = b * block, min(block, n_games - b * block)
            chunk = body[(body.game_id >= first) & (body.game_id < first + n)]
            table = pa.Table.from_pandas(chunk, preserve_index=False)
            table = table.replace_schema_metadata({storage.META_PREFIX + k: str(v) for k, v in dict(
                meta, block=b, first_game=first, n_games=n, rows=len(chunk)).items()})
            storage.write_part(root, variant, b, table)
    storage.write_manifest(root, storage.Manifest(identity, status="complete"))
    return root
