"""Verification tools: replay a run log and check a RESULT line; audit a chat transcript in which an AI ran a card."""
