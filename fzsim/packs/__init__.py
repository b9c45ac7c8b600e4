"""The rule packs' Python side, one package per system: everything that is one system's — its
scoring calculator, probability tables, ``fzsim score`` arguments and the reading of its win
records (names, scoring elements, replay terms, re-score). `fzsim.pack_registry` names each
pack's pieces; shared code reaches a pack only through it. ``kit`` holds what the packs share,
so that no pack imports another."""
