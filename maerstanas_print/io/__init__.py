"""The edges of the program: reading inputs, writing outputs, limits, errors and exit codes."""
