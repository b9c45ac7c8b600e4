"""福州麻将 (Fuzhou): the reference calculator behind ``fzsim.score`` (``calculator``), its
``fzsim score`` run path (``command``) and its win records read back (``records``). Its
probability tables are `fzsim.prob`."""
