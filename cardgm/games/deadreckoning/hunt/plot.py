"""Plots of the hunter's analysis: how many shots each strategy needs, over every berth.

matplotlib is imported here, late, and only here (with the Agg backend: no display needed), so
`cardgm --help` and the rest of cardgm never load it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardgm.games.deadreckoning.hunt.strategies import Evaluation, card_score


def shots_plot(evals: Sequence[Evaluation], out_dir: str | Path, card_shots: dict[str, int] | None = None,
               par: int = 10, stem: str = "deadreckoning-hunt") -> list[Path]:
    """Two panels: the share of berths each strategy clears in exactly n shots, and the share it
    clears within n shots (with the card's score on a second axis). Written as PNG and SVG into
    `out_dir`; returns the two paths."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(12, 4.8), constrained_layout=True)
    top = max((e.max() for e in evals), default=64)
    xs = np.arange(par, top + 1)
    for e in evals:
        counts = e.shot_counts()
        total = sum(counts.values())
        share = np.array([counts.get(int(x), 0) / total for x in xs])
        label = f"{e.strategy} (mean {e.mean():.2f}{', sample' if e.sampled else ''})"
        line = ax1.step(xs, share, where="mid", label=label)[0]
        ax2.plot(xs, np.cumsum(share), color=line.get_color(), label=e.strategy)
        if card_shots and e.strategy in card_shots:
            ax2.axvline(card_shots[e.strategy], color=line.get_color(), linestyle=":", linewidth=1)
    ax1.set_xlabel("shots to clear the sea")
    ax1.set_ylabel("share of berths")
    ax1.set_title("DEADRECKONING: shots to clear, over every legal berth")
    ax1.legend(fontsize=8)
    ax2.set_xlabel("shots to clear the sea (dotted: against the card's berth)")
    ax2.set_ylabel("share of berths cleared within")
    ax2.set_ylim(0, 1.01)
    ax2.set_title("cleared within n shots")
    score = ax2.secondary_xaxis("top", functions=(lambda s: card_score_float(s, par), lambda v: card_score_float(v, par)))
    score.set_xlabel("the card's score, 100 - (shots - 10)")
    paths = [out / f"{stem}.png", out / f"{stem}.svg"]
    for p in paths:
        fig.savefig(p, dpi=120)
    plt.close(fig)
    return paths


def card_score_float(shots: Any, par: int = 10) -> Any:
    """The score axis: 100 - (shots - par), an involution, so it serves both ways."""
    return 100 - (shots - par)


__all__ = ["shots_plot", "card_score"]
