# The Sichuan pack's evaluation hooks for the value policy (kit/evaluate.pxd): see evaluate.pyx.
from fzsim_core.kit.evaluate cimport PackEval
from fzsim_core.rules cimport RuleSet

cdef const PackEval* sc_eval(const RuleSet* r) noexcept nogil
