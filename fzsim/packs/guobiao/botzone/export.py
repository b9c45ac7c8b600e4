"""Writing simulated 国标 hands as Botzone game records: `export_hands`, `export_run`.

A hand played on Botzone walls (``gb_variant = "botzone"``) is replayed with its event log and
written as Botzone records it: Botzone's player 0 is always the dealer, so fzsim's seat
``(dealer + n) % 4`` becomes player n (its seat wind is n, as in fzsim) and the round wind is the
hand's, ``(hand // 4) % 4``. Two formats (`fzsim.packs.guobiao.botzone.logs`): the **text** data format
(``Match``, ``Wind``, ``Player n Deal/Draw/Play/...``, ``Fan``/``Huang``, ``Score``) and **JSON**
match logs, one match per line, with the judge's displays and each bot's responses as Botzone's
judge writes them, and ``initdata.walltiles`` in the judge's order. A record holds only the tiles
that were dealt and drawn: the walls' other tiles are written in kind order (the import rebuilds
them so), so a re-imported hand's ``wall_digest`` is that of the rebuilt wall.
"""
from __future__ import annotations

import gzip
import json
import os
import uuid

import numpy as np

from fzsim.packs.guobiao.botzone.names import BOTZONE_FAN_NAMES, TILE_NAMES
from fzsim.packs.guobiao.botzone.replay import WALL, import_rules
from fzsim.packs.guobiao.calculator import FAN_VALUES
from fzsim.packs.guobiao.records import record_fans

__all__ = ["export_hands", "export_run", "botzone_records", "FORMATS", "check_botzone_rules"]

FORMATS = ("text", "json")
# the keys a simulated run may set differently from the import's rules (how hands follow each other)
_MATCH_KEYS = ("hands_per_match", "next_dealer", "draw_dealer", "draw_streak")


def check_botzone_rules(cfg) -> None:
    """ValueError naming the keys when ``cfg`` (a RuleConfig) does not play Botzone's game."""
    want = import_rules().canonical
    have = cfg.canonical
    diff = [k for k in want if k not in _MATCH_KEYS and have.get(k) != want[k]]
    if diff:
        raise ValueError("only hands played by Botzone's rules export as Botzone records: "
                         + ", ".join(f"{k} = {have.get(k)!r} (Botzone: {want[k]!r})" for k in diff)
                         + "; play the run with --variant guobiao --set gb_variant=botzone --set gb_mingangang=true")


def _events(result):
    """(kind, botzone player, kind of tile, extra) per event of a HandResult, seats renumbered."""
    from fzsim.tiles import kind_index

    dealer = result.dealer
    out = []
    for e in result.events:
        p = (e.seat - dealer) % 4 if e.seat >= 0 else -1
        t = kind_index(e.tile) if e.tile is not None else -1
        out.append((e.type, p, t, e.arg))
    return out


def _walls(deals, draws) -> list[list[int]]:
    """Each player's 34 tiles in the order taken, the untaken ones in kind order (as the import)."""
    taken = [deals[p] + draws[p] for p in range(4)]
    used = np.bincount([k for t in taken for k in t], minlength=34)
    rest = [k for k in range(34) for _ in range(4 - int(used[k]))]
    for p in range(4):
        need = WALL - len(taken[p])
        taken[p] = taken[p] + rest[:need]
        rest = rest[need:]
    return taken


def botzone_records(result, mingangang: bool = True) -> dict:
    """One hand (a HandResult with events and records) as a Botzone game: a dict with ``quan``,
    ``deals`` (13 kinds per player), ``actions`` ((word, player, tile) in order, ``Draw`` included;
    a Chi's tile is the chow's middle), ``walls`` (each player's 34 in draw order), and the result:
    ``winner`` (-1 drawn), ``fan_total``, ``fans`` ({fan id: count}), ``scores`` (by player)."""
    if result.events is None or result.records is None:
        raise ValueError("the hand has no event log: play it with log=True")
    evs = _events(result)
    deals = [[], [], [], []]
    draws = [[], [], [], []]
    actions = []
    words = {"discard": "Play", "pung": "Peng", "kong": "Gang", "concealed_kong": "AnGang", "added_kong": "BuGang"}
    for typ, p, t, arg in evs:
        if typ == "deal":
            if len(deals[p]) < 13:
                deals[p].append(t)
            else:                               # the dealer's 14th tile: Botzone's first draw
                draws[p].append(t)
                actions.append(("Draw", p, t))
        elif typ in ("draw", "replace"):
            draws[p].append(t)
            actions.append(("Draw", p, t))
        elif typ == "chow":
            actions.append(("Chi", p, t + 1))
        elif typ in words:
            actions.append((words[typ], p, t))
        elif typ == "win":
            actions.append(("Hu", p, t))
        elif typ in ("decline", "drawn"):
            continue
        else:
            raise ValueError(f"event {typ!r} has no Botzone counterpart (is the hand one of Botzone's rules?)")
    # the dealer's 14th tile comes first of its draws
    first = next(i for i, a in enumerate(actions) if a[0] == "Draw" and a[1] == 0)
    actions.insert(0, actions.pop(first))
    dealer = result.dealer
    scores = [int(result.deltas[(dealer + p) % 4]) for p in range(4)]
    rec = {"quan": (result.hand // 4) % 4, "deals": deals, "actions": actions, "walls": _walls(deals, draws),
           "winner": -1, "fan_total": 0, "fans": {}, "scores": scores}
    if result.outcome == 1:
        recs = result.records
        hands = {"game_id": [result.game_id], "hand": [result.hand], "dealer": [dealer]}
        idx, total, fans = record_fans(hands, recs, mingangang=mingangang)
        rec.update(winner=(int(recs["seat"][idx[0]]) - dealer) % 4, fan_total=int(total[0]),
                   fans={f: int(c) for f, c in enumerate(fans[0]) if c})
    return rec


def _name(k: int) -> str:
    return TILE_NAMES[k]


def text_lines(rec: dict, match: str) -> list[str]:
    """The game in Botzone's text data format."""
    lines = [f"Match {match}", f"Wind {rec['quan']}"]
    lines += [f"Player {p} Deal " + " ".join(map(_name, rec["deals"][p])) for p in range(4)]
    lines += [f"Player {p} {w} {_name(t)}" for w, p, t in rec["actions"]]
    if rec["winner"] >= 0:
        lines.append(f"Fan {rec['fan_total']} " + "+".join(f"{BOTZONE_FAN_NAMES[f]}*{c}"
                                                          for f, c in sorted(rec["fans"].items())))
    else:
        lines.append("Huang")
    lines.append("Score " + " ".join(map(str, rec["scores"])))
    return lines


def json_match(rec: dict, match: str) -> dict:
    """The game as a Botzone match log: the judge's outputs (displays) and the bots' responses."""
    q = rec["quan"]
    walltiles = [_name(k) for p in range(4) for k in reversed(rec["walls"][p])]
    log = []

    def judge(display, content=None, command="request"):
        log.append({"output": {"command": command, "content": content or {}, "display": display}})

    def respond(answers=None):
        log.append({str(p): {"verdict": "OK", "response": (answers or {}).get(p, "PASS")} for p in range(4)})

    judge({"action": "INIT", "quan": q, "srand": 0}, {str(p): f"0 {p} {q}" for p in range(4)})
    respond()
    judge({"action": "DEAL", "hand": [[_name(k) for k in rec["deals"][p]] for p in range(4)]},
          {str(p): "1 0 0 0 0 " + " ".join(_name(k) for k in rec["deals"][p]) for p in range(4)})
    respond()
    acts = rec["actions"]
    i = 0
    while i < len(acts):
        w, p, t = acts[i]
        nxt = acts[i + 1] if i + 1 < len(acts) else None
        if w == "Draw":
            judge({"action": "DRAW", "player": p, "tile": _name(t)},
                  {str(s): f"2 {_name(t)}" if s == p else f"3 {p} DRAW" for s in range(4)})
            own = {"Play": "PLAY", "AnGang": "GANG", "BuGang": "BUGANG"}
            if nxt is not None and nxt[1] == p and nxt[0] in own:
                respond({p: f"{own[nxt[0]]} {_name(nxt[2])}"})
            elif nxt is not None and nxt[0] == "Hu" and nxt[1] == p:
                respond({p: "HU"})
            else:
                respond()
            i += 1
            continue
        if w in ("Peng", "Chi"):            # the claim and the discard after it are one judge step
            play = acts[i + 1]
            d = {"action": w.upper(), "player": p, "tile": _name(play[2])}
            if w == "Chi":
                d["tileCHI"] = _name(t)
            judge(d, {str(s): f"3 {p} {w.upper()} " + (f"{_name(t)} " if w == "Chi" else "") + _name(play[2])
                      for s in range(4)})
            i += 1
            nxt = acts[i + 1] if i + 1 < len(acts) else None
        elif w == "Play":
            judge({"action": "PLAY", "player": p, "tile": _name(t)}, {str(s): f"3 {p} PLAY {_name(t)}" for s in range(4)})
        elif w in ("Gang", "AnGang"):
            judge({"action": "GANG", "player": p, "tile": _name(t)}, {str(s): f"3 {p} GANG" for s in range(4)})
        elif w == "BuGang":
            judge({"action": "BUGANG", "player": p, "tile": _name(t)},
                  {str(s): f"3 {p} BUGANG {_name(t)}" for s in range(4)})
        elif w == "Hu":
            i += 1
            continue
        # the responses to this step: a claim of the next action, if it is one
        answers = {}
        if nxt is not None and nxt[1] != p or (nxt is not None and w in ("Play", "Peng", "Chi", "BuGang")):
            if nxt[0] == "Hu":
                answers[nxt[1]] = "HU"
            elif nxt[0] == "Gang" and nxt[1] != p:
                answers[nxt[1]] = "GANG"
            elif nxt[0] in ("Peng", "Chi") and i + 2 < len(acts):
                after = acts[i + 2]
                answers[nxt[1]] = (f"PENG {_name(after[2])}" if nxt[0] == "Peng"
                                   else f"CHI {_name(nxt[2])} {_name(after[2])}")
        respond(answers)
        i += 1
    if rec["winner"] >= 0:
        judge({"action": "HU", "player": rec["winner"], "fanCnt": rec["fan_total"],
               "fan": [{"name": BOTZONE_FAN_NAMES[f], "cnt": c, "value": FAN_VALUES[f]}
                       for f, c in sorted(rec["fans"].items())], "score": rec["scores"]},
              {str(s): rec["scores"][s] for s in range(4)}, "finish")
    else:
        judge({"action": "HUANG"}, {str(s): 0 for s in range(4)}, "finish")
    return {"_id": match, "initdata": {"quan": q, "srand": 0, "walltiles": " ".join(walltiles)}, "log": log}


def export_hands(results, path, fmt: str = "text", matches=None) -> int:
    """Write HandResults (played with ``log=True`` under Botzone's rules) to ``path`` as Botzone
    records in format ``fmt`` ("text" or "json": one match per line; ``.gz`` compresses);
    ``matches``: the match ids (default ``fzsim-<game>-<hand>``). Returns the games written.
    The file appears whole or not at all (written under a temporary name, then renamed)."""
    if fmt not in FORMATS:
        raise ValueError(f"format {fmt!r}: allowed {', '.join(FORMATS)}")
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    tmp = os.path.join(folder, f".{os.path.basename(path)}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    n = 0
    try:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(tmp, "wt", encoding="utf-8") as f:
            for j, r in enumerate(results):
                match = matches[j] if matches is not None else f"fzsim-{r.game_id}-{r.hand}"
                rec = botzone_records(r, mingangang=True)
                if fmt == "text":
                    f.write("\n".join(text_lines(rec, match)) + "\n\n")
                else:
                    f.write(json.dumps(json_match(rec, match), ensure_ascii=False, separators=(",", ":")) + "\n")
                n += 1
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)
    return n


def export_run(root, path, fmt: str = "text", games: int | None = None) -> int:
    """Export the hands of the simulated results folder ``root`` (played under Botzone's rules,
    `check_botzone_rules`) as Botzone records: each hand is replayed with its event log from the
    run's seed, rules and policies (so a run of Python callables cannot be exported). ``games``:
    the first that many hands (default all). Returns the games written."""
    from fzsim import integrity, load, rules as fz_rules
    from fzsim.game import play_hand

    root = os.fspath(root)
    manifest = integrity.read_run_manifest(root)
    ident = manifest.identity
    if ident.policy_sets:
        raise ValueError(f"{root!r} holds several policy settings; export one run of one setting")
    if len(ident.variants) != 1:
        raise ValueError(f"{root!r} holds {len(ident.variants)} variants ({', '.join(ident.variants)}); export"
                         " a run of one variant")
    name, info = next(iter(ident.variants.items()))
    cfg = fz_rules.load("guobiao", info["rules"], name=name)
    check_botzone_rules(cfg)
    if any(p == "botzone-log" for p in ident.policies):
        raise ValueError(f"{root!r} holds imported Botzone games: their records are the logs themselves")
    if games is not None and (isinstance(games, bool) or not isinstance(games, int) or games < 1):
        raise ValueError(f"games must be an integer >= 1, got {games!r}")
    df = load(root, columns=["game_id", "hand", "dealer", "streak"])
    if games is not None:
        df = df.iloc[:games]
    results = (play_hand(ident.seed, int(g), cfg, list(ident.policies), log=True, hand=int(h), dealer=int(d),
                         streak=int(s)) for g, h, d, s in df.itertuples(index=False))
    return export_hands(results, path, fmt)
