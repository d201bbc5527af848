"""Benchmarks and fault drills against real servers (see docs/benchmarks.md)."""
