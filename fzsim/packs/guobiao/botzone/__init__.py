"""Botzone's 国标 games and bots, the guobiao pack's: reading game records (`read_games`, ``logs``),
replaying them through the pack on Botzone walls (`replay_game`, ``replay``), importing them into a
results folder (``importer``), writing simulated hands as Botzone records (``export``), seating
Botzone bots (``bot``) and the ``fzsim import botzone`` / ``fzsim export botzone`` subcommands
(``commands``). The pack's registry entry declares them (`fzsim.pack_registry.LogFormat`,
`fzsim.pack_registry.SeatKind`). See docs/guide/botzone.md."""
from fzsim.packs.guobiao.botzone.logs import LogError, LoggedGame, read_games
from fzsim.packs.guobiao.botzone.replay import Mismatch, import_rules, replay_game

__all__ = ["LogError", "LoggedGame", "Mismatch", "import_rules", "read_games", "replay_game"]
