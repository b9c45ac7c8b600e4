"""A pack's options struct against the defaults it declares (packs/<name>/options.pyx): the same
names in the same order, int32 slots that fit the rules' pack_options area."""


def check_options(struct: str, fields: dict, size: int, defaults: dict, slots: int) -> None:
    """fields: the struct as Cython converts it to a dict (its field names in order); size: its
    sizeof; slots: the rules' PACK_OPTIONS_MAX. AssertionError naming the struct when they differ."""
    if tuple(fields) != tuple(defaults):
        raise AssertionError(f"{struct} and DEFAULTS name the options differently: {tuple(fields)} against"
                             f" {tuple(defaults)}")
    if size != 4 * len(defaults) or len(defaults) > slots:
        raise AssertionError(f"{struct} must be at most {slots} int32 slots ({size} bytes for {len(defaults)} options)")
