"""Races and special powers: numbers as class data plus a short catalogue of hooks.

See :mod:`swlab.rules.abilities.base` for the hooks and
:mod:`swlab.rules.abilities.catalogue` for the explicit lists of the 14 races and 20 powers,
which fill :mod:`swlab.rules.abilities.registry` (lookups by name).
"""
