"""`python -m abstracta.engine MODULE:AGENT` speaks the engine protocol."""

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import abstracta
from abstracta.engine import Clock, MctsAgent, RandomAgent, Session, load_agent, parse_clock
from conftest import ROOT


def answers(session, lines):
    return [session.handle_line(line)[0] for line in lines]


def test_the_session_answers_like_arena_engine():
    s = Session(RandomAgent(1), "escabel:size=5")
    out = answers(s, ["protocol_version", "newgame escabel:size=5", "play c3", "play c3",
                      "7 genmove", "history", "undo", "status", "# comment", "", "foo", "set colour red",
                      "newgame chess", "play", "quit"])
    assert out[0] == "= 1\n\n"
    assert out[1] == "=\n\n" and out[2] == "=\n\n"
    assert out[3].startswith("? illegal ply c3")
    assert out[4].startswith("=7 ") and out[4].endswith("\n\n")
    ply = out[4][3:].strip()
    assert out[5] == f"= c3 {ply}\n\n"
    assert out[6] == "=\n\n" and out[7] == "= ongoing\n\n"
    assert out[8] is None and out[9] is None
    assert out[10].startswith('? unknown command "foo"')
    assert out[11].startswith("? ") and out[12].startswith("? unknown game")
    assert out[13].startswith("? expected play PLY")
    assert s.handle_line("quit") == ("=\n\n", True)
    board = s.handle_line("showboard")[0]
    assert board.startswith("=\n") and "\n\n" not in board[:-2]


def test_agent_failures_are_protocol_errors():
    class Broken:
        def genmove(self, state):
            raise RuntimeError("boom")

    class Illegal:
        def genmove(self, state):
            return "a1-a2"

    assert Session(Broken(), "escabel:size=5").handle_line("genmove")[0].startswith("? agent error")
    assert Session(Illegal(), "escabel:size=5").handle_line("genmove")[0].startswith("? illegal ply")
    with pytest.raises(ValueError, match="MODULE:ATTRIBUTE"):
        load_agent("nocolon")


def test_mcts_agent_takes_options():
    agent = MctsAgent("mcts:iters=100")
    agent.set_option("time", "50ms")
    assert agent.mcts.options == "mcts:time=50ms"
    s = Session(agent, "swack:size=4")
    assert s.handle_line("genmove")[0].startswith("= ")


def test_the_clock_command_reaches_the_agent_for_one_genmove():
    class Timed:
        def __init__(self):
            self.clocks = []

        def set_clock(self, clock):
            self.clocks.append(clock)

        def genmove(self, state):
            return state.legal_actions()[0], 0.25

    agent = Timed()
    s = Session(agent, "escabel:size=5")
    assert s.handle_line("clock left=9500 inc=100")[0] == "=\n\n"
    assert s.handle_line("clock movetime=200")[0] == "=\n\n"
    assert s.handle_line("clock none")[0] == "=\n\n"
    assert agent.clocks == [Clock(9500, 100), Clock(movetime_ms=200), None]
    for bad in ["clock", "clock left=x", "clock left=1 movetime=2", "clock inc=5", "clock left=1 left=2",
                "clock speed=3", "clock left=-1"]:
        assert s.handle_line(bad)[0].startswith('? bad clock'), bad
    # The reported win rate follows the ply.
    assert s.handle_line("genmove")[0] == "= a1 winrate=0.2500\n\n"
    # Agents without set_clock accept the command and ignore it.
    plain = Session(RandomAgent(1), "escabel:size=5")
    assert plain.handle_line("clock left=100 inc=0")[0] == "=\n\n"
    assert parse_clock(["left=60000"]) == Clock(60000, 0)
    assert Clock(movetime_ms=100).budget_ms() == 80
    assert Clock(3000, 100).budget_ms() == 200
    assert Clock(100, 1000).budget_ms() == 25


def test_mcts_agent_searches_by_the_clock_and_reports_its_win_rate():
    agent = MctsAgent("mcts:iters=100")
    s = Session(agent, "swack:size=4")
    assert s.handle_line("clock movetime=30")[0] == "=\n\n"
    answer = s.handle_line("genmove")[0]
    assert answer.startswith("= ") and " winrate=" in answer, answer
    assert agent.clock is None and agent.mcts.options == "mcts:iters=100"


def test_the_module_serves_an_agent_over_stdin(tmp_path):
    (tmp_path / "myagent.py").write_text(textwrap.dedent("""
        class Agent:
            name = "first"
            def genmove(self, state):
                return state.legal_actions()[0]
    """))
    proc = subprocess.run(
        [sys.executable, "-m", "abstracta.engine", "myagent:Agent"],
        input="name\nnewgame escabel:size=5\ngenmove\nquit\n", capture_output=True, text=True,
        cwd=tmp_path, timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "= first\n\n=\n\n= a1\n\n=\n\n"
    bad = subprocess.run([sys.executable, "-m", "abstracta.engine", "nomodule:Agent"],
                         capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert bad.returncode == 2 and "nomodule" in bad.stderr


def arena_binary():
    binary = os.environ.get("ABSTRACTA_ARENA")
    if binary:
        return binary
    for profile in ("release", "debug"):
        target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
        candidate = target / profile / "arena"
        if candidate.exists():
            return str(candidate)
    return shutil.which("arena")


def test_arena_runs_a_python_agent_in_a_tournament(tmp_path):
    arena = arena_binary()
    if arena is None:
        pytest.skip("no arena binary (set ABSTRACTA_ARENA)")
    (tmp_path / "firstagent.py").write_text(
        "class Agent:\n    def genmove(self, state):\n        return state.legal_actions()[0]\n")
    player = f"me=cmd:{sys.executable} -m abstracta.engine firstagent:Agent"
    proc = subprocess.run(
        [arena, "tournament", "escabel:size=5", "--player", player, "--player", "them=random",
         "--games", "2", "--out", str(tmp_path / "out")],
        capture_output=True, text=True, cwd=tmp_path, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr + proc.stdout
    games = [json.loads(line) for line in (tmp_path / "out" / "games.jsonl").read_text().splitlines()]
    assert len(games) == 2
    for game in games:
        # Played to the end by the rules: no engine failure decided it.
        assert game["reason"] == "rules", game
        record = abstracta.State(game["spec"])
        record.play_list(" ".join(game["plies"]))
        assert record.is_terminal()
