"""Rule packs: what only one rule system has (RULES-PACKS.md), one folder per system."""
