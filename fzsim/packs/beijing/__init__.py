"""北京麻将 (preset ``beijing``): the scoring calculator (``calculator``), exact 天胡 (``prob``),
``fzsim score`` arguments (``command``) and its win records read back (``records``)."""
