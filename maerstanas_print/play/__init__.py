"""Playing records: replay under a game's rules, verification, verified fixes,
loading for the products."""
