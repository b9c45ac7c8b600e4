"""Beijing pack of the core (docs/spec/RULES-PACKS.md §4 北京麻将, 惠牌): the indicator -> wildcard mapping (wild),
the 34-kind hand with chows shared with the Shanghai pack (hand), the wild-aware win search with
seven pairs, waits, shanten and wait analysis (shapes), and the additive fans, 烧庄 and 互包
payments (score). The engine flow for this preset is not here yet."""
