"""The tafl family beyond its core: documents, sheets, books and fix search.

Each module here serves one layer; `maerstanas_print.plugins` registers them in
that layer's capabilities (for every `TaflGame`), to be imported on first use.
"""
