"""Serve a Python agent over the engine protocol that ``arena`` speaks
(docs/protocol.md), so that it can enter a tournament::

    arena tournament escabel:size=7 \\
        --player me=cmd:python -m abstracta.engine mymod:Agent \\
        --player them=mcts:time=200ms

``mymod:Agent`` names an importable object: a class (or any callable)
called with no arguments to make the agent. The agent needs one method,
``genmove(state)``, given an :class:`abstracta.State` (a copy: the agent
may play on it) and returning a ply (text) or an integer action, or a pair
``(ply, win_rate)`` to report its win rate (answered as ``= PLY
winrate=W``, which resign adjudication reads). It may also have
``set_option(key, value)`` (``set KEY VALUE``), ``newgame(spec)`` (called
at every ``newgame``), ``set_clock(clock)`` (the :class:`Clock` of the
``clock`` command, for the next ``genmove`` only) and a ``name``
attribute. Exceptions raised by the agent are answered as protocol errors
(``? ...``), never a crash.

Two agents come with the package: :class:`MctsAgent` (our MCTS, options
from ``set`` or the ``ABSTRACTA_MCTS`` environment variable) and
:class:`RandomAgent`.
"""

from __future__ import annotations

import importlib
import os
import random
import sys
from dataclasses import dataclass
from typing import Any, Callable, List, Optional, TextIO, Tuple, Union

from . import PROTOCOL_COMMANDS, AbstractaError, Mcts, State, __version__

# Every protocol command, from the Rust protocol crate.
COMMANDS: List[str] = list(PROTOCOL_COMMANDS)


@dataclass(frozen=True)
class Clock:
    """The ``clock`` command: ``left_ms`` on the engine's game clock and
    ``inc_ms`` added after each of its plies, or (``movetime_ms`` set) a
    fixed time for the next ply."""

    left_ms: int = 0
    inc_ms: int = 0
    movetime_ms: Optional[int] = None

    def budget_ms(self) -> int:
        """A simple allocation for the next ply: most of a fixed time per
        ply, or a thirtieth of the clock plus the increment (at most a
        quarter of the clock)."""
        if self.movetime_ms is not None:
            return max(1, self.movetime_ms * 4 // 5)
        return max(1, min(self.left_ms // 30 + self.inc_ms, self.left_ms // 4))


def parse_clock(args: List[str]) -> Optional[Clock]:
    """Reads the arguments of ``clock``: ``left=MS [inc=MS]``,
    ``movetime=MS`` or ``none`` (``None``)."""
    if args == ["none"]:
        return None
    expected = ("expected left=MS inc=MS (the time left on the engine's clock and the increment "
                "after each of its plies, whole milliseconds), movetime=MS or none")
    values = {}
    for word in args:
        key, sep, value = word.partition("=")
        if not sep or key not in ("left", "inc", "movetime") or key in values or not value.isdigit():
            raise ValueError(f'bad clock "{" ".join(args)}": {expected}')
        values[key] = int(value)
    if "left" in values and "movetime" not in values:
        return Clock(values["left"], values.get("inc", 0))
    if set(values) == {"movetime"}:
        return Clock(movetime_ms=values["movetime"])
    raise ValueError(f'bad clock "{" ".join(args)}": {expected}')


class RandomAgent:
    """Plays uniformly random legal plies (``set seed N`` reseeds)."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def genmove(self, state: State) -> int:
        return self.rng.choice(state.legal_actions())

    def set_option(self, key: str, value: str) -> None:
        if key != "seed":
            raise ValueError(f'unknown option "{key}"; expected seed')
        self.rng = random.Random(int(value))


class MctsAgent:
    """Our MCTS (options ``ABSTRACTA_MCTS``, default ``mcts:time=1s``;
    ``set KEY VALUE`` changes one)."""

    name = "mcts"

    def __init__(self, options: Optional[str] = None):
        self.options = options or os.environ.get("ABSTRACTA_MCTS", "mcts:time=1s")
        self.mcts = Mcts(self.options)
        self.clock: Optional[Clock] = None

    def set_clock(self, clock: Optional[Clock]) -> None:
        self.clock = clock

    def genmove(self, state: State) -> Tuple[str, float]:
        mcts = self.mcts
        if self.clock is not None:
            # Under a clock the search gets the clock's allocation instead
            # of its own budget, for this ply only.
            pairs = [p for p in mcts.options.split(":", 1)[-1].split(",")
                     if p and p.split("=")[0] not in ("time", "iters")]
            mcts = Mcts("mcts:" + ",".join(pairs + [f"time={self.clock.budget_ms()}ms"]))
            self.clock = None
        result = mcts.search(state)
        return result.best, result.win_rate

    def set_option(self, key: str, value: str) -> None:
        pairs = [p for p in self.mcts.options.split(":", 1)[-1].split(",") if p]
        pairs = [p for p in pairs if p.split("=")[0] != key]
        if key == "time":
            pairs = [p for p in pairs if not p.startswith("iters=")]
        if key == "iters":
            pairs = [p for p in pairs if not p.startswith("time=")]
        self.mcts = Mcts("mcts:" + ",".join(pairs + [f"{key}={value}"]))


def load_agent(target: str) -> Any:
    """Imports ``module:attribute`` and calls it to make the agent."""
    module, sep, attribute = target.partition(":")
    if not sep or not module or not attribute:
        raise ValueError(f'bad agent "{target}"; expected MODULE:ATTRIBUTE such as mymod:Agent')
    obj = importlib.import_module(module)
    for part in attribute.split("."):
        obj = getattr(obj, part)
    return obj()


class Session:
    """One protocol session: :meth:`handle_line` answers one line."""

    def __init__(self, agent: Any, spec: str = "escabel"):
        self.agent = agent
        self.state = State(spec)

    def handle_line(self, line: str) -> Tuple[Optional[str], bool]:
        """The answer to ``line`` (``None`` for blank and comment lines)
        and whether the session ends."""
        words = line.strip().split()
        if not words or words[0].startswith("#"):
            return None, False
        ident = ""
        if words[0].isdigit():
            ident = words.pop(0)
            if not words:
                return f"?{ident} no command after the id\n\n", False
        command, args = words[0].lower(), words[1:]
        try:
            result = self.run(command, args)
        except (AbstractaError, ValueError, TypeError, KeyError, AttributeError) as e:
            return f"?{ident} {one_line(e)}\n\n", False
        except Exception as e:  # an agent's own failure must not end the session
            return f"?{ident} agent error: {type(e).__name__}: {one_line(e)}\n\n", False
        if not result:
            answer = f"={ident}"
        elif result.startswith("\n"):
            answer = f"={ident}{result}"
        else:
            answer = f"={ident} {result}"
        return answer + "\n\n", command == "quit"

    def run(self, command: str, args: List[str]) -> str:
        state = self.state
        if command == "protocol_version":
            return "1"
        if command == "name":
            return str(getattr(self.agent, "name", type(self.agent).__name__))
        if command == "version":
            return __version__
        if command == "list_commands":
            return "\n".join(COMMANDS)
        if command == "newgame":
            spec = " ".join(args) if args else state.spec
            self.state = State(spec)
            if hasattr(self.agent, "newgame"):
                self.agent.newgame(self.state.spec)
            return ""
        if command == "play":
            if len(args) != 1:
                raise ValueError("expected play PLY")
            state.play(args[0])
            return ""
        if command == "genmove":
            if state.is_terminal():
                raise ValueError(f"the game is over ({state.status()}); no ply can be generated")
            choice = self.agent.genmove(state.clone())
            win_rate = None
            if isinstance(choice, tuple):
                choice, win_rate = choice
            if win_rate is not None and not 0.0 <= float(win_rate) <= 1.0:
                raise ValueError(f"the agent reported a win rate of {win_rate}; expected 0 to 1")
            ply = state.ply_of(choice) if isinstance(choice, int) else str(choice)
            played = state.play(ply)
            if win_rate is None:
                return played
            return f"{played} winrate={float(win_rate):.4f}"
        if command == "undo":
            if state.undo() is None:
                raise ValueError("nothing to undo")
            return ""
        if command == "legal":
            return " ".join(state.legal_plies())
        if command == "status":
            return state.status()
        if command == "showboard":
            return "\n" + state.render().rstrip("\n")
        if command == "history":
            return " ".join(state.history())
        if command == "analyze":
            if state.is_terminal():
                raise ValueError(f"the game is over ({state.status()})")
            choice = self.agent.genmove(state.clone())
            if isinstance(choice, tuple):
                choice = choice[0]
            ply = state.ply_of(choice) if isinstance(choice, int) else str(choice)
            return f"\nbest: {ply}"
        if command == "set":
            if len(args) != 2:
                raise ValueError("expected set KEY VALUE")
            setter: Optional[Callable[[str, str], Any]] = getattr(self.agent, "set_option", None)
            if setter is None:
                raise ValueError(f'bad engine option "{args[0]}": this agent takes no options')
            setter(args[0].lower(), args[1])
            return ""
        if command == "clock":
            clock = parse_clock(args)
            clock_setter: Optional[Callable[[Optional[Clock]], Any]] = getattr(self.agent, "set_clock", None)
            if clock_setter is not None:
                clock_setter(clock)
            return ""
        if command == "quit":
            return ""
        raise ValueError(f'unknown command "{command}"; known commands: {" ".join(COMMANDS)}')


def one_line(error: BaseException) -> str:
    """An error message on one line."""
    return " ".join(str(error).split()) or type(error).__name__


def serve(agent: Any, input: TextIO = sys.stdin, output: TextIO = sys.stdout, spec: str = "escabel") -> None:
    """Answers protocol lines from ``input`` until ``quit`` or its end."""
    session = Session(agent, spec)
    for line in input:
        answer, quit = session.handle_line(line)
        if answer is not None:
            output.write(answer)
            output.flush()
        if quit:
            break


def main(argv: Optional[List[str]] = None) -> int:
    """``python -m abstracta.engine MODULE:ATTRIBUTE [SPEC]``."""
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] in ("-h", "--help") or len(argv) > 2:
        print(
            "usage: python -m abstracta.engine MODULE:ATTRIBUTE [SPEC]\n"
            "serves the agent MODULE:ATTRIBUTE() over the arena engine protocol\n"
            "(e.g. abstracta.engine:MctsAgent or abstracta.engine:RandomAgent)",
            file=sys.stderr,
        )
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    sys.path.insert(0, os.getcwd())
    try:
        agent = load_agent(argv[0])
        spec = argv[1] if len(argv) > 1 else "escabel"
        State(spec)
    except (ImportError, AttributeError, ValueError, TypeError) as e:
        print(f"abstracta.engine: {one_line(e)}", file=sys.stderr)
        return 2
    serve(agent, spec=spec)
    return 0


if __name__ == "__main__":
    sys.exit(main())
