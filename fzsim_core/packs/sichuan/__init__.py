"""Sichuan pack of the core (docs/spec/RULES-PACKS.md §2 四川麻将 and §3 血战到底): the ≤ 2-suit win search with
seven pairs, waits, shanten, pattern facts (shapes), and the scoring and end-of-hand settlements
of both presets (score). The engine flow for these presets is not here yet."""
