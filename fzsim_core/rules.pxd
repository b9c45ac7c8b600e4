# The compiled rule set: plain C fields the hot path reads (docs/spec/RULES.md §12).
#
# fzsim/rules.py validates a user's configuration (preset + overrides, TOML)
# and compiles its canonical form into one `Rules` object; the engine and the
# scoring code only ever read `Rules.c`. Field names match the configuration
# keys; enumerated options are stored as the small ints below.
from libc.stdint cimport int32_t

cdef enum GoldDiscard:
    GOLD_DISCARD_ALLOWED = 0
    GOLD_DISCARD_SELFDRAW_ONLY = 1    # the discarder of a gold may then only win by self-draw
    GOLD_DISCARD_FORBIDDEN = 2

cdef enum NextDealer:
    NEXT_DEALER_NEXT = 0              # the seat after the dealer takes the deal
    NEXT_DEALER_WINNER = 1            # the winner takes the deal
    NEXT_DEALER_WINNER_OR_DISCARDER = 2  # the winner; the discarder after a win by several (Sichuan)
    NEXT_DEALER_RANDOM = 3            # a seeded random dealer every hand (血战)
    NEXT_DEALER_ROTATE = 4            # the next seat deals after every hand, won or drawn, at streak 0 (国标: no 连庄)
    NEXT_DEALER_PREVIOUS = 5          # the seat before the dealer (上家) takes the deal (Beijing BJ-A3 "listed")

cdef enum DrawDealer:
    DRAW_DEALER_KEEP = 0              # after a drawn hand the dealer keeps the deal
    DRAW_DEALER_NEXT = 1              # after a drawn hand the next seat deals (streak 0)

cdef enum DrawStreak:
    DRAW_STREAK_KEEP = 0              # a drawn hand keeps the dealer's L
    DRAW_STREAK_RESET = 1             # ... resets it to 0
    DRAW_STREAK_INCREMENT = 2         # ... adds 1 to it (seed ⑥)

cdef enum ZhuazhuangPayer:
    ZHUAZHUANG_PAYER_ALL = 0          # every payer pays the 抓庄 L part
    ZHUAZHUANG_PAYER_DEALER = 1       # only the dealer does; the other payers' formula uses L = 0

cdef enum SpecialDiscardPayer:
    SPECIAL_DISCARD_PAYER_ALL = 0     # bianfeng: a special won on a discard is paid by all three
    SPECIAL_DISCARD_PAYER_DISCARDER = 1  # ... by the discarder alone (the amount of one self-draw payer)

cdef enum ScoringFamily:
    SCORING_FUZHOU = 0
    SCORING_LIANZHONG = 1
    SCORING_BIANFENG = 2
    SCORING_YOUJIN = 3
    SCORING_SICHUAN = 4               # Sichuan additive 分 (RULES-PACKS §2.4)
    SCORING_XUEZHAN = 5               # 血战到底 番 -> 2^番 (§3.4)
    SCORING_GUOBIAO = 6               # 国标 81 fans, 底分 + fan payments (RULES-PACKS §5.4)
    SCORING_BEIJING = 7               # Beijing additive 番 x 底分, 烧庄, 互包 (RULES-PACKS §4.4)
    SCORING_SHANGHAI = 8              # Shanghai 底分 + 花分 in 勒子 caps (RULES-PACKS §1.4)

cdef enum PackId:
    PACK_FUZHOU = 0                   # 福州麻将 (docs/spec/RULES.md): fzsim_core/packs/fuzhou
    PACK_PLAIN = 1                    # the minimal example pack: fzsim_core/packs/plain
    PACK_SICHUAN = 2                  # 四川 / 血战到底 (RULES-PACKS §2, §3): fzsim_core/packs/sichuan
    PACK_GUOBIAO = 3                  # 国标 / MCR (RULES-PACKS §5): fzsim_core/packs/guobiao/pack
    PACK_BEIJING = 4                  # 北京 惠牌 (RULES-PACKS §4): fzsim_core/packs/beijing/pack
    PACK_SHANGHAI = 5                 # 上海 清混碰 / 勒子 (RULES-PACKS §1): fzsim_core/packs/shanghai/pack

cdef enum ShOption:                   # the Shanghai pack's two-way options (RULES-PACKS §9 SH-A*)
    SH_OPT_DEFAULT = 0                # the spec's default reading
    SH_OPT_OTHER = 1                  # the option: see each sh_* field

cdef enum ScGuoshui:
    SC_GUOSHUI_UNLESS_HIGHER = 0      # no discard win until the own next draw unless it scores more
    SC_GUOSHUI_OFF = 1

cdef enum ScExchange:                 # 换三张 (SC-A7 option): off, or where each seat's three tiles go
    SC_EXCHANGE_OFF = 0
    SC_EXCHANGE_CLOCKWISE = 1         # to the seat before it in turn order, (s + 3) % 4 (its 上家)
    SC_EXCHANGE_COUNTERCLOCKWISE = 2  # to the next seat in turn order, (s + 1) % 4 (its 下家)
    SC_EXCHANGE_ACROSS = 3            # to the seat opposite, (s + 2) % 4

cdef enum XzKongPayments:             # 刮风下雨 (XZ-A7 option)
    XZ_KONG_PAYMENTS_OFF = 0
    XZ_KONG_PAYMENTS_COMMERCIAL = 1   # paid at once; 退税 at a drawn hand; 呼叫转移 on 杠上炮

ctypedef struct RuleSet:
    # the header every pack reads: which pack (its tile set, hand size, deal and scoring hooks:
    # fzsim_core/packs/registry), and the flow's knobs below (dealer rotation, the end of the
    # wall). The other fields are the Fuzhou pack's options.
    int32_t pack                      # PackId
    bint chow                         # the next seat may chow a discard
    bint rob_kong                     # an added kong may be robbed (抢杠)
    bint multi_win                    # every seat accepting a discard (or robbed kong) wins (一炮多响)
    int32_t winners_to_end            # the hand ends at this many wins (血战到底: 3), else plays on
    int32_t forced_win_live           # a win must be taken while fewer live tiles remain (Sichuan 4)
    bint replace_from_head            # kong replacements come from the head of the wall (Sichuan)
    # §1 tiles
    bint honors_are_flowers           # winds/dragons are flowers (default) or ordinary held tiles
    # §2 dealer and matches
    int32_t next_dealer               # NextDealer
    int32_t draw_dealer               # DrawDealer
    int32_t draw_streak               # DrawStreak
    int32_t hands_per_match           # hands in one match (1 = independent deals)
    # §4 gold
    int32_t gold_discard              # GoldDiscard
    bint xianjin_selfdraw_only        # a 闲金 wait wins by self-draw only
    # §5 play
    bint guoshui                      # 过水: a declined discard win blocks that tile until own discard
    bint no_discard_claimed_tile      # after chow/pung the claimed tile may not be discarded that turn
    # §9 end of the wall: R = reserve_base + per kong ... (+ per flower set)
    int32_t reserve_base              # 17 (18 with the indicator)
    int32_t reserve_per_exposed_kong  # exposed and added kongs: 1
    int32_t reserve_per_concealed_kong  # 2
    int32_t reserve_per_flower_set    # per four-identical-flower or full season/plant set: 2
    int32_t last_group_size           # at most this many draws in the last group: 4
    # §11 游金
    bint youjin                       # the 游金 chain is played
    bint must_youjin_with_two_golds   # with >= 2 golds a player may only win by 游金
    # §10 scoring
    int32_t scoring                   # ScoringFamily
    int32_t base                      # fuzhou 5, bianfeng 1, youjin 5 (unused by lianzhong)
    int32_t multiplier                # the x2 of fuzhou (..)x2+S, lianzhong Hx2, bianfeng 2P and S+2(F+K+G+L)
    int32_t flower_point              # points per flower: 1
    int32_t flower_set_value          # a complete set of four scores this instead of 4: 6
    int32_t exposed_kong_points       # K per exposed/added kong: 1
    int32_t concealed_kong_points     # K per concealed kong: 2
    bint zhuazhuang                   # 抓庄: a non-dealer winner adds the dealer's L
    int32_t zhuazhuang_payer          # ZhuazhuangPayer
    int32_t special_discard_payer     # SpecialDiscardPayer
    int32_t loss_cap                  # the most one player pays in a hand; 0 = no cap
    int32_t special_tianhu            # 30
    int32_t special_qiangjin          # 30
    int32_t special_pinghu_noflower   # 30  平胡 (无花无杠)
    int32_t special_pinghu_oneflower  # 15  平胡 (一张花); 0 = not a special
    int32_t special_sanjindao         # 40
    int32_t special_jinque            # 60
    int32_t special_jinlong           # 120
    int32_t lianzhong_pinghu_bonus    # +10 on a lianzhong special that is also 平胡
    int32_t discard_multiplier        # bianfeng: the discarder pays this × P (2)
    int32_t youjin_mult_discard       # youjin multipliers: 1
    int32_t youjin_mult_selfdraw      # 2
    int32_t youjin_mult_single        # 单游 4
    int32_t youjin_mult_double        # 双游 8
    int32_t youjin_mult_triple        # 三游 16
    int32_t youjin_discard_bonus      # B gets +1 on a discard win
    # the Sichuan pack's options (RULES-PACKS §9; base is the unit b)
    int32_t sc_guoshui                # ScGuoshui
    int32_t sc_longqidui_value        # §2 清七对 (= 龙七对) 分: 4 (SC-A1 option 8)
    bint sc_qianggang_base            # §2 抢杠 as a 2分 base pattern instead of +1 (SC-A3)
    bint sc_kong_and_gen              # §2 a declared kong counts as a kong and as a 根 (SC-A4)
    bint sc_chajiao_kongs             # §2 查叫 values count declared kongs (SC-A6)
    int32_t sc_fan_cap                # §3 番 cap: 3
    bint xz_end_checks_no_winner_only # §3 查花猪 / 查大叫 only when nobody won (XZ-A2)
    bint xz_selfdraw_all_pay          # §3 a later self-draw is paid by all three others (XZ-A4)
    bint xz_dajiao_to_winners         # §3 大叫 is paid to ready winners too (XZ-A8)
    bint xz_next_after_discarder      # §3 after a win by several, play goes on after the discarder (XZ-A5)
    int32_t sc_exchange               # ScExchange: 换三张 before 定缺 (SC-A7), off by default
    bint sc_dingque                   # 定缺: each seat declares a void suit after the deal (SC-A7)
    int32_t xz_kong_payments          # XzKongPayments (XZ-A7), off by default
    bint xz_dian_gang_hua_selfdraw    # 血战 点杠花 paid as a self-draw by every unfinished opponent (XZ-A9); off: the konged
                                      # discarder pays alone, as §2
    # the 国标 pack's options (RULES-PACKS §5, §9; base is the 底分, 8)
    int32_t gb_min_fan                # §5.3 the minimum fan of a win, flowers excluded: 8
    bint gb_mingangang                # an exposed + a concealed kong is 明暗杠 5 (Botzone, PyMahjongGB), not 明杠 1 + 暗杠 2
    # the Beijing pack's options (RULES-PACKS §4, §9 BJ-A*; base is the 底分 d)
    int32_t bj_north_next             # BJ-A1: 0 北 -> 东, 1 北 -> 中 (白 -> 东)
    bint bj_indicator_in_reserve      # BJ-A4: the 惠坯 is one of the 14 reserved tiles (69 live draws)
    int32_t bj_haidi_discard          # BJ-A5: 番 of 海底捞月 on the last discard: 1 (literal) or 2
    bint bj_shaozhuang_on_draw        # BJ-A6: the 烧庄 part is paid on a drawn hand too
    int32_t bj_hubao_count            # BJ-A7: 0 chows + pungs + exposed kongs are 嘴 for 互包, 1 chows + pungs
    bint bj_sihui_shape               # BJ-A10: 四惠牌 also takes the hand's shape fans
    bint bj_dihe_after_claims         # BJ-A11: 地和 even after someone's claim (literal), else only before any
    bint bj_zhuowukui_unique          # BJ-A12: 捉五魁 needs 5m as the only winning tile
    int32_t bj_hui_discard            # BJ-A2: 0 a discarded 惠牌 is dead, 1 natural (claimed and won on at face value)
    int32_t gb_variant                # GB-A2 walls: 0 rulebook (144 tiles, one wall), 1 botzone (136, no flowers, a wall per seat)
    bint gb_claim_at_wall_end         # GB-A4 (botzone walls): a discard may be chowed / punged / konged when the seat after
                                      # the discarder has an empty wall (the judge: no)
    bint gb_kong_at_wall_end          # GB-A5 (botzone walls): an own-turn kong when the seat's or the next seat's wall is
                                      # empty (the judge: no)
    # the Shanghai pack's options (RULES-PACKS §1, §9 SH-A*; base is the 底分 2, flower_point the
    # 花分 1, reserve_base the dead wall); the enumerated ones are ShOption: 0 default, 1 option
    int32_t sh_lezi                   # §1.4 勒子, the cap: 10
    int32_t sh_bahua_lezi             # 八花齐 in 勒子: 2 (SH-A9)
    int32_t sh_gangkai_over_lezi      # SH-A2: 0 keep a hand at or over one 勒子, 1 cut it to one
    int32_t sh_kaibao_huangfan_stack  # SH-A7: 0 multiply (x4), 1 max (x2 once)
    int32_t sh_huangfan_mult          # SH-A6: 0 x2, 1 x 2^H
    bint sh_dadiaoche_standalone      # SH-A8: 杠开 / 大吊车 make any standard shape a win
    int32_t sh_chengbao               # SH-A5: 0 extra (the partner pays on top), 1 full
    bint sh_feng_includes_dragons     # SH-A3: 风向牌 = all honours (else winds only)
    bint sh_fengyise_shape            # SH-A4: 风一色 needs 4 sets + a pair
    bint sh_xiajia_can_kong           # SH-A10: the discarder's 下家 may kong the discard (every pack: true)
    int32_t sh_multi_ron_dealer       # SH-A1: 0 the nearest winner deals, 1 that winner's 下家
    int32_t sh_huangfan_multi_ron     # SH-A6: 0 a multiple ron lowers 荒番 once, 1 once per winner
    int32_t sh_chengbao_claims        # SH-A5: 0 chows, pungs and exposed kongs count, 1 chows and pungs
    bint sh_louhu                     # §1.2 漏胡: a declined discard win bars that kind until the next draw / claim
    bint sh_bahua_optional            # §1.3 八花齐 may be declined to play on (else it is taken at once)


cdef class Rules:
    """A compiled, immutable rule set; `c` is what the core reads."""
    cdef RuleSet c
    cdef readonly dict fields
