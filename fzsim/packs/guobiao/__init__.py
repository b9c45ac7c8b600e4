"""国标 / MCR (preset ``guobiao``): the fan evaluator behind ``fzsim.fans`` (``calculator``), shanten,
useful tiles and fan reachability (``hand_analysis``), ``fzsim score`` arguments (``command``) and
its win records read back (``records``)."""
