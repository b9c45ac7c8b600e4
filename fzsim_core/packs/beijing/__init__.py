"""Beijing pack of the core (docs/spec/RULES-PACKS.md §4 北京麻将, 惠牌): the indicator -> wildcard
mapping (wild), the wild-aware win search with seven pairs, waits, shanten and wait analysis
(shapes), the additive fans, 烧庄 and 互包 payments (score), the flow's hooks (pack), its greedy
and guard, and the plug that fills its descriptor (plug). Its hands are the kit's hand34."""
