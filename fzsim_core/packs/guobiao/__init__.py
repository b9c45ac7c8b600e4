"""国标 / MCR (Chinese Official) pack of the core: shapes and the 81-fan evaluator (docs/spec/RULES-PACKS.md §5)."""
