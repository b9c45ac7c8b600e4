# Rule pack ids -> their tile sets and hooks (the one place a new pack is registered).
from fzsim_core.rules cimport RuleSet
from fzsim_core.state cimport Pack
from fzsim_core.tileset cimport TileSet

# The core's rule pack ids (the rules' `pack` field, RuleSet.pack), in the order of
# fzsim/pack_registry.py REGISTRY; registry.pyx PACKS names them. Ids from 16 on are the packs
# registered at run time (register_pack).
cdef enum PackId:
    PACK_FUZHOU = 0                   # 福州麻将 (docs/spec/RULES.md): fzsim_core/packs/fuzhou
    PACK_PLAIN = 1                    # the minimal example pack: fzsim_core/packs/plain
    PACK_SICHUAN = 2                  # 四川 / 血战到底 (RULES-PACKS §2, §3): fzsim_core/packs/sichuan
    PACK_GUOBIAO = 3                  # 国标 / MCR (RULES-PACKS §5): fzsim_core/packs/guobiao/pack
    PACK_BEIJING = 4                  # 北京 惠牌 (RULES-PACKS §4): fzsim_core/packs/beijing/pack
    PACK_SHANGHAI = 5                 # 上海 清混碰 / 勒子 (RULES-PACKS §1): fzsim_core/packs/shanghai/pack

cdef enum:
    DEFAULT_PACK = PACK_FUZHOU        # the pack of a rule set that names none (rules.pyx HEADER_FIELDS)

# The scoring families (RuleSet.scoring), in the order of fzsim/pack_registry.py REGISTRY's `scoring`
# (registry.pyx SCORING_FAMILIES names them).
cdef enum ScoringFamily:
    SCORING_FUZHOU = 0                # 福州 (F+K+G+L+base)x2+S: the four families of docs/spec/RULES.md §10
    SCORING_LIANZHONG = 1             # 联众
    SCORING_BIANFENG = 2              # 边锋
    SCORING_YOUJIN = 3                # 游金 multipliers (§11)
    SCORING_SICHUAN = 4               # Sichuan additive 分 (RULES-PACKS §2.4)
    SCORING_XUEZHAN = 5               # 血战到底 番 -> 2^番 (§3.4)
    SCORING_GUOBIAO = 6               # 国标 81 fans, 底分 + fan payments (RULES-PACKS §5.4)
    SCORING_BEIJING = 7               # Beijing additive 番 x 底分, 烧庄, 互包 (RULES-PACKS §4.4)
    SCORING_SHANGHAI = 8              # Shanghai 底分 + 花分 in 勒子 caps (RULES-PACKS §1.4)

# A rule pack's binding function: fill the flow's hooks and what the code above reads of it
# (state.pxd Pack), and its tile set, for the given rules (NULL: its defaults). A pack built outside
# fzsim_core hands one to `register_pack` as a PyCapsule named PLUG_CAPSULE.
ctypedef void (*PackPlug)(Pack* p, TileSet* ts, const RuleSet* r) noexcept nogil

cdef int bind_pack(Pack* p, TileSet* ts, int pack, const RuleSet* r=*) except -1
