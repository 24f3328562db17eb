"""Game analysis for Mǽrstánas: an exact endgame solver with a heuristic search
beyond its reach, and what is built on it (analysis, annotation, puzzles).

`search.Searcher` is the entry point; `cores` picks the compiled (numba) or the
pure-Python core, which give identical answers.
"""
