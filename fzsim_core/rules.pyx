# cython: language_level=3
"""Compile a flat mapping of rule fields into the C `RuleSet` the core reads.

Validation, presets and the canonical configuration live in `fzsim.rules`;
this module only checks that every field is present and an integer.
"""

#: The `fuzhou` preset (docs/spec/RULES.md §13) as struct fields; fzsim.rules builds the others on it.
FUZHOU_FIELDS = dict(
    pack=PACK_FUZHOU,
    chow=1,
    rob_kong=1,
    multi_win=0,
    winners_to_end=1,
    forced_win_live=0,
    replace_from_head=0,
    honors_are_flowers=1,
    next_dealer=NEXT_DEALER_NEXT,
    draw_dealer=DRAW_DEALER_KEEP,
    draw_streak=DRAW_STREAK_KEEP,
    hands_per_match=1,
    gold_discard=GOLD_DISCARD_ALLOWED,
    xianjin_selfdraw_only=0,
    guoshui=0,
    no_discard_claimed_tile=1,
    reserve_base=17,
    reserve_per_exposed_kong=1,
    reserve_per_concealed_kong=2,
    reserve_per_flower_set=2,
    last_group_size=4,
    youjin=0,
    must_youjin_with_two_golds=1,
    scoring=SCORING_FUZHOU,
    base=5,
    multiplier=2,
    flower_point=1,
    flower_set_value=6,
    exposed_kong_points=1,
    concealed_kong_points=2,
    zhuazhuang=1,
    zhuazhuang_payer=ZHUAZHUANG_PAYER_ALL,
    special_discard_payer=SPECIAL_DISCARD_PAYER_ALL,
    loss_cap=0,
    special_tianhu=30,
    special_qiangjin=30,
    special_pinghu_noflower=30,
    special_pinghu_oneflower=15,
    special_sanjindao=40,
    special_jinque=60,
    special_jinlong=120,
    lianzhong_pinghu_bonus=10,
    discard_multiplier=2,
    youjin_mult_discard=1,
    youjin_mult_selfdraw=2,
    youjin_mult_single=4,
    youjin_mult_double=8,
    youjin_mult_triple=16,
    youjin_discard_bonus=1,
    sc_guoshui=SC_GUOSHUI_UNLESS_HIGHER,
    sc_longqidui_value=4,
    sc_qianggang_base=0,
    sc_kong_and_gen=0,
    sc_chajiao_kongs=1,
    sc_fan_cap=3,
    xz_end_checks_no_winner_only=0,
    xz_selfdraw_all_pay=0,
    xz_dajiao_to_winners=0,
    xz_next_after_discarder=0,
    sc_exchange=SC_EXCHANGE_OFF,
    sc_dingque=0,
    xz_kong_payments=XZ_KONG_PAYMENTS_OFF,
    xz_dian_gang_hua_selfdraw=0,
    gb_min_fan=8,
    gb_mingangang=0,
    bj_north_next=0,
    bj_indicator_in_reserve=1,
    bj_haidi_discard=1,
    bj_shaozhuang_on_draw=1,
    bj_hubao_count=0,
    bj_sihui_shape=0,
    bj_dihe_after_claims=1,
    bj_zhuowukui_unique=1,
    bj_hui_discard=0,
    gb_variant=0,
    gb_claim_at_wall_end=0,
    gb_kong_at_wall_end=0,
    sh_lezi=10,
    sh_bahua_lezi=2,
    sh_gangkai_over_lezi=0,
    sh_kaibao_huangfan_stack=0,
    sh_huangfan_mult=0,
    sh_dadiaoche_standalone=0,
    sh_chengbao=0,
    sh_feng_includes_dragons=1,
    sh_fengyise_shape=0,
    sh_xiajia_can_kong=1,
    sh_multi_ron_dealer=0,
    sh_huangfan_multi_ron=0,
    sh_chengbao_claims=0,
    sh_louhu=1,
    sh_bahua_optional=1,
)


cdef class Rules:
    """Rules(**fields): the `fuzhou` struct fields with the given ones replaced.

    Prefer ``fzsim.rules.load(...)``, which validates names and ranges and gives
    clear errors; this constructor only rejects unknown fields and non-integers.
    """

    def __init__(self, **overrides):
        unknown = sorted(set(overrides) - set(FUZHOU_FIELDS))
        if unknown:
            raise ValueError(f"unknown rule field(s) {unknown}; known: {sorted(FUZHOU_FIELDS)}")
        fields = dict(FUZHOU_FIELDS)
        for key, value in overrides.items():
            if isinstance(value, bool):
                value = int(value)
            if not isinstance(value, int):
                raise TypeError(f"rule field {key} must be an int or bool, got {value!r}")
            if not -2**31 <= value < 2**31:
                raise ValueError(f"rule field {key} = {value} is out of range: the core stores a 32-bit int")
            fields[key] = value
        self.c = fields
        self.fields = fields

    def __reduce__(self):
        return (_rebuild, (self.fields,))

    def __repr__(self):
        return f"Rules({', '.join(f'{k}={v}' for k, v in self.fields.items() if FUZHOU_FIELDS[k] != v)})"


def _rebuild(fields):
    return Rules(**fields)
