"""The table: games, seats, moves, the club and the records, with neither Discord nor a terminal."""
