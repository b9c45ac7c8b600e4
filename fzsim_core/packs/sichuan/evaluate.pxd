# The Sichuan pack's evaluation hooks for the value policy (kit/evaluate.pxd): see evaluate.pyx.
from fzsim_core.kit.evaluate cimport PackEval

cdef const PackEval* sc_eval() noexcept nogil
