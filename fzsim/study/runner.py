"""Run a study in rounds until every question is answered or the budget is spent (`fzsim.study`).

The study folder holds ``study.json`` (the spec's identity, the planned looks, the critical value
and each round's answers) and one results folder per round, ``round-NN``, written by
`fzsim.simulate`: every variant x line-up on the same walls (its own root seed per round), so each
round is resumable and verifiable (`fzsim verify DIR/round-00`) and runs on loky, dask or Ray
unchanged. After each round every contrast is re-estimated from all rounds' stored rows; the study
stops at the first look where each question's half-width is at most its precision.
"""
from __future__ import annotations

import json
import os
import time
import warnings
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from fzsim.study import covariates as cv
from fzsim.study.metrics import COLUMNS, metric_values
from fzsim.study.sequential import critical_value, estimate, planned_looks
from fzsim.study.spec import StudySpec, load_spec
from fzsim.study.strata import allocation_sd, neyman, stratified_estimate, strata_module

STATE_NAME = "study.json"
#: below this many walls in the first round, the normal approximation is not trusted (a warning)
MIN_FIRST_ROUND = 1000
FORMAT = 1


def round_folder(root: str, k: int) -> str:
    return os.path.join(root, f"round-{k:02d}")


def round_seed(seed: int, k: int) -> int:
    """Round ``k``'s root seed: its walls are new, and the same on every machine."""
    return int(np.random.SeedSequence([seed, k]).generate_state(2, np.uint32).view(np.uint64)[0])


def _hands_per_match(spec: StudySpec) -> int:
    return int(next(iter(spec.variants.values()))["hands_per_match"])


def plan(spec: StudySpec) -> tuple[list[int], float]:
    """The cumulative walls per variant and line-up at each look, and the intervals' critical value."""
    looks = planned_looks(spec.first_round, spec.budget, spec.growth, _hands_per_match(spec))
    return looks, critical_value(tuple(looks), spec.confidence)


# --- the rows of the rounds ---------------------------------------------------------------------

def read_rounds(root: str, rounds: int, columns=COLUMNS, table: str = "hands") -> pd.DataFrame:
    """The stored rows (``table`` "hands" or "wins") of the first ``rounds`` rounds as one frame with
    a ``round`` column; ``variant`` and ``policy`` (the line-up) as text."""
    from fzsim.results_reader import load

    frames = []
    for k in range(rounds):
        df = load(round_folder(root, k), columns=list(columns) + ["variant", "policy"], table=table)
        df.insert(0, "round", np.int16(k))
        frames.append(df)
    out = pd.concat(frames, ignore_index=True)
    for col in ("variant", "policy"):
        out[col] = out[col].astype(str)
    return out


def unit_rows(df: pd.DataFrame, unit: tuple[str, str]) -> pd.DataFrame:
    """One (variant, line-up)'s hands, ordered by round, game and hand."""
    variant, lineup = unit
    rows = df[(df["variant"] == variant) & (df["policy"] == lineup)]
    return rows.sort_values(["round", "game_id", "hand"], kind="stable")


def _per_game(rows: pd.DataFrame, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Mean of ``values`` per (round, game): matches are the independent units. Returns the
    per-game means and the positions of each game's first hand."""
    key = rows["round"].to_numpy(np.int64) * (1 << 48) + rows["game_id"].to_numpy(np.int64)
    _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    sums = np.bincount(inverse, weights=values)
    counts = np.bincount(inverse)
    return sums / counts, first


def contrast_values(df: pd.DataFrame, metric: str, unit, base) -> tuple[np.ndarray, pd.DataFrame]:
    """Per-game values of ``metric`` in ``unit`` minus ``base`` on the same walls (``base`` None:
    the unit's own values), and the unit's rows."""
    a = unit_rows(df, unit)
    va = metric_values(a, metric)
    if base is not None:
        b = unit_rows(df, base)
        same = (len(a) == len(b) and np.array_equal(a["game_id"].to_numpy(), b["game_id"].to_numpy())
                and np.array_equal(a["hand"].to_numpy(), b["hand"].to_numpy())
                and np.array_equal(a["round"].to_numpy(), b["round"].to_numpy()))
        if not same:
            raise ValueError(f"{'/'.join(unit)} and {'/'.join(base)} do not hold the same hands: the study"
                             " folder is damaged (see `fzsim verify` on its round folders)")
        va = va - metric_values(b, metric)
    values, _ = _per_game(a, va)
    return values, a


def game_keys(rows: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """The (round, game id) of each game of ``rows``, in the order of `_per_game`'s means."""
    key = np.unique(rows["round"].to_numpy(np.int64) * (1 << 48) + rows["game_id"].to_numpy(np.int64))
    return key >> 48, key & ((1 << 48) - 1)


# --- stratified walls ----------------------------------------------------------------------------

@dataclass
class Strata:
    """A stratified study's design: the exact stratum weights, each round's games per stratum and
    the rounds' fixed weights (their planned walls)."""

    name: str
    config: object                 # the baseline's rules (the pack's strata read them)
    weights: np.ndarray
    counts: dict                   # round -> games per stratum
    looks: list

    @classmethod
    def of(cls, spec: StudySpec, state: dict, looks: list) -> "Strata | None":
        """The design of the study ``spec`` (None: not stratified), with the rounds ``state`` holds."""
        if spec.strata is None:
            return None
        return cls._make(spec.strata, spec.variants[spec.baseline], state, looks)

    @classmethod
    def of_folder(cls, root: str, state: dict) -> "Strata | None":
        """The design of the study in ``root`` read from its state (and round 0's rules)."""
        ident = state["fzsim_study"]
        if "strata" not in ident:
            return None
        with open(os.path.join(round_folder(root, 0), "_manifest.json"), encoding="utf-8") as f:
            config = json.load(f)["fzsim_run"]["variants"][ident["baseline"]]["rules"]
        return cls._make(ident["strata"], config, state, list(ident["looks"]))

    @classmethod
    def _make(cls, name, config, state, looks) -> "Strata":
        w = strata_module(str(config["pack"])).weights(name, config)
        counts = {r["round"]: np.asarray(r["strata_counts"]) for r in state["rounds"] if "strata_counts" in r}
        return cls(name, config, np.asarray(w, dtype=float), counts, looks)

    def of_games(self, rounds: np.ndarray, game_ids: np.ndarray) -> np.ndarray:
        """The stratum of each (round, game id): its round's games are consecutive per stratum."""
        from fzsim.stratified import game_strata

        out = np.empty(game_ids.size, np.int8)
        for k in np.unique(rounds):
            sel = rounds == k
            out[sel] = game_strata({"counts": self.counts[int(k)]}, game_ids[sel])
        return out

    def round_weights(self, last: int) -> dict:
        """Round k's weight at look ``last``: its planned walls over the look's (fixed in advance)."""
        return {k: (self.looks[k] - (self.looks[k - 1] if k else 0)) / self.looks[last] for k in range(last + 1)}

    def means(self, names) -> np.ndarray:
        """The covariates' exact means within each stratum (strata x covariates)."""
        return strata_module(self.config["pack"]).stratum_means(self.name, names, self.config)

    def allocate(self, spec: StudySpec, df: pd.DataFrame | None, games: int) -> np.ndarray:
        """Games per stratum for a round of ``games``: Neyman's allocation for every question at once
        from the within-stratum spread of their contrasts in the rows so far (``df``; None: the first
        round, proportional), each stratum at least its floor."""
        if df is None:
            return neyman(self.weights, np.ones(self.weights.size), games)
        values, strata, precisions = [], None, []
        for q in spec.questions:
            for unit, base in q.contrasts:
                v, urows = contrast_values(df, q.metric, unit, base)
                if strata is None:
                    strata = self.of_games(*game_keys(urows))
                values.append(v)
                precisions.append(q.precision)
        return neyman(self.weights, allocation_sd(values, strata, self.weights.size, precisions), games)


def answers(spec: StudySpec, df: pd.DataFrame, c: float, use_covariates: bool = True,
            strata: Strata | None = None, look: int = 0) -> pd.DataFrame:
    """Every question's contrasts estimated from the rows ``df`` (at look ``look`` of a stratified
    study: ``strata``): one row per contrast."""
    rows = []
    cov = None
    game_strata = rounds = None
    for q in spec.questions:
        for unit, base in q.contrasts:
            values, urows = contrast_values(df, q.metric, unit, base)
            x = mu = None
            if use_covariates:
                if cov is None:
                    cov = cv.for_rows(spec, urows, strata)
                x, mu = cov.per_game(urows)
            if strata is None:
                mean, se, factor = estimate(values, x, mu)
            else:
                if game_strata is None:
                    rounds, ids = game_keys(urows)
                    game_strata = strata.of_games(rounds, ids)
                mean, se, factor = stratified_estimate(
                    values, game_strata, strata.weights, rounds, strata.round_weights(look),
                    x if use_covariates else None, strata.means(cov.names) if use_covariates else None)
            half = c * se
            rows.append({"question": q.name, "metric": q.metric, "variant": unit[0], "lineup": unit[1],
                         "against": "" if base is None else "/".join(base),
                         "estimate": mean, "se": se, "lo": mean - half, "hi": mean + half, "half_width": half,
                         "precision": q.precision, "answered": bool(half <= q.precision),
                         "games": int(values.size), "variance_factor": factor})
    return pd.DataFrame(rows)


# --- the study folder ----------------------------------------------------------------------------

def _read_state(root: str) -> dict | None:
    path = os.path.join(root, STATE_NAME)
    if not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as f:
            state = json.load(f)
    except (OSError, ValueError) as exc:
        raise ValueError(f"{path} is not a readable study state ({exc}); move the folder away") from None
    if not isinstance(state, dict) or "fzsim_study" not in state:
        raise ValueError(f"{path} is not a study state written by fzsim study")
    return state


def write_atomic(path: str, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all: a dot-named temporary file, then a rename (a
    killed writer leaves only a hidden temporary, never half a file)."""
    folder, name = os.path.split(path)
    tmp = os.path.join(folder, f".{name}.tmp-{os.getpid()}")
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


def _write_state(root: str, state: dict) -> None:
    write_atomic(os.path.join(root, STATE_NAME), json.dumps(state, indent=1, ensure_ascii=False, default=float))


def _differences(old: dict, new: dict) -> list[str]:
    return [k for k in sorted(set(old) | set(new)) if old.get(k) != new.get(k)]


@dataclass
class StudyResult:
    """What a study found: one row per contrast in ``answers``, and how it got there."""

    out: str
    status: str                    # "answered" or "budget"
    walls: int                     # walls per variant and line-up
    hands_played: int              # hands stored in the study, all variants and line-ups
    rounds: int
    critical_value: float
    confidence: float
    answers: pd.DataFrame
    unanswered: list = field(default_factory=list)
    seconds: float = 0.0
    card: dict = field(default_factory=dict)      # format -> path of the balance card's files

    def text(self) -> str:
        """The answers as the lines ``fzsim study`` prints."""
        how = ("every question answered" if self.status == "answered"
               else f"budget spent; not answered: {', '.join(self.unanswered)}")
        lines = [f"fzsim study {self.out}: {self.walls:,} walls per variant and line-up in {self.rounds} round(s),"
                 f" {self.hands_played:,} hands; {how}",
                 f"intervals: {self.confidence:.0%} under the stopping rule (estimate ± {self.critical_value:.3f} se)"]
        if self.card:
            lines.append(f"balance card: {', '.join(self.card.values())}")
        for r in self.answers.itertuples():
            against = f" - {r.against}" if r.against else ""
            mark = "answered" if r.answered else "NOT answered"
            lines.append(f"  {r.question}: {r.metric} {r.variant}/{r.lineup}{against} = {r.estimate:+.4g}"
                         f" [{r.lo:+.4g}, {r.hi:+.4g}] (±{r.half_width:.3g}, wanted ±{r.precision:g}: {mark};"
                         f" variance /{r.variance_factor:.2f})")
        return "\n".join(lines)


def run_study(spec, out="fzsim-study", *, jobs: int = 1, backend: str = "loky", scheduler=None,
          resume: bool = False, progress: bool | None = None, control_variates: bool = True,
          card: bool = True) -> StudyResult:
    """Run the study ``spec`` (a TOML path, a dict or a StudySpec) into the folder ``out``.

    Rounds of hands (every variant x line-up on the same walls) are played until every question's
    interval is no wider than its precision, or the budget is spent. ``resume``: continue the same
    study in ``out`` (a folder holding another study is refused). jobs, backend, scheduler and
    progress are `fzsim.simulate`'s. ``control_variates``: sharpen the contrasts with the
    covariates of `fzsim.study.covariates` (exactly known means). ``card``: write the balance card
    (`fzsim.study.card`) into ``out`` at the end. Returns a `StudyResult`.
    """
    from fzsim.orchestrator import _lock_folder, simulate

    t0 = time.perf_counter()
    spec = load_spec(spec)
    if spec.first_round < MIN_FIRST_ROUND:
        warnings.warn(f"first_round = {spec.first_round} walls: below {MIN_FIRST_ROUND:,} the rare big hands can make"
                      " the intervals cover less than asked (see the studies page)", stacklevel=3)
    looks, c = plan(spec)
    identity = {"format": FORMAT, **spec.canonical(), "looks": looks, "critical_value": c,
                "control_variates": bool(control_variates)}
    root = os.fspath(out)
    lock = _lock_folder(root)          # one writer per study folder, as for a results folder
    try:
        state = _read_state(root)
        if state is None:
            stray = [e for e in os.listdir(root) if not e.startswith(".")]
            if stray:
                raise ValueError(f"study folder {root!r} holds other files ({', '.join(sorted(stray)[:3])}); give an"
                                 " empty or new folder")
            state = {"fzsim_study": identity, "rounds": [], "status": "running"}
            _write_state(root, state)
        else:
            diff = _differences(state["fzsim_study"], identity)
            if diff:
                raise ValueError(f"study folder {root!r} holds another study (it differs in {', '.join(diff)});"
                                 " give a new folder")
            if not resume:
                raise ValueError(f"study folder {root!r} already holds this study; continue it with --resume"
                                 " (resume=True)")
        seats = {label: list(s) for label, s in spec.lineups.items()}
        strata = Strata.of(spec, state, looks)
        result = None
        for k, total in enumerate(looks):
            if k < len(state["rounds"]) and state["rounds"][k].get("done"):
                done_round = state["rounds"][k]
            else:
                walls = total - (looks[k - 1] if k else 0)
                run_strata = None
                if strata is not None:
                    # the round's allocation is decided once, from the rounds before it, and kept
                    if k not in strata.counts:
                        games = walls // _hands_per_match(spec)
                        strata.counts[k] = strata.allocate(spec, read_rounds(root, k) if k else None, games)
                        state["rounds"][k:] = [{"round": k, "strata_counts": strata.counts[k].tolist()}]
                        _write_state(root, state)
                    run_strata = {"name": spec.strata, "counts": strata.counts[k].tolist()}
                simulate(walls, list(spec.variants.values()), seed=round_seed(spec.seed, k), jobs=jobs,
                         out=round_folder(root, k), backend=backend, scheduler=scheduler, resume=True,
                         policy_sets=seats, block_size=spec.block_size, progress=progress, draws=spec.draws,
                         strata=run_strata)
                df = read_rounds(root, k + 1)
                table = answers(spec, df, c, control_variates, strata, k)
                done_round = {"round": k, "folder": os.path.basename(round_folder(root, k)),
                              "seed": str(round_seed(spec.seed, k)), "walls": total, "done": True,
                              "hands": int(len(df)), "answers": table.to_dict(orient="records"),
                              **({"strata_counts": run_strata["counts"]} if run_strata else {})}
                state["rounds"][k:] = [done_round]
                _write_state(root, state)
            table = pd.DataFrame(done_round["answers"])
            unanswered = sorted(set(table.loc[~table["answered"], "question"]), key=list(table["question"]).index)
            last = k == len(looks) - 1
            if not unanswered or last:
                status = "answered" if not unanswered else "budget"
                if state.get("status") != status:
                    state["status"] = status
                    _write_state(root, state)
                result = StudyResult(out=root, status=status, walls=total, hands_played=done_round["hands"],
                                     rounds=k + 1, critical_value=c, confidence=spec.confidence, answers=table,
                                     unanswered=unanswered)
                break
        if card:
            from fzsim.study.card import write_card

            result.card = write_card(root)
        result.seconds = time.perf_counter() - t0
        return result
    finally:
        lock.release()
        lock.remove_created_folder()
