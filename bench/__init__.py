"""Benchmarks: speed is measured here and written to bench/results.json, never asserted in tests."""
