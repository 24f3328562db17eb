"""A small drawing model (shapes in mm) with PDF and SVG backends, boards and runes."""
