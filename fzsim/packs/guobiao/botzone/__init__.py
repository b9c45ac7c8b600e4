"""Botzone's 国标 games and bots: reading game records (`read_games`, `fzsim.packs.guobiao.botzone.logs`),
replaying them through the guobiao pack on Botzone walls (`replay_game`, `fzsim.packs.guobiao.botzone.replay`),
importing them into a results folder (`fzsim.packs.guobiao.botzone.importer`), writing simulated hands as
Botzone records (`fzsim.packs.guobiao.botzone.export`) and seating Botzone bots (`fzsim.packs.guobiao.botzone.bot`). See
docs/guide/botzone.md."""
from fzsim.packs.guobiao.botzone.logs import LogError, LoggedGame, read_games
from fzsim.packs.guobiao.botzone.replay import Mismatch, import_rules, replay_game

__all__ = ["LogError", "LoggedGame", "Mismatch", "import_rules", "read_games", "replay_game"]
