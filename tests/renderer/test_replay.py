"""The replay animation: one frame per view, timings, the byte limit and determinism."""

from __future__ import annotations

import io
import itertools
import random
from typing import Any

import pytest
from PIL import Image

from engine import apply, legal_actions, new_game, to_act, view
from engine.simulate import choose
from renderer import render_replay
from renderer import replay as replay_mod
from renderer.replay import FRAME_MS, LAST_MS, MIN_WIDTH, START_WIDTH, caption


def turn_views(players: int, seed: int, turns: int) -> list[dict[str, Any]]:
    """Views of a seeded random game: the start, then each time the turn passes."""
    s = new_game([f"Player {i + 1}" for i in range(players)], seed)
    rng = random.Random(seed)
    views = [view(s)]
    last = (views[0]["round"], views[0]["turn_seat"])
    while len(views) < turns and (seat := to_act(s)) is not None:
        apply(s, seat, choose(rng, s, legal_actions(s, seat)), validate=False)
        v = view(s)
        if (v["round"], v["turn_seat"]) != last or v["phase"] == "over":
            views.append(v)
            last = (v["round"], v["turn_seat"])
    return views


@pytest.fixture(scope="module")
def views() -> list[dict[str, Any]]:
    return turn_views(3, 5, 6)


def frames(data: bytes) -> tuple[Image.Image, list[int]]:
    """The animation opened, and each frame's duration."""
    img = Image.open(io.BytesIO(data))
    durations = []
    for i in range(img.n_frames):
        img.seek(i)
        img.load()
        durations.append(img.info["duration"])
    img.seek(0)
    return img, durations


def test_one_frame_per_view_with_a_long_last_frame(views: list[dict[str, Any]]) -> None:
    data, kind = render_replay(views)
    assert kind == "webp"
    img, durations = frames(data)
    assert img.format == "WEBP"
    assert img.n_frames == len(views)
    assert durations == [FRAME_MS] * (len(views) - 1) + [LAST_MS]
    assert img.width == START_WIDTH
    assert img.info.get("loop") == 0
    assert len(data) <= 8 * 1024 * 1024


def test_frames_follow_the_game(views: list[dict[str, Any]]) -> None:
    data, _ = render_replay(views)
    img, _ = frames(data)
    pictures = []
    for i in range(img.n_frames):
        img.seek(i)
        pictures.append(img.convert("RGB").tobytes())
    # Every turn changes the board or its legend: no two neighbouring frames are equal.
    assert all(a != b for a, b in itertools.pairwise(pictures))


def test_a_tight_limit_makes_it_smaller(views: list[dict[str, Any]]) -> None:
    full, _ = render_replay(views)
    limit = len(full) * 2 // 3
    data, _ = render_replay(views, max_bytes=limit)
    assert len(data) <= limit < len(full)
    img, _ = frames(data)
    assert img.n_frames == len(views)
    assert MIN_WIDTH <= img.width <= START_WIDTH
    much_tighter = len(full) // 2
    small, _ = render_replay(views, max_bytes=much_tighter)
    assert len(small) <= much_tighter
    assert frames(small)[0].width < START_WIDTH


def test_an_impossible_limit_raises(views: list[dict[str, Any]]) -> None:
    with pytest.raises(ValueError, match="does not fit"):
        render_replay(views, max_bytes=2000)
    with pytest.raises(ValueError):
        render_replay([])


def test_same_views_same_bytes(views: list[dict[str, Any]]) -> None:
    assert render_replay(views) == render_replay(views)
    assert render_replay(views, max_bytes=60_000) == render_replay(views, max_bytes=60_000)


def test_a_single_view_and_the_final_board() -> None:
    done = turn_views(2, 3, 10_000)
    assert done[-1]["phase"] == "over"
    data, _ = render_replay(done[-1:])
    img = Image.open(io.BytesIO(data))
    assert img.format == "WEBP" and img.n_frames == 1
    assert caption(done[-1], 0, 1) == "1/1 · final board"
    assert caption(done[0], 0, 5) == "1/5 · turn 1/10 · Player 1 to play"


def test_gif_when_webp_cannot_be_written(
    views: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(replay_mod, "webp_available", lambda: False)
    data, kind = render_replay(views[:3])
    assert kind == "gif"
    img, durations = frames(data)
    assert img.format == "GIF"
    assert img.n_frames == 3
    assert durations == [FRAME_MS, FRAME_MS, LAST_MS]
