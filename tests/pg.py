"""A throwaway PostgreSQL server for the tests: started once per test process, gone after.

``cluster_url`` makes a cluster in a temporary folder (``initdb``) with the server programs
``tests.machine`` finds (the machine's, or the pip-installed one ``scripts/test`` brings),
starts it on a free port of loopback and stops it when the process ends. PostgreSQL refuses
to run as root: as root, the cluster belongs to the ``postgres`` user and its programs run
through ``runuser``. ``SW_TEST_POSTGRES_URL`` points the tests at a running server instead.

Without a server a test that needs one is skipped, saying why, or fails where every test is
required (``CI=true``): ``tests.machine.unavailable``.
"""

from __future__ import annotations

import atexit
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import asyncpg

from tests import machine

_url: str | None = None
_count = 0


def _bindir() -> Path:
    """The server's programs, or the test skipped (failed under CI) saying why not."""
    found = machine.postgres_bin()
    if found is None:
        why = machine.missing("postgresql") or "no PostgreSQL"
        machine.unavailable("postgresql", f"{why}; or set SW_TEST_POSTGRES_URL to a server")
    assert found is not None
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            why = "PostgreSQL refuses to run as root, and there is no postgres user to run it"
            machine.unavailable("postgresql", why)
    return found


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _run(cmd: list[str], as_postgres: bool) -> None:
    if as_postgres:
        cmd = ["runuser", "-u", "postgres", "--", *cmd]
    subprocess.run(cmd, check=True, capture_output=True, text=True)


def cluster_url() -> str:
    """The URL of the test server's ``postgres`` database, starting the server once."""
    global _url
    if _url is not None:
        return _url
    env = os.environ.get("SW_TEST_POSTGRES_URL")
    if env:
        _url = env
        return _url
    bindir = _bindir()
    as_postgres = os.geteuid() == 0
    root = Path(tempfile.mkdtemp(prefix="sw-pg-"))
    data = root / "data"
    if as_postgres:
        shutil.chown(root, "postgres")
    port = _free_port()
    _run(
        [str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8"],
        as_postgres,
    )
    # A throwaway cluster: durability buys nothing here, speed does.
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"
    options += " -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
    _run(
        [
            str(bindir / "pg_ctl"),
            "-D",
            str(data),
            "-o",
            options,
            "-l",
            str(root / "log"),
            "-w",
            "start",
        ],
        as_postgres,
    )

    def stop() -> None:
        subprocess.run(
            (["runuser", "-u", "postgres", "--"] if as_postgres else [])
            + [str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
            capture_output=True,
        )
        shutil.rmtree(root, ignore_errors=True)

    atexit.register(stop)
    _url = f"postgresql://postgres@127.0.0.1:{port}/postgres"
    return _url


async def fresh_database() -> str:
    """A new, empty database on the test server; its URL."""
    global _count
    base = cluster_url()
    _count += 1
    name = f"t{os.getpid()}_{_count}_{int(time.time() * 1000) % 100000}"
    conn = await asyncpg.connect(base)
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return base.rsplit("/", 1)[0] + "/" + name
