"""Shared fixtures: the specs every test runs on, and the Rust trace tool."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Every game, at small and default sizes.
SPECS = [
    "escabel:size=5,pie=on",
    "escabel:size=9",
    "swack:size=4,pie=on",
    "swack:size=5,variant=free",
    "ecalper:size=3,pie=on",
    "ecalper:size=5",
    "epaminondas",
    "epaminondas:variant=stones",
    "whirlwind:size=6",
    "whirlwind:size=12",
]


@pytest.fixture(scope="session")
def trace_command():
    """The command that runs examples/trace.rs: $ABSTRACTA_TRACE (a built
    binary, as .ci/run sets it), else `cargo run --example trace`."""
    binary = os.environ.get("ABSTRACTA_TRACE")
    if binary:
        return [binary]
    cargo = shutil.which("cargo")
    if cargo is None:
        pytest.skip("neither ABSTRACTA_TRACE nor cargo is available to run the Rust trace")
    subprocess.run([cargo, "build", "--quiet", "--example", "trace"], cwd=ROOT, check=True)
    return [cargo, "run", "--quiet", "--example", "trace"]
