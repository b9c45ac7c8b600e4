"""Policies (docs/spec/RULES.md §8): one module each behind the seam of fzsim_core/policy.pxd."""
