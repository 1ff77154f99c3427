"""The DEADRECKONING hunter: every legal berth, hunting strategies evaluated exactly over all of
them, the coach's odds, and the analysis `cardgm analyze deadreckoning` prints.

One idea a module, each importing only those above it (no cycle):

- `space`: every legal berth of a sea as bitmask arrays.
- `tree`: the density, entropy, lookahead and rollout hunters, evaluated as a decision tree.
- `book`: the tree strategies' opening books for the card's sea, shipped in `books/` (what
  makes `--sample N` cost in proportion to N).
- `batch`: the random, hunt-target and parity hunters, played in batches on bitmasks.
- `strategies`: the strategies by name, their evaluation, and one game shot by shot.
- `odds`: the coach's heat map and the rollout hunter's shot (`odds.coach`, the hint of
  `cardgm play deadreckoning --coach`).
- `analysis`: the report (`analysis.run_analysis`, what `cardgm analyze deadreckoning` runs).
- `plot`: the plots; the only module that imports matplotlib, and only when it plots.

Nothing is imported here, so naming one module loads only what it needs.
"""
