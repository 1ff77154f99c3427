"""cardgm — the exact game master for AI game cards."""

__version__ = "0.1.0"
