"""Verification tools: replay a run log, check a RESULT line (audit of chat transcripts to come)."""
