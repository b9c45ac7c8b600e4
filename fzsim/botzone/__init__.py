"""Botzone's 国标 games and bots: reading game records (`read_games`, `fzsim.botzone.logs`),
replaying them through the guobiao pack on Botzone walls (`replay_game`, `fzsim.botzone.replay`),
importing them into a results folder (`fzsim.botzone.importer`), writing simulated hands as
Botzone records (`fzsim.botzone.export`) and seating Botzone bots (`fzsim.botzone.bot`). See
docs/guide/botzone.md."""
from fzsim.botzone.logs import LogError, LoggedGame, read_games
from fzsim.botzone.replay import Mismatch, import_rules, replay_game

__all__ = ["LogError", "LoggedGame", "Mismatch", "import_rules", "read_games", "replay_game"]
