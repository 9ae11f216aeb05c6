"""Progression around the games (PL-11..PL-14): rating, levels, leagues, daily reward.

Pure functions and frozen values only; the store applies them inside its transactions and
``docs/progression.md`` explains the numbers.
"""
