"""四川麻将 / 血战到底 (presets ``sichuan``, ``xuezhan``): the scoring calculator (``calculator``),
exact 天胡 (``prob``), ``fzsim score`` arguments (``command``) and its win records read back
(``records``)."""
