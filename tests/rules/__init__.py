"""Tests of the rules engine (swlab.rules)."""
