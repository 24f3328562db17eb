"""The two sides of every game here: Dark moves first unless a record says otherwise."""

from __future__ import annotations

DARK, LIGHT = 0, 1
SIDE_NAMES = ("Dark", "Light")
