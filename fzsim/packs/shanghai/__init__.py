"""上海麻将 (preset ``shanghai``): the scoring calculator (``calculator``), exact 天胡 and 八花齐
(``prob``), ``fzsim score`` arguments (``command``) and its win records read back (``records``)."""
