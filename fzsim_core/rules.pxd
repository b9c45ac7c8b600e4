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
    NEXT_DEALER_WINNER_OR_DISCARDER = 2  # the winner; the discarder after a win by several (RULES-PACKS §2.1)
    NEXT_DEALER_RANDOM = 3            # a seeded random dealer every hand (血战)
    NEXT_DEALER_ROTATE = 4            # the next seat deals after every hand, won or drawn, at streak 0 (国标: no 连庄)
    NEXT_DEALER_PREVIOUS = 5          # the seat before the dealer (上家) takes the deal (RULES-PACKS §4.1, BJ-A3 "listed")

cdef enum DrawDealer:
    DRAW_DEALER_KEEP = 0              # after a drawn hand the dealer keeps the deal
    DRAW_DEALER_NEXT = 1              # after a drawn hand the next seat deals (streak 0)

cdef enum DrawStreak:
    DRAW_STREAK_KEEP = 0              # a drawn hand keeps the dealer's L
    DRAW_STREAK_RESET = 1             # ... resets it to 0
    DRAW_STREAK_INCREMENT = 2         # ... adds 1 to it (seed ⑥)

cdef enum:
    PACK_OPTIONS_MAX = 32             # int32 slots of the playing pack's own options (RuleSet.pack_options)

ctypedef struct RuleSet:
    # the header every pack reads: which pack (its tile set, hand size, deal and scoring hooks:
    # fzsim_core/packs/registry), the flow's knobs below (dealer rotation, the end of the wall), and
    # what the shared flow, legality and bots read of the games with a gold (金: its discard rule,
    # 游金 and its multipliers by level) and of every scoring (its family, base, flower points, 抓庄);
    # docs/spec/RULES.md §12.
    int32_t pack                      # PackId (packs/registry.pxd)
    bint chow                         # the next seat may chow a discard
    bint rob_kong                     # an added kong may be robbed (抢杠)
    bint multi_win                    # every seat accepting a discard (or robbed kong) wins (一炮多响)
    int32_t winners_to_end            # the hand ends at this many wins (血战到底: 3), else plays on
    int32_t forced_win_live           # a win must be taken while fewer live tiles remain (RULES-PACKS §2.2: 4)
    bint replace_from_head            # kong replacements come from the head of the wall (RULES-PACKS §2.1)
    # §1 tiles
    bint honors_are_flowers           # winds/dragons are flowers (default) or ordinary held tiles
    # §2 dealer and matches
    int32_t next_dealer               # NextDealer
    int32_t draw_dealer               # DrawDealer
    int32_t draw_streak               # DrawStreak
    int32_t hands_per_match           # hands in one match (1 = independent deals)
    # §4 gold
    int32_t gold_discard              # GoldDiscard
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
    int32_t scoring                   # the pack's scoring family (packs/registry.pxd ScoringFamily)
    int32_t base                      # the base points (the unit of the pack's scoring)
    int32_t flower_point              # points per flower: 1
    bint zhuazhuang                   # 抓庄: a non-dealer winner adds the dealer's L
    int32_t youjin_mult_selfdraw      # 游金's multipliers by level (the youjin family's; the bots read them): 2
    int32_t youjin_mult_single        # 单游 4
    int32_t youjin_mult_double        # 双游 8
    int32_t youjin_mult_triple        # 三游 16
    # the playing pack's own options, in its own struct (packs/<name>/options.pxd, read through
    # its accessor: sc_options(r), gb_options(r), ...; their defaults in packs/<name>/options.pyx).
    # One area for every pack: a RuleSet plays one pack, so the others' options are not stored.
    int32_t pack_options[PACK_OPTIONS_MAX]

cdef class Rules:
    """A compiled, immutable rule set; `c` is what the core reads."""
    cdef RuleSet c
    cdef readonly dict fields
