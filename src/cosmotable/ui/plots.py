"""Plots people would rather look at than read. Matplotlib with the file-only Agg backend."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from cosmotable.ui.numbers import percent


def crash_heatmap(table: list[list[Fraction]], path: str | Path, title: str = "MLEM: crash odds") -> Path:
    """Heat map of crash probability: spaces down, dice held across, each cell labelled in %."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    values = [[float(p) for p in row] for row in table]
    spaces, dice = len(values), len(values[0])
    fig, ax = plt.subplots(figsize=(1.1 * dice + 2.2, 0.32 * spaces + 1.6))
    image = ax.imshow(values, cmap="RdYlGn_r", vmin=0, vmax=1, aspect="auto")
    ax.set_xticks(range(dice), [str(d + 1) for d in range(dice)])
    ax.set_yticks(range(spaces), [str(s) for s in range(spaces)])
    ax.set_xlabel("dice held by the commander")
    ax.set_ylabel("rocket's space")
    ax.set_title(title)
    for s in range(spaces):
        for d in range(dice):
            v = values[s][d]
            ax.text(
                d,
                s,
                percent(v),
                ha="center",
                va="center",
                fontsize=7,
                color="white" if v > 0.6 or v < 0.08 else "black",
            )
    fig.colorbar(image, ax=ax, label="P(crash)", fraction=0.05)
    fig.tight_layout()
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
