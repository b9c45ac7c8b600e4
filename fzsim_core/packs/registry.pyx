# cython: language_level=3
"""Rule packs by id (the rules' `pack` field): adding a pack is a folder under fzsim_core/packs/
with a binding function, and a line here."""
import numpy as np
from libc.string cimport memset

from fzsim_core.rules cimport PACK_FUZHOU, PACK_PLAIN, PACK_SICHUAN, PACK_GUOBIAO, PACK_BEIJING, PACK_SHANGHAI
from fzsim_core.rules cimport RuleSet, Rules
from fzsim_core.state cimport Pack
from fzsim_core.tileset cimport TileSet
from fzsim_core.tiles cimport N_KINDS
from fzsim_core.packs.fuzhou.pack cimport fuzhou_pack
from fzsim_core.packs.plain.pack cimport plain_pack
from fzsim_core.packs.sichuan.plug cimport sichuan_plug
from fzsim_core.packs.guobiao.plug cimport guobiao_plug
from fzsim_core.packs.beijing.plug cimport beijing_plug
from fzsim_core.packs.shanghai.plug cimport shanghai_plug

#: the rule packs, by name (values: the rules' `pack` field)
PACKS = {"fuzhou": PACK_FUZHOU, "plain": PACK_PLAIN, "sichuan": PACK_SICHUAN, "guobiao": PACK_GUOBIAO,
         "beijing": PACK_BEIJING,
         "shanghai": PACK_SHANGHAI}


cdef int bind_pack(Pack* p, TileSet* ts, int pack, const RuleSet* r=NULL) except -1:
    """Fill the pack's hooks and its tile set; ValueError for an unknown pack id. Hooks a pack
    does not set stay NULL (the flow's default behaviour for that hook). r: the rules the pack
    will play (a pack whose tiles or hooks depend on its options reads them; NULL: the defaults)."""
    memset(p, 0, sizeof(Pack))
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
    else:
        raise ValueError(f"unknown rule pack {pack}: allowed {PACKS}")
    return 0


def tile_set(int pack=PACK_FUZHOU, Rules rules=None):
    """(n_tiles, hand_size, copies per kind) of a pack's tile set (under `rules` when given: the
    国标 Botzone walls have 136 tiles)."""
    cdef Pack p
    cdef TileSet ts
    bind_pack(&p, &ts, pack, NULL if rules is None else &rules.c)
    return ts.n_tiles, ts.hand_size, np.array([ts.copies[k] for k in range(N_KINDS)], dtype=np.uint8)
