"""Notable hands of a study: the rarest named patterns it met, replayed turn by turn as HTML.

A designer reading a card wants to see what a rare pattern looks like in play. `notable_hands`
picks, for the rarest named patterns of the study's wins tables, the first hand that had one;
`write_replays` replays each from its seed, game and hand (the same walls and policies, so the same
hand: its deltas are checked against the stored row) and writes ``notable/<n>.html`` with the
event log, every tile group also shown as Unicode tile glyphs.
"""
from __future__ import annotations

import html
import json
import os
import re

from fzsim.study.runner import read_rounds, round_folder, round_seed, write_atomic

NOTATION = re.compile(r"\b(?:[0-9]+[mpszf])+\b")
WIN_COLUMNS = ["game_id", "hand", "record", "patterns_named"]


def notable_hands(root, state: dict, k: int = 3) -> list[dict]:
    """Up to ``k`` hands: for each of the rarest named patterns (fewest hands with it across all
    variants and line-ups), its first hand. Each: pattern, hands_with_it, variant, lineup, round,
    game_id, hand."""
    rounds = len(state["rounds"])
    wins = read_rounds(os.fspath(root), rounds, WIN_COLUMNS, table="wins")
    wins = wins[wins["record"].astype(str) == "win"].explode("patterns_named").dropna(subset=["patterns_named"])
    if wins.empty:
        return []
    keys = ["variant", "policy", "round", "game_id", "hand"]
    per_hand = wins.drop_duplicates(keys + ["patterns_named"])
    counts = per_hand.groupby("patterns_named").size().sort_values(kind="stable")
    out = []
    for pattern, n in counts.head(k).items():
        first = per_hand[per_hand["patterns_named"] == pattern].sort_values(["round", "game_id", "hand"]).iloc[0]
        out.append({"pattern": str(pattern), "hands_with_it": int(n), "variant": str(first["variant"]),
                    "lineup": str(first["policy"]), "round": int(first["round"]), "game_id": int(first["game_id"]),
                    "hand": int(first["hand"])})
    return out


def _glyphs(text: str) -> str:
    """HTML of a log line: each tile group keeps its notation and gains its glyphs."""
    from fzsim.tiles import fmt, parse

    def one(match):
        token = match.group(0)
        try:
            tiles = fmt(parse(token), glyphs=True)      # count order: a group's tiles sorted
        except ValueError:
            return html.escape(token)
        return f"<span class='t' title='{html.escape(token)}'>{tiles}</span> {html.escape(token)}"

    parts, last = [], 0
    for m in NOTATION.finditer(text):
        parts += [html.escape(text[last:m.start()]), one(m)]
        last = m.end()
    return "".join(parts + [html.escape(text[last:])])


def _rules(root: str, k: int, variant: str):
    """Round k's rules of ``variant`` and the round's strata (empty: its walls are the seeded ones)."""
    from fzsim.rules import RuleConfig

    with open(os.path.join(round_folder(root, k), "_manifest.json"), encoding="utf-8") as f:
        run = json.load(f)["fzsim_run"]
    return RuleConfig(variant, run["variants"][variant]["rules"]), run.get("strata") or {}


def write_replays(root, state: dict, k: int = 3) -> list[dict]:
    """Replay the notable hands into ``root/notable/<i>.html``; returns them with ``path`` added."""
    from fzsim.game import format_events, play_hand
    from fzsim.stratified import first_wall
    from fzsim.results_reader import load

    root = os.fspath(root)
    ident = state["fzsim_study"]
    hands = notable_hands(root, state, k)
    if not hands:
        return []
    folder = os.path.join(root, "notable")
    os.makedirs(folder, exist_ok=True)
    for i, h in enumerate(hands):
        seed = round_seed(int(ident["seed"]), h["round"])
        seats = ident["lineups"][h["lineup"]]
        draws = ident.get("draws", "wall")
        rules, strata = _rules(root, h["round"], h["variant"])
        result = play_hand(seed, h["game_id"], variant=rules, policies=list(seats), log=True, hand=h["hand"],
                           draws=draws, first_wall=first_wall(strata, rules, seed, h["game_id"]))
        stored = load(round_folder(root, h["round"]), columns=[f"delta_{s}" for s in range(4)],
                      filters=[("variant", "==", h["variant"]), ("policy", "==", h["lineup"]),
                               ("game_id", "==", h["game_id"]), ("hand", "==", h["hand"])])
        if tuple(int(x) for x in stored.iloc[0]) != tuple(int(x) for x in result.deltas):
            raise ValueError(f"the replay of {h} does not give its stored deltas: the study folder was written"
                             " by another engine version")
        lines = format_events(result)
        title = (f"{h['pattern']}: {h['variant']} / {h['lineup']}, round {h['round']}, game {h['game_id']},"
                 f" hand {h['hand']}")
        page = ["<!doctype html><meta charset='utf-8'>", f"<title>{html.escape(title)}</title>",
                "<style>body{font-family:sans-serif} .t{font-size:1.6em} li{margin:2px 0}</style>",
                f"<h1>{html.escape(title)}</h1>",
                f"<p>{h['hands_with_it']} hand(s) of the study had {html.escape(h['pattern'])}. Replay with"
                f" <code>fzsim replay --run {html.escape(round_folder(root, h['round']))} --variant"
                f" {html.escape(h['variant'])} --policy-set {html.escape(h['lineup'])} --game {h['game_id']}"
                f" --hand {h['hand']}</code>.</p>", "<ol>"]
        page += [f"<li>{_glyphs(line)}</li>" for line in lines] + ["</ol>"]
        path = os.path.join(folder, f"{i}.html")
        write_atomic(path, "\n".join(page) + "\n")
        h["path"] = path
    return hands
