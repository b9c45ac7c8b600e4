"""国标 / MCR (Chinese Official) pack of the core: shapes and the 81-fan evaluator (RULES-PACKS.md §5)."""
