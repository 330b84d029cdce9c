"""Each game the bot hosts, registered: one module per game ties its rules, its pictures and
its computer players (`GameEntry`, typed by the game's view); `bot.table.registry` lists them and
builds the one registry."""
