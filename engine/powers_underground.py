"""The twenty-one special powers of Small World Underground [SWU pp.12-13], one small class each."""

from __future__ import annotations
