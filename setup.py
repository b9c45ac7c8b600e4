"""Build the Cython core (fzsim_core/**/*.pyx: the core and its rule packs).

Kernels are compiled with bounds/wraparound checks off. Set FZSIM_DEBUG=1 when
installing (``FZSIM_DEBUG=1 pip install -e .``) to rebuild with every Cython
safety check on and C asserts enabled, for debugging a crash or a wrong index.
"""
import glob
import os

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

DEBUG = os.environ.get("FZSIM_DEBUG", "0") not in ("", "0")

directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "nonecheck": DEBUG,
    "cdivision": not DEBUG,
    "embedsignature": True,
}
# Python's own CFLAGS carry -fwrapv (its interpreter relies on signed overflow wrapping); the core
# has no signed overflow (a build with -fsanitize=signed-integer-overflow,shift plays every preset
# and policy and runs the engine, scoring, shape and rollout tests without a report: see the
# contributing page), so it is compiled with C's own rules, which lets the compiler keep loop
# counters and index sums simpler (about 1% fewer instructions a hand).
compile_args = ["-O0", "-g"] if DEBUG else ["-O3", "-fno-wrapv"]
macros = [("NPY_NO_DEPRECATED_API", "NPY_2_0_API_VERSION")]
if not DEBUG:
    macros.append(("NDEBUG", None))

extensions = [
    Extension(
        # fzsim_core/packs/guobiao/fans.pyx -> fzsim_core.packs.guobiao.fans
        os.path.splitext(path)[0].replace(os.sep, "."),
        [path],
        include_dirs=[numpy.get_include()],
        define_macros=macros,
        extra_compile_args=compile_args,
    )
    for path in sorted(glob.glob(os.path.join("fzsim_core", "**", "*.pyx"), recursive=True))
]

JOBS = os.cpu_count() or 1


class ParallelBuildExt(build_ext):
    """Compile the extensions one job per CPU (51 modules: the longest step of an install)
    unless `build_ext -j N` says otherwise."""

    def finalize_options(self):
        super().finalize_options()
        if not self.parallel:
            self.parallel = JOBS


setup(
    cmdclass={"build_ext": ParallelBuildExt},
    ext_modules=cythonize(
        extensions,
        compiler_directives=directives,
        include_path=["."],
        annotate=os.environ.get("FZSIM_ANNOTATE", "0") != "0",
        nthreads=JOBS,
    ),
)
