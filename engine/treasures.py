"""The six Righteous Relics and nine Popular Places of Small World Underground [SWU pp.13-15]."""

from __future__ import annotations
