"""Reading records: text → tokens → a `GameRecord` with source positions, and writing them back."""
