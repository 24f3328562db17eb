"""The commands only Mǽrstánas has: `analyse`, `annotate` and `puzzles` (its analysis
engine); the game offers them to the command line (`Game.command_modules`)."""
