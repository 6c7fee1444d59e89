"""Speed benchmarks comparing the Nos engine with a reference implementation."""
