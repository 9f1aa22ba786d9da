"""The terminal front end: hot-seat play through injected streams, and the simulate line."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from engine import Game, GameConfig, label, legal_actions
from engine.console.cli import DRAWING_NOTE, main, run_play
from engine.core.actions import Conquer, PickCombo
from engine.core.board import mapdef
from engine.core.content import builtin_maps, load_map
from engine.simulate import random_game

from .helpers import run_python

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("P1", "P2", "P3")
SEED = 7


def drive(game: Game, *lines: str) -> str:
    """Feed ``lines`` to the hot-seat loop and return everything it printed."""
    out = io.StringIO()
    assert run_play(game, io.StringIO("".join(f"{x}\n" for x in lines)), out) == 0
    return out.getvalue()


#: Public mentions of coins: those lying on a combo, those a pick takes from it, and prices.
PUBLIC_COINS = re.compile(
    r"\d+ coins? on it|takes \d+ coins?( from it)?|(costs|pays|price) \d+ coins?"
)


def game_over_in(output: str) -> bool:
    """Whether the game printed in ``output`` reached its end."""
    return "Final ranking:" in output and "· Game over" in output


def coin_lines_belong_to_actor(output: str) -> None:
    """Before the game ends, the only coin total shown is the acting player's own."""
    lines = output.split("Final ranking:")[0].splitlines()
    # What the last action prints (its score event) comes once the game is over, when every
    # coin total may be shown: stop at its prompt.
    prompts = [i for i, line in enumerate(lines) if re.match(r"P\d> ", line)]
    if game_over_in(output) and prompts:
        lines = lines[: prompts[-1]]
    actor = None
    for line in lines:
        if line.startswith("To act: "):
            actor = line.removeprefix("To act: ").split()[0]
        elif "coins" in PUBLIC_COINS.sub("", line):
            assert line.startswith(f"Your coins ({actor}): "), line


def test_pick_conquer_bad_input_and_undo() -> None:
    game = Game(GameConfig(players=NAMES, seed=SEED))
    # Sentinel totals for the seats that do not act: they must never be printed. (Undo
    # replays the log, which resets them, so the sentinels cover everything before it.)
    game.state.players[1].coins = 4242
    game.state.players[2].coins = 3131
    assert legal_actions(game.state)[1] == PickCombo(2)

    shadow = Game(GameConfig(players=NAMES, seed=SEED))
    shadow.play(0, "pick 2")
    conquer = next(a for a in legal_actions(shadow.state) if isinstance(a, Conquer))
    conquer_label = label(shadow.state, conquer)

    output = drive(
        game,
        "2",  # by number: the second action listed is "pick 2"
        conquer_label,  # by label, e.g. "Conquer 1 · Forest · 2 tokens"
        "conquer 999",  # no such region
        "banana",  # not an action
        "99",  # no such number
        "undo",  # takes back the conquest
        "quit",
    )
    assert game.log == [(0, "pick 2")]
    assert f"P1: {conquer_label}" in output
    assert "P1 takes back the last action." in output
    errors = [line for line in output.splitlines() if "error: " in line]
    assert len(errors) == 3, errors
    assert "There is no action 99" in errors[2]
    assert "4242" not in output and "3131" not in output
    assert "Your coins (P1): 4" in output  # paid 1 for slot 2
    coin_lines_belong_to_actor(output)


def test_bad_input_changes_nothing() -> None:
    game = Game(GameConfig(players=NAMES, seed=SEED))
    before = game.snapshot()
    output = drive(game, "deploy 1 1", "pick 9", "conquer", "0", "")
    assert game.log == []
    assert game.snapshot() == before
    assert output.count("error: ") == 4
    assert output.rstrip().endswith(
        "End of input: leaving the game.\n"
        "To play this game again: python -m engine play --players 3 --seed 7"
    )


def test_label_matching_ignores_case_and_separators() -> None:
    game = Game(GameConfig(players=NAMES, seed=SEED))
    pick = label(game.state, PickCombo(1))
    drive(game, pick.replace("·", " ").upper(), "quit")
    assert game.log == [(0, "pick 1")]


def test_help_lists_commands() -> None:
    output = drive(Game(GameConfig(players=NAMES, seed=SEED)), "help", "quit")
    for command in (
        "undo",
        "help",
        "quit",
        "<number>",
        "<label>",
        "<text form>",
        "default",
        "region N",
        "adj N",
        "rules [NAME]",
    ):
        assert command in output


def test_whole_game_by_text_forms_reveals_coins_only_at_the_end() -> None:
    log = random_game(3, SEED, record=True).log
    game = Game(GameConfig(players=NAMES, seed=SEED))
    # Sentinel totals: five digits, P2's near 40000 and P3's near 70000 all game long.
    game.state.players[1].coins = 40000
    game.state.players[2].coins = 70000
    output = drive(game, *(text for _, text in log))
    for line in output.split("Final ranking:")[0].splitlines():
        for number in re.findall(r"\d{5}", line):
            owner = "P2" if number < "50000" else "P3"
            assert line == f"Your coins ({owner}): {number}", line
    assert game.state.over
    assert len(game.log) == len(log)
    assert "error: " not in output
    coin_lines_belong_to_actor(output)
    ranking = output.split("Final ranking:")[1]
    result = game.state.result
    assert result is not None
    for row in result["ranking"]:
        assert f"{row['name']}: {row['coins']} coins" in ranking
    assert re.search(r"P2: [34]\d{4} coins", ranking) and re.search(r"P3: [67]\d{4} coins", ranking)


def test_play_entry_point_with_map() -> None:
    out = io.StringIO()
    code = main(
        ["play", "--players", "3", "--seed", "7", "--map", "sw-3p"],
        stdin=io.StringIO("1\nquit\n"),
        stdout=out,
    )
    assert code == 0
    assert "P1: Pick " in out.getvalue()


def test_simulate_prints_one_final_line() -> None:
    out = io.StringIO()
    assert main(["simulate", "--players", "3", "--games", "3", "--seed", "1"], stdout=out) == 0
    last = out.getvalue().splitlines()[-1]
    assert re.fullmatch(r"games=3 games_per_s=\d+\.\d actions_per_s=\d+\.\d", last), last


def test_python_dash_m_engine_simulate() -> None:
    done = run_python("-m", "engine", "simulate", "--players", "2", "--games", "3", timeout=60)
    lines = done.stdout.splitlines()
    assert len(lines) == 1
    assert re.fullmatch(r"games=3 games_per_s=\d+\.\d actions_per_s=\d+\.\d", lines[0])


def _after_prompt(output: str, n: int) -> list[str]:
    """The lines printed in answer to the ``n``-th typed line (0-based), up to the next prompt."""
    chunks = re.split(r"^P\d> ", output, flags=re.M)
    return chunks[n + 1].splitlines()


def test_rules_explains_races_powers_and_terms() -> None:
    game = Game(GameConfig(players=NAMES, seed=SEED))
    output = drive(game, "rules orcs", "rules HILL", "rules ready your troops", "rules", "rules zz")
    assert game.log == []
    orcs, hill, ready, listing, unknown = (_after_prompt(output, i) for i in range(5))
    assert orcs[0].startswith("Orcs: Race · 5 tokens. +1 coin per non-empty region")
    assert hill[0].startswith("Hill: Special power · +4 tokens. ")
    assert ready[0].startswith("Ready your troops: ")
    assert listing[0].startswith("Races: Amazons, ") and listing[1].startswith("Special powers: ")
    assert "Conquest cost" in listing[2]
    assert unknown == ["Nothing called 'zz'. Type \"rules\" for the list."]


def test_rules_suggests_close_names() -> None:
    output = drive(Game(GameConfig(players=NAMES, seed=SEED)), "rules sk", "rules s")
    assert _after_prompt(output, 0)[0].startswith("Skeletons: Race · ")  # one match: shown
    assert _after_prompt(output, 1)[0].startswith("Nothing called 's'. Did you mean: ")


def test_region_shows_terrain_holder_and_neighbours() -> None:
    game = Game(GameConfig(players=NAMES, seed=SEED))
    s = game.state
    game.play(0, next(a for a in legal_actions(s, 0) if isinstance(a, PickCombo)))
    target = next(a for a in legal_actions(game.state, 0) if isinstance(a, Conquer))
    game.play(0, target)
    rid = target.region
    m = mapdef(game.state)
    output = drive(game, f"region {rid}", f"adj {rid}", "region 999", "adj x", "quit")
    shown = _after_prompt(output, 0)
    assert shown[0].startswith(f"Region {rid}: {m.regions[rid].terrain}")
    tokens = game.state.regions[rid].tokens
    race = game.state.regions[rid].race
    assert shown[1] == f"  Held by: P1's {race}, {tokens} tokens"
    # Pieces are not holders: Halflings leave a Hole-in-the-Ground in their first regions.
    pieces = {k: n for k, n in game.state.regions[rid].markers.items() if n}
    rest = shown[2:]
    if pieces:
        assert rest[0].startswith("  Pieces: ")
        rest = rest[1:]
    assert rest[0] == "  Adjacent:"
    listed = [int(line.split()[0]) for line in rest[1:]]
    assert listed == sorted(m.regions[rid].adjacent)
    for line in rest[1:]:
        n = int(line.split()[0])
        assert line.split()[1] == m.regions[n].terrain.split()[0]
    assert _after_prompt(output, 1) == shown  # adj is the same command
    assert _after_prompt(output, 2) == ["error: There is no region 999; this map has 0 to 29."]
    assert _after_prompt(output, 3) == ["error: Type adj N with a region number, e.g. adj 12."]


def test_default_plays_what_a_deadline_would_and_says_so() -> None:
    game = Game(GameConfig(players=NAMES, seed=SEED))
    output = drive(game, "default", "default", "default", "quit")
    assert [text for _, text in game.log] == ["pick 1", "stop", "end"]
    assert "P1 (default): Pick " in output
    assert "P1 (default): Stop conquering · redeploy" in output
    assert "P1 (default): End turn · score" in output


def test_readying_and_leftovers_are_told_in_one_line_each() -> None:
    """[SW "Ready your Troops"] at the start of the turn, and the tokens left in hand at its
    end (docs/rulings.md, ruling 5): each time the engine moves tokens the terminal says so."""
    game = Game(GameConfig(players=("P1", "P2"), seed=1))
    first = ["pick 1", "conquer 20", "conquer 21", "stop", "end"]
    rest = ["pick 1", "stop", "end", "stop", "end"]
    output = drive(game, *first, *rest, "quit")
    assert re.search(r"  · P1's \w+: \d+ tokens left in hand are spread over 20 and 21\n", output)
    assert re.search(
        r"  · P1's \w+ take \d+ tokens in hand to conquer, leaving one in each", output
    )
    assert re.search(r"  · P1's \w+: \d+ leftover tokens go back to 20 and 21\n", output)


def test_every_event_reads_as_words_and_counts_agree() -> None:
    """No event is printed as raw fields (``score: seat=2 coins=6 private=True``), even the
    scores revealed at the end, and "1 token" / "1 coin" are singular everywhere."""
    for players, seed in ((3, SEED), (5, 2)):
        log = random_game(players, seed, record=True).log
        names = tuple(f"P{i + 1}" for i in range(players))
        game = Game(GameConfig(players=names, seed=seed))
        output = drive(game, *(text for _, text in log))
        assert game.state.over
        events = [line for line in output.splitlines() if line.startswith("  · ")]
        assert events
        for line in events:
            assert "=" not in line and "private" not in line and "None" not in line, line
        assert re.search(r"  · P\d scores \d+ coins", output)
        assert re.search(r"  · Game over: P\d wins|  · Game over: .* share the victory", output)
        assert not re.search(r"\b1 (tokens|coins)\b", output)
        assert not re.search(r"\b([02-9]|\d\d+) (token|coin)\b(?!s)", output)


def test_region_tells_pieces_apart_from_holders() -> None:
    """A Mountain piece is no holder [SW, Set-up: "Put a Mountain token on each Region of the
    map featuring a Mountain"; a Region with a Mountain marker but no token "is considered
    empty"]."""
    game = Game(GameConfig(players=NAMES, seed=SEED))
    rid = next(i for i, r in enumerate(game.state.regions) if r.markers.get("mountain"))
    assert game.state.regions[rid].race is None
    shown = _after_prompt(drive(game, f"region {rid}", "quit"), 0)
    assert shown[1] == "  Held by: nobody (empty)" or "Lost Tribe" in shown[1]
    assert shown[2] == "  Pieces: Mountain"


# --- maps -----------------------------------------------------------------------------------


def test_maps_check_reports_good_files_and_exits_zero() -> None:
    files = [str(ROOT / "data" / "maps" / f"sw-{n}p.json") for n in (2, 5)]
    out = io.StringIO()
    assert main(["maps", "check", *files], stdout=out) == 0
    assert out.getvalue().splitlines() == [
        f"{files[0]}: ok (23 regions, 20 land, entries 14)",
        f"{files[1]}: ok (48 regions, 45 land, entries 25)",
        DRAWING_NOTE,
    ]


def test_maps_check_prints_each_problem_and_exits_one(tmp_path: Path) -> None:
    good = str(ROOT / "data" / "maps" / "sw-2p.json")
    data = json.loads(Path(good).read_text(encoding="utf-8"))
    data["regions"][8]["adjacent"].remove(3)
    data["regions"][4]["terrain"] = "Desert"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    out = io.StringIO()
    assert main(["maps", "check", good, str(bad), str(broken)], stdout=out) == 1
    lines = out.getvalue().splitlines()
    assert lines[0] == f"{good}: ok (23 regions, 20 land, entries 14)"
    assert lines[1] == f"{bad}: regions 3 and 8: 3 lists 8 as a neighbour but 8 does not list 3"
    assert lines[2].startswith(f"{bad}: region 4: unknown terrain 'Desert' for world surface")
    assert lines[3].startswith(f"{broken}: not valid JSON: ")
    assert lines[4] == DRAWING_NOTE
    assert len(lines) == 5


def test_maps_list_shows_the_built_in_maps() -> None:
    out = io.StringIO()
    assert main(["maps", "list"], stdout=out) == 0
    lines = out.getvalue().splitlines()
    assert [line.split(":")[0] for line in lines] == [
        *(f"sw-{n}p" for n in range(2, 7)),
        *(f"swu-{n}p" for n in range(2, 7)),
    ]
    # The name says the player count; the line does not say it again.
    assert (
        lines[0]
        == "sw-2p: Small World, 2 players · world surface · 10 turns · 23 regions (20 land)"
    )
    for line, map_id in zip(lines, builtin_maps(), strict=True):
        (count,) = load_map(map_id).players
        assert line.count(f"{count} players") == 1, line
    # The Underground boards and the 6-player team boards are the project's own drawings
    # (their ``about`` says so): their names say it, once.
    for line, map_id in zip(lines, builtin_maps(), strict=True):
        data = json.loads((ROOT / "data" / "maps" / f"{map_id}.json").read_text("utf-8"))
        own = "project's own layout" in data.get("about", "")
        assert line.count("project layout") == (1 if own else 0), line
    assert all("· world underground ·" in line for line in lines[5:])
    assert [line.split(":")[0] for line in lines if "project layout" in line] == [
        "sw-6p",
        *(f"swu-{n}p" for n in range(2, 7)),
    ]


def test_python_dash_m_engine_maps_check_exit_codes(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[]", encoding="utf-8")
    for files, code in (([str(ROOT / "data" / "maps" / "sw-3p.json")], 0), ([str(bad)], 1)):
        done = run_python("-m", "engine", "maps", "check", *files, timeout=60, check=False)
        assert done.returncode == code, done.stdout + done.stderr
    assert done.stdout == f"{bad}: a map must be a JSON object\n"
