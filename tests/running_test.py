"""Which test is running, so that a helper can insist on the test's markers.

conftest.py sets `current` around every test. A helper that needs its callers
marked (Chromium needs `browser`, a golden-image comparison needs `golden`)
calls `require_marker`, so a test that reaches it unmarked fails loudly instead
of being left out of `-m browser` or `-m golden`.
"""

from __future__ import annotations

import pytest

# The test being set up or run; None outside pytest (e.g. in tests/approve_images.py).
current: list[pytest.Item | None] = [None]


def require_marker(marker: str, why: str) -> None:
    """Fail the running test if it lacks `marker`; `why` says what needs it."""
    item = current[0]
    if item is not None and item.get_closest_marker(marker) is None:
        pytest.fail(f"{item.nodeid} {why} but is not marked @pytest.mark.{marker}", pytrace=False)
