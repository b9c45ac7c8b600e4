"""benchmarks/bench_functions.py: Cython's C function names read back as module paths (the
callgrind runs themselves need valgrind and are the benchmark's, not the suite's)."""
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "benchmarks"))
from bench_functions import demangle, main  # noqa: E402


@pytest.mark.parametrize("c_name, path", [
    ("__pyx_f_10fzsim_core_4flow_turn_offer", "flow.turn_offer"),
    ("__pyx_f_10fzsim_core_5packs_7guobiao_6shapes_gb_shape_waits", "packs.guobiao.shapes.gb_shape_waits"),
    ("__pyx_f_10fzsim_core_8policies_6random_random_choose.constprop.0", "policies.random.random_choose"),
    ("__pyx_f_10fzsim_core_9wintables__ready_wait_mask", "wintables._ready_wait_mask"),
    ("__memset_avx2_unaligned_erms", "__memset_avx2_unaligned_erms"),
    ("_aligned_strided_to_contig_size1.part.0", "_aligned_strided_to_contig_size1"),
])
def test_demangle(c_name, path):
    assert demangle(c_name) == path


def test_bad_counts_are_refused(capsys):
    with pytest.raises(SystemExit):
        main(["--hands", "0"])
    assert "--hands and --top must be at least 1 (got 0, 25)" in capsys.readouterr().err
