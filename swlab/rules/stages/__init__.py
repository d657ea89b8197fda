"""The stages of a turn, one module each (:mod:`swlab.rules.stages.base` is their
protocol); :mod:`swlab.rules.stages.table` holds them by :class:`~swlab.rules.state.Stage`
(``STAGES``), and the engine asks the stage the state is in. The automatic transitions
between stages are in :mod:`swlab.rules.flow`.
"""
