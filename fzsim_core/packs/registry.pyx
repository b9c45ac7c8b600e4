# cython: language_level=3
"""Rule packs by id (the rules' `pack` field): adding a pack to fzsim is a folder under
fzsim_core/packs/ with a binding function, and a line here; a pack built outside fzsim (its own
compiled module) registers its binding function at run time with `register_pack`
(docs/guide/own_pack.md)."""
import numpy as np
from cpython.pycapsule cimport PyCapsule_GetPointer, PyCapsule_IsValid
from libc.string cimport memset

from fzsim_core.rules cimport RuleSet, Rules, PACK_OPTIONS_MAX
from fzsim_core.state cimport Pack
from fzsim_core.tileset cimport MAX_TILES, TileSet
from fzsim_core.tiles cimport N_KINDS
from fzsim_core.packs.fuzhou.pack cimport fuzhou_pack
from fzsim_core.packs.plain.pack cimport plain_pack
from fzsim_core.packs.sichuan.plug cimport sichuan_plug
from fzsim_core.packs.guobiao.plug cimport guobiao_plug
from fzsim_core.packs.beijing.plug cimport beijing_plug
from fzsim_core.packs.shanghai.plug cimport shanghai_plug
from fzsim_core.packs.fuzhou.options import DEFAULTS as FUZHOU_OPTIONS
from fzsim_core.packs.sichuan.options import DEFAULTS as SICHUAN_OPTIONS
from fzsim_core.packs.guobiao.options import DEFAULTS as GUOBIAO_OPTIONS
from fzsim_core.packs.beijing.options import DEFAULTS as BEIJING_OPTIONS
from fzsim_core.packs.shanghai.options import DEFAULTS as SHANGHAI_OPTIONS

#: the rule packs, by name (values: the rules' `pack` field)
PACKS = {"fuzhou": PACK_FUZHOU, "plain": PACK_PLAIN, "sichuan": PACK_SICHUAN, "guobiao": PACK_GUOBIAO,
         "beijing": PACK_BEIJING,
         "shanghai": PACK_SHANGHAI}
#: the scoring families (the rules' `scoring` field), by name
SCORING_FAMILIES = {"fuzhou": SCORING_FUZHOU, "lianzhong": SCORING_LIANZHONG, "bianfeng": SCORING_BIANFENG,
                    "youjin": SCORING_YOUJIN, "sichuan": SCORING_SICHUAN, "xuezhan": SCORING_XUEZHAN,
                    "guobiao": SCORING_GUOBIAO, "beijing": SCORING_BEIJING, "shanghai": SCORING_SHANGHAI}
#: each pack's own rule options with their defaults, in the order of its options struct (the
#: rules' pack_options area; the plain pack has none)
PACK_OPTIONS = {PACK_FUZHOU: FUZHOU_OPTIONS, PACK_PLAIN: {}, PACK_SICHUAN: SICHUAN_OPTIONS, PACK_GUOBIAO: GUOBIAO_OPTIONS,
                PACK_BEIJING: BEIJING_OPTIONS, PACK_SHANGHAI: SHANGHAI_OPTIONS}


def pack_name(int pack):
    """The name of the pack with id `pack`; ValueError for an unknown id."""
    for name, p in PACKS.items():
        if p == pack:
            return name
    raise ValueError(f"unknown rule pack {pack}: allowed {PACKS}")


def option_defaults(int pack):
    """The pack's own rule options and their defaults (a fresh dict, in its struct's order)."""
    if pack not in PACK_OPTIONS:
        raise ValueError(f"unknown rule pack {pack}: allowed {PACKS}")
    return dict(PACK_OPTIONS[pack])


def option_owner(str key):
    """The name of the pack whose own option `key` is; None when no pack has it."""
    return next((name for name, pack in PACKS.items() if key in PACK_OPTIONS[pack]), None)


cdef enum:
    FIRST_PLUGGED = 16                # the id of the first pack registered from outside fzsim_core
    MAX_PLUGGED = 16
cdef PackPlug _plugged[MAX_PLUGGED]
cdef int n_plugged = 0            # how many are
PACK_FIRST_PLUGGED = FIRST_PLUGGED


cdef int bind_pack(Pack* p, TileSet* ts, int pack, const RuleSet* r=NULL) except -1:
    """Fill the pack's hooks and its tile set; ValueError for an unknown pack id. Hooks a pack
    does not set stay NULL (the flow's default behaviour for that hook). r: the rules the pack
    will play (a pack whose tiles or hooks depend on its options reads them; NULL: the defaults)."""
    memset(p, 0, sizeof(Pack))
    memset(ts, 0, sizeof(TileSet))   # a plug that fills only the kinds it has leaves the rest at 0 copies
    if pack == PACK_FUZHOU:
        fuzhou_pack(p, ts)
    elif pack == PACK_PLAIN:
        plain_pack(p, ts)
    elif pack == PACK_SICHUAN:
        sichuan_plug(p, ts, r)
    elif pack == PACK_GUOBIAO:
        guobiao_plug(p, ts, r)
    elif pack == PACK_BEIJING:
        beijing_plug(p, ts, r)
    elif pack == PACK_SHANGHAI:
        shanghai_plug(p, ts, r)
    elif FIRST_PLUGGED <= pack < FIRST_PLUGGED + n_plugged:
        _plugged[pack - FIRST_PLUGGED](p, ts, r)
        _check_plugged(p, ts, pack)
    else:
        raise ValueError(f"unknown rule pack {pack}: allowed {PACKS}")
    return 0


#: the name of the PyCapsule holding a plugged pack's PackPlug (the literal in register_pack)
PLUG_CAPSULE = b"fzsim_core.PackPlug"
#: the packs registered from outside fzsim_core: name -> the module that registers it (a worker
#: process imports it before it rebuilds rules of that pack: fzsim_core.rules.Rules.__reduce__)
PLUGGED = {}


def register_pack(str name, plug, dict options, str module):
    """Register a rule pack built outside fzsim_core and return its pack id (the rules' `pack`).

    plug: its binding function (registry.pxd PackPlug) as a PyCapsule named PLUG_CAPSULE; options:
    its own rule options with their defaults, in the order of its options struct (at most
    PACK_OPTIONS_MAX ints); module: the importable module that calls this (so that worker processes
    register the pack too). Registering the same name again from the same module returns its id."""
    if name in PLUGGED and PLUGGED[name] == module:
        return PACKS[name]
    if name in PACKS:
        raise ValueError(f"a rule pack named {name!r} is registered already (the packs: {', '.join(PACKS)})")
    if not PyCapsule_IsValid(plug, b"fzsim_core.PackPlug"):
        raise TypeError(f"plug of pack {name!r} must be a PyCapsule named {PLUG_CAPSULE.decode()} holding its"
                        f" binding function, got {plug!r}")
    if len(options) > PACK_OPTIONS_MAX or not all(type(v) is int and -2**31 <= v < 2**31 for v in options.values()):
        raise ValueError(f"options of pack {name!r} must be at most {PACK_OPTIONS_MAX} 32-bit ints, got {options!r}")
    global n_plugged
    if n_plugged == MAX_PLUGGED:
        raise ValueError(f"at most {MAX_PLUGGED} packs may be registered from outside fzsim_core")
    pack = FIRST_PLUGGED + n_plugged
    _plugged[n_plugged] = <PackPlug>PyCapsule_GetPointer(plug, b"fzsim_core.PackPlug")
    n_plugged += 1
    PLUGGED[name] = module
    PACKS[name] = pack
    PACK_OPTIONS[pack] = dict(options)
    return pack


def plugged_pack(int pack):
    """(name, module) of a pack registered from outside fzsim_core; None for fzsim's own."""
    return next(((name, PLUGGED[name]) for name, p in PACKS.items() if p == pack and name in PLUGGED), None)


cdef int _check_plugged(const Pack* p, const TileSet* ts, int pack) except -1:
    """A plugged pack's binding must set every hook the flow calls without a NULL test: a missing
    one is a clear error here, not a crash in the middle of a hand."""
    missing = [name for name, unset in (
        ("setup", p.setup == NULL), ("opening_offer", p.opening_offer == NULL),
        ("opening_resolve", p.opening_resolve == NULL), ("score_win", p.score_win == NULL),
        ("is_win", p.is_win == NULL), ("may_self_win", p.may_self_win == NULL), ("waits", p.waits == NULL),
        ("may_discard_win", p.may_discard_win == NULL), ("declined", p.declined == NULL),
        ("name", p.name == NULL)) if unset]
    if missing:
        raise ValueError(f"rule pack {pack} ({plugged_pack(pack)[0]}) leaves hook(s) {', '.join(missing)} unset")
    if not 0 < ts.n_tiles <= MAX_TILES or not 0 < ts.hand_size <= 16 or ts.hand_size % 3 != 1:
        raise ValueError(f"rule pack {pack} ({plugged_pack(pack)[0]}): a tile set of {ts.n_tiles} tiles and"
                         f" {ts.hand_size}-tile hands is not allowed (at most {MAX_TILES} tiles, hands of 3n+1"
                         f" tiles up to 16)")
    return 0


def tile_set(int pack=PACK_FUZHOU, Rules rules=None):
    """(n_tiles, hand_size, copies per kind) of a pack's tile set (under `rules` when given: the
    国标 Botzone walls have 136 tiles)."""
    cdef Pack p
    cdef TileSet ts
    bind_pack(&p, &ts, pack, NULL if rules is None else &rules.c)
    return ts.n_tiles, ts.hand_size, np.array([ts.copies[k] for k in range(N_KINDS)], dtype=np.uint8)
