"""Solvers and analysis: best lines, par, and the DEADRECKONING hunter (`cardgm.solve.hunt`).

Nothing heavy is imported here: `cardgm --help` stays quick, and numpy and matplotlib are loaded
only by the modules that need them.
"""
