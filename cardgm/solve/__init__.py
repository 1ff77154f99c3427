"""Solvers and analysis: best lines and par (a game's own analysis lives in its game package).

Nothing heavy is imported here: `cardgm --help` stays quick, and numpy and matplotlib are loaded
only by the modules that need them.
"""
