# The Python policy hook: a seat driven by a Python callable (the slow path). See python_bridge.pyx.
from fzsim_core.policy cimport Policy

cdef void python_policy(Policy* p, object fn, list errors)
