"""Slow, obviously-correct references for the scoring tests (written independently of the core).

- `ref_is_win` / `ref_is_jinque` / `ref_is_jinlong` / `ref_is_xianjin_wait`: exhaustive recursion
  over the groups that can hold the lowest remaining tile, golds wild.
- `reference_score(...)`: docs/spec/RULES.md §10, one family at a time, straight from the text.
"""
from functools import lru_cache

SELF_PAID = {"selfdraw", "qiangjin", "sanjindao", "tianhu"}
SPECIAL_ORDER = ["tianhu", "qiangjin", "sanjindao", "jinque", "jinlong", "pinghu_noflower",
                 "pinghu_oneflower"]


@lru_cache(maxsize=None)
def _can(state, g, need_pair):
    """Can the real tiles `state` (34 counts) plus `g` wild golds be melds (+ one pair if need_pair)?

    Plain exhaustive recursion: take the lowest kind holding a real tile and try every group that
    could contain it (pair, pung, each chow through it), each position filled by a real tile or a gold.
    """
    first = next((k for k in range(34) if state[k]), None)
    if first is None:  # only golds left: they form pungs (and the pair) on their own
        return (g - 2) % 3 == 0 and g >= 2 if need_pair else g % 3 == 0
    k = first
    lst = list(state)

    def take(kinds):
        nxt = lst[:]
        for x in kinds:
            nxt[x] -= 1
        return tuple(nxt)

    if need_pair:
        for real in (2, 1):
            if lst[k] >= real and g >= 2 - real and _can(take([k] * real), g - (2 - real), False):
                return True
    for real in (3, 2, 1):
        if lst[k] >= real and g >= 3 - real and _can(take([k] * real), g - (3 - real), need_pair):
            return True
    if k < 27:
        lo = k - k % 9
        for start in (k - 2, k - 1, k):
            if start < lo or start + 2 > lo + 8:
                continue
            others = [x for x in (start, start + 1, start + 2) if x != k]
            # positions below k hold no real tile; above k a real tile or a gold may fill them
            for mask in range(4):
                real = [k] + [x for i, x in enumerate(others) if mask >> i & 1]
                if any(x < k or lst[x] == 0 for x in real[1:]):
                    continue
                golds_needed = 3 - len(real)
                if g >= golds_needed and _can(take(real), g - golds_needed, need_pair):
                    return True
    return False


def _split(counts, gold):
    counts = [int(c) for c in counts[:34]]
    golds = counts[gold]
    counts[gold] = 0
    return tuple(counts), golds


def ref_is_win(counts, gold):
    real, golds = _split(counts, gold)
    return _can(real, golds, True)


def ref_is_jinque(counts, gold):
    """金雀: two golds are the pair, the rest (further golds wild) are melds."""
    real, golds = _split(counts, gold)
    return golds >= 2 and _can(real, golds - 2, False)


def ref_is_jinlong(counts, gold):
    """金龙: three golds are a pung of their own kind; the other tiles win with a 4th gold wild."""
    real, golds = _split(counts, gold)
    return golds >= 3 and _can(real, golds - 3, True)


def ref_is_xianjin_wait(counts, gold):
    """3n+1 hand, exactly one gold, the other tiles are melds with no wildcard."""
    real, golds = _split(counts, gold)
    return golds == 1 and _can(real, 0, False)


def reference_score(r, winner, dealer, win_type, discarder, specials, flowers, ek, ck, golds, streak, level):
    """RULES §10 written out directly from the text. `r`: RuleSet fields (ints)."""
    honours, seasons, plants = flowers[:7], flowers[7:11], flowers[11:]
    F = sum(r["flower_set_value"] if c == 4 else c * r["flower_point"] for c in honours)
    for group in (seasons, plants):
        F += r["flower_set_value"] if sum(group) == 4 else sum(group) * r["flower_point"]
    K = ek * r["exposed_kong_points"] + ck * r["concealed_kong_points"]
    G = golds
    L = streak if (winner == dealer or r["zhuazhuang"]) else 0
    applies = set(specials)
    if win_type in ("tianhu", "qiangjin", "sanjindao"):
        applies.add(win_type)
    n_flowers = sum(flowers)
    if ek + ck == 0 and n_flowers == 0:
        applies.add("pinghu_noflower")
    if ek + ck == 0 and n_flowers == 1:
        applies.add("pinghu_oneflower")
    valued = [(r["special_" + s], -SPECIAL_ORDER.index(s), s) for s in applies if r["special_" + s] > 0]
    counted = max(valued)[2] if valued else None
    S = r["special_" + counted] if counted else 0
    family = ["fuzhou", "lianzhong", "bianfeng", "youjin"][r["scoring"]]
    self_paid = win_type in SELF_PAID
    if family == "lianzhong" and counted and not counted.startswith("pinghu") and "pinghu_noflower" in applies:
        S += r["lianzhong_pinghu_bonus"]
    m = r["multiplier"]
    discard_special_by_discarder = False

    def pay_with(L):   # what one payer pays, with the L that payer's formula uses
        if family == "fuzhou":
            return (F + K + G + L + r["base"]) * m + S
        if family == "lianzhong":
            H = F + K + L
            return H * m + S if (counted or self_paid) else H
        if family == "bianfeng":
            if counted:
                return S + m * (F + K + G + L)
            return (m if self_paid else r["discard_multiplier"]) * (r["base"] + F + K + G + L)
        B = r["base"] + F + G + L + K + (0 if self_paid else r["youjin_discard_bonus"])
        key = "discard" if not self_paid else ["selfdraw", "single", "double", "triple"][level]
        return B * r["youjin_mult_" + key] + S

    if family == "bianfeng" and counted and not self_paid:
        # a special won on a discard: paid as a self-draw, by all three or the discarder alone
        discard_special_by_discarder = r["special_discard_payer"] == 1
        self_paid = True
    if self_paid and not discard_special_by_discarder:
        payers = [s for s in range(4) if s != winner]
    else:
        payers = [discarder]
    deltas = [0, 0, 0, 0]
    for s in payers:
        # 抓庄 with zhuazhuang_payer = dealer: only the dealer's payment includes L
        own_L = L if (r["zhuazhuang_payer"] == 0 or s == dealer or winner == dealer) else 0
        pay = pay_with(own_L)
        if r["loss_cap"] > 0:
            pay = min(pay, r["loss_cap"])
        deltas[s] -= pay
        deltas[winner] += pay
    return dict(F=F, K=K, G=G, L=L, S=S, specials=applies, counted=counted, deltas=deltas)
