"""Test-wide settings.

Hypothesis: no per-example deadline (the machine is shared and timing is for benchmarks,
never tests); ``HYPOTHESIS_PROFILE=thorough`` runs ten times the examples of the
``default`` profile for tests that do not set their own count.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("default", deadline=None, print_blob=True)
settings.register_profile("thorough", deadline=None, print_blob=True, max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
