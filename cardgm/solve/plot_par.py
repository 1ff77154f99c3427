"""Par histograms: one PNG and one SVG per card. matplotlib is imported here, lazily, and only
when a plot is asked for (`cardgm --help` never loads it)."""

from __future__ import annotations

from pathlib import Path

from cardgm.card import Card
from cardgm.solve.par import Row


def plot(card: Card, rows: list[Row], n: int, out_dir: str | Path, best: int | None = None) -> list[Path]:
    """Write `{game-id}-par.png` and `.svg` into `out_dir`: each policy's scores over the derived
    tapes as a histogram, its printed-tape score marked, and the printed tape's best if given."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    fig, axes = plt.subplots(len(rows), 1, figsize=(8, 2.2 * len(rows)), sharex=True)
    bins = list(range(0, 105, 5))
    for ax, row in zip(axes, rows):
        ax.hist(row.scores, bins=bins, color="#4a6fa5", edgecolor="white")
        printed = sum(row.printed) / len(row.printed)
        ax.axvline(printed, color="#c0392b", linestyle="--", label=f"printed tape {printed:.0f}")
        if best is not None:
            ax.axvline(best, color="#27ae60", linestyle=":", label=f"best line {best}")
        ax.set_ylabel(row.policy)
        ax.legend(loc="upper left", fontsize=8, frameon=False)
    axes[-1].set_xlabel(f"score over {n} tapes derived from {card.game_id}:{card.version}:i")
    fig.suptitle(f"{card.title} v{card.version}: par by policy")
    fig.tight_layout()
    paths = [out / f"{card.game_id}-par.png", out / f"{card.game_id}-par.svg"]
    for p in paths:
        fig.savefig(p)
    plt.close(fig)
    return paths
