"""Balance studies: from a rule question to answers with intervals, in the fewest hands.

``fzsim.study(spec, out)`` (``fzsim study SPEC.toml``) plays every variant x line-up of the spec on
the same walls in rounds until each question reaches its precision (`fzsim.study.runner`), with
intervals that keep their coverage under that stopping rule (`fzsim.study.sequential`) and
control variates of exactly known means (`fzsim.study.covariates`).
"""
from fzsim.study.spec import StudyError, StudySpec, load_spec, pack_policies

__all__ = ["study", "load_spec", "StudySpec", "StudyError", "pack_policies"]


def study(spec, out="fzsim-study", **options):
    """Run the study ``spec`` (a TOML path, a dict or a StudySpec) into the folder ``out``; returns
    a `fzsim.study.runner.StudyResult`. Options (jobs, backend, scheduler, resume, progress,
    control_variates): see `fzsim.study.runner.run_study`. (The runner loads on first use, so that
    ``import fzsim`` stays light.)"""
    from fzsim.study.runner import run_study

    return run_study(spec, out, **options)
