"""The suite's own promises, checked by running small test files through pytest:
a failure prints a few lines however big its data, and a test that reaches
Chromium or the approved images without its marker fails loudly."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

CONFTEST = (Path(__file__).parent / "conftest.py").read_text(encoding="utf-8")


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest(CONFTEST)
    pytester.makeini(
        "[pytest]\naddopts = -ra --tb=short\nmarkers =\n    browser: b\n    golden: g\n"
    )
    return pytester


def test_a_failure_with_megabytes_of_data_prints_a_few_lines(
    suite: pytest.Pytester, monkeypatch
) -> None:
    monkeypatch.delenv("MAERSTANAS_FULL_FAILURES", raising=False)
    suite.makepyfile(
        test_big="""
        def test_big():
            record = "E4 " * 300_000
            print(record)
            print("\\n".join(["line"] * 50_000))
            assert record.upper() == record + "x", record
    """
    )
    result = suite.runpytest_inprocess()
    result.assert_outcomes(failed=1)
    output = "\n".join(result.outlines)
    assert len(output) < 10_000 and len(result.outlines) < 80, len(output)
    assert "lines cut" in output and "characters)" in output


def test_starting_chromium_unmarked_fails_before_it_starts(suite: pytest.Pytester) -> None:
    suite.makepyfile(
        test_sneaky="""
        from tests.browser_support import launch_chromium

        def test_sneaky():
            launch_chromium(playwright=None)  # refused before Playwright is touched
    """
    )
    result = suite.runpytest_inprocess()
    result.assert_outcomes(failed=1)
    assert "starts Chromium" in "\n".join(result.outlines)
    assert "not marked @pytest.mark.browser" in "\n".join(result.outlines)


def test_the_browser_fixture_marks_its_users(suite: pytest.Pytester) -> None:
    suite.makepyfile(
        test_users="""
        import pytest

        @pytest.fixture
        def page(browser):
            return browser

        def test_direct(browser):
            pass

        def test_through_another_fixture(page):
            pass

        def test_without():
            pass
    """
    )
    result = suite.runpytest_inprocess("--collect-only", "-q", "-m", "browser")
    assert [line for line in result.outlines if "::" in line] == [
        "test_users.py::test_direct",
        "test_users.py::test_through_another_fixture",
    ]


def test_comparing_images_unmarked_fails(suite: pytest.Pytester) -> None:
    suite.makepyfile(
        test_look="""
        from PIL import Image
        from tests.golden_images import assert_looks_approved

        def test_look():
            assert_looks_approved(Image.new("L", (4, 4), 255), "board-a4-1up")
    """
    )
    result = suite.runpytest_inprocess()
    result.assert_outcomes(failed=1)
    assert "not marked @pytest.mark.golden" in "\n".join(result.outlines)
