"""Helpers shared by the test suites (starting real servers, finding services)."""
