"""Rule packs of the compiled core: what only one rule system has (RULES-PACKS.md)."""
