# cython: language_level=3
"""Compile a flat mapping of rule fields into the C `RuleSet` the core reads: the header's fields
and the playing pack's own options (packs/<name>/options.pyx), stored in its pack_options area.

Validation, presets and the canonical configuration live in `fzsim.rules`;
this module only checks that every field is the pack's and an integer.
"""

#: The rules header's fields at the default preset's values (docs/spec/RULES.md §13), declared once
#: here (fzsim.rules takes the general keys' defaults from it and builds the presets on it).
HEADER_FIELDS = dict(
    pack=0,    # DEFAULT_PACK of packs/registry.pxd, which cimports this module (fzsim.rules checks it)
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
    guoshui=0,
    no_discard_claimed_tile=1,
    reserve_base=17,
    reserve_per_exposed_kong=1,
    reserve_per_concealed_kong=2,
    reserve_per_flower_set=2,
    last_group_size=4,
    youjin=0,
    must_youjin_with_two_golds=1,
    scoring=0,   # the default pack's first scoring family (packs/registry.pxd; fzsim.rules checks it)
    base=5,
    flower_point=1,
    zhuazhuang=1,
    youjin_mult_selfdraw=2,
    youjin_mult_single=4,
    youjin_mult_double=8,
    youjin_mult_triple=16,
)


cdef class Rules:
    """Rules(**fields): the rules header's fields (HEADER_FIELDS) and the playing pack's own options (their
    defaults: packs/<name>/options.pyx) with the given ones replaced.

    Prefer ``fzsim.rules.load(...)``, which validates names and ranges and gives clear errors;
    this constructor only rejects unknown fields (naming the pack a foreign option belongs to)
    and non-integers. `fields` holds the header and the pack's options, nothing of other packs.
    """

    def __init__(self, **overrides):
        # function-local: the pack registry cimports this module, so it is loaded after it
        from fzsim_core.packs.registry import option_defaults, option_owner
        pack = _checked("pack", overrides.get("pack", HEADER_FIELDS["pack"]))
        own = option_defaults(pack)          # ValueError naming the packs for an unknown id
        fields = {**HEADER_FIELDS, **own}
        foreign = sorted(set(overrides) - set(fields))
        if foreign:
            raise ValueError(f"rule field(s) {', '.join(_owned(k, option_owner(k)) for k in foreign)} "
                             f"not of pack {pack}: its fields are {sorted(fields)}")
        for key, value in overrides.items():
            fields[key] = _checked(key, value)
        header = {k: fields[k] for k in HEADER_FIELDS}
        header["pack_options"] = [fields[k] for k in own] + [0] * (PACK_OPTIONS_MAX - len(own))
        self.c = header
        self.fields = fields

    def __reduce__(self):
        from fzsim_core.packs.registry import plugged_pack
        plugged = plugged_pack(self.c.pack)   # (name, module) of a pack registered at run time
        return (_rebuild, (self.fields,) if plugged is None else (self.fields, *plugged))

    def __repr__(self):
        from fzsim_core.packs.registry import option_defaults
        defaults = {**HEADER_FIELDS, **option_defaults(self.c.pack)}
        return f"Rules({', '.join(f'{k}={v}' for k, v in self.fields.items() if defaults[k] != v)})"


def _checked(key, value):
    if isinstance(value, bool):
        value = int(value)
    if not isinstance(value, int):
        raise TypeError(f"rule field {key} must be an int or bool, got {value!r}")
    if not -2**31 <= value < 2**31:
        raise ValueError(f"rule field {key} = {value} is out of range: the core stores a 32-bit int")
    return value


def _owned(key, owner):
    return f"{key} (an option of the {owner} pack)" if owner else f"{key} (unknown)"


def _rebuild(fields, pack_name=None, module=None):
    """Rules from their fields (unpickling); a pack registered at run time is registered here too
    by importing its module, and its id is looked up by name (ids follow the registration order)."""
    if module is not None:
        import importlib
        from fzsim_core.packs.registry import PACKS
        importlib.import_module(module)
        fields = {**fields, "pack": PACKS[pack_name]}
    return Rules(**fields)
