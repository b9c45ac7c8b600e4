"""The studies of docs/guide/studies.md at full size: one real question per system family.

Writes each spec as a TOML file into OUT and runs it with `fzsim study`'s Python entry, printing
each study's answers and where its balance card is. Every spec here has 10 times the budget of the
page's example (and finer precisions), so a study may take minutes.

    python docs/scripts/study_examples.py --out studies [--jobs 2] [--only sichuan]
"""
import argparse
import os

import fzsim

SPECS = {
    "fuzhou": '''# Does 边锋 scoring give the dealer a different edge than 福州 scoring, and what does guard gain?
baseline = "fuzhou"
seed = 1
first_round = 2000
budget = 40000
[variants]
bianfeng = "bianfeng"
[lineups]
greedy = "greedy"
guard_seat = "all=greedy,0=guard"
[[questions]]
name = "dealer gap"
metric = "dealer_delta"
precision = 0.25
[[questions]]
name = "guard's gain"
metric = "delta_0"
compare = "lineups"
base_lineup = "greedy"
variants = ["fuzhou"]
precision = 0.5
''',
    "fuzhou-jinque": '''# Does halving 金雀 change the dealer's edge and the winners' gains under value? (stratified walls)
baseline = "fuzhou"
seed = 1
first_round = 2000
budget = 40000
strata = "golds"
[variants]
half_jinque = { special_jinque = 30 }
[lineups]
value = "value"
[[questions]]
name = "dealer edge"
metric = "dealer_delta"
precision = 0.05
[[questions]]
name = "winners' gain"
metric = "winner_gain"
precision = 0.08
''',
    "sichuan": '''# How much longer and richer is a 血战到底 hand than a one-win Sichuan hand?
baseline = "sichuan"
seed = 1
first_round = 2000
budget = 40000
[variants]
xuezhan = "xuezhan"
[[questions]]
name = "points"
metric = "points_moved"
precision = 0.2
[[questions]]
name = "turns"
metric = "turns"
precision = 0.2
''',
    "beijing": '''# Does the defensive bot gain anything over greedy in one seat under Beijing rules?
baseline = "beijing"
seed = 1
first_round = 2000
budget = 40000
[lineups]
greedy = "greedy"
guard_seat = "all=greedy,0=guard"
[[questions]]
name = "guard's gain"
metric = "delta_0"
compare = "lineups"
base_lineup = "greedy"
precision = 0.1
''',
    "shanghai": '''# What 勒子 cap keeps Shanghai's big hands rare but alive?
baseline = "shanghai"
seed = 1
first_round = 2000
budget = 40000
[sweep]
sh_lezi = [5, 20, 40]       # the preset's cap is 10
[[questions]]
name = "points"
metric = "points_moved"
precision = 0.6
''',
    "guobiao": '''# Does lowering the 国标 8-fan minimum to 6 cut drawn hands?
baseline = "guobiao"
seed = 1
first_round = 1600
budget = 6400
[variants]
min6 = { gb_min_fan = 6 }
[[questions]]
name = "drawn"
metric = "drawn"
precision = 0.02
''',
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="studies", help="folder for the specs and the study folders")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--only", choices=list(SPECS), help="run one of the studies")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for system, text in SPECS.items():
        if args.only and system != args.only:
            continue
        path = os.path.join(args.out, f"{system}.toml")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        result = fzsim.study(path, os.path.join(args.out, system), jobs=args.jobs,
                             resume=os.path.exists(os.path.join(args.out, system, "study.json")))
        print(f"## {system}\n{result.text()}\n")


if __name__ == "__main__":
    main()
