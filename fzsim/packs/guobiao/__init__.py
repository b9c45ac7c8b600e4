"""国标 / MCR (preset ``guobiao``): the fan evaluator behind ``fzsim.fans`` (``calculator``), shanten,
useful tiles and fan reachability (``hand_analysis``), ``fzsim score`` arguments (``command``), its
win records read back (``records``), its presets (``presets/``) and Botzone, the 国标 bot platform:
its game records imported and exported and its bots seated (``botzone``)."""
