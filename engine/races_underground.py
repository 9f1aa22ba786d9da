"""The fifteen races of Small World Underground [SWU pp.10-12], one small class each."""

from __future__ import annotations
