"""The commands only Mǽrstánas has: `analyse`, `annotate` and `puzzles` (its analysis
engine); the game offers them to the command line (`commands.capabilities.EXTRA_COMMANDS`)."""
