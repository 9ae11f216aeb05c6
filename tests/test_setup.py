"""`make setup` stands on its own; the tests' system packages are asked for in one line.

The setup test copies the work tree (tracked and new files, uncommitted changes included)
into a temporary folder and runs `make setup` there with an empty environment: a HOME of
its own and a PATH holding only links to the tools that setup calls, with no node, no npm
and no apt-get. Only what the package clients need to reach their registries is passed
through (certificates, pip's and uv's settings, proxies), and the real user's download
caches are used so that nothing is downloaded twice.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# What the Makefile's recipes, uv and the client's npm scripts call, besides python3.
TOOLS = (
    "make", "sh", "bash", "git", "env", "test", "[", "find", "touch", "ln", "rm", "mkdir",
    "cat", "chmod", "cp", "mv", "dirname", "basename", "readlink", "realpath", "uname",
    "sed", "grep", "head", "tail", "tr", "sort", "printf", "echo", "true", "false", "id",
    "ls", "mktemp", "expr", "cut", "wc", "xargs",
)  # fmt: skip
# Never on the clean PATH: setup must do without them.
ABSENT = ("node", "npm", "npx", "apt-get", "chromium", "pg_ctlcluster", "redis-server", "nginx")
# Settings that reach the registries from this machine (certificates, proxies).
PASSED = (
    "SSL_CERT_FILE", "SSL_CERT_DIR", "NODE_EXTRA_CA_CERTS", "REQUESTS_CA_BUNDLE",
    "CURL_CA_BUNDLE", "http_proxy", "https_proxy", "no_proxy", "HTTP_PROXY",
    "HTTPS_PROXY", "NO_PROXY", "ALL_PROXY", "all_proxy", "LANG",
    "UV_INDEX_URL", "UV_DEFAULT_INDEX", "UV_INDEX", "UV_EXTRA_INDEX_URL",
    "UV_NATIVE_TLS", "UV_HTTP_TIMEOUT", "UV_CONCURRENT_DOWNLOADS",
)  # fmt: skip
# pip settings that would send installs outside the venv.
PIP_KEPT_OUT = ("PIP_TARGET", "PIP_PREFIX", "PIP_ROOT", "PIP_USER")


def _real_python() -> str:
    """The interpreter behind this venv, not a venv's link or a version manager's shim."""
    return os.path.realpath(getattr(sys, "_base_executable", sys.executable))


def _tools_dir(where: Path, tools: tuple[str, ...]) -> Path:
    bin_dir = where / "bin"
    bin_dir.mkdir(parents=True)
    for name in tools:
        found = shutil.which(name)
        if found:
            (bin_dir / name).symlink_to(found)
    return bin_dir


def _caches() -> dict[str, str]:
    """The real user's download caches, so that a second run downloads nothing."""
    home = Path.home()
    xdg = Path(os.environ.get("XDG_CACHE_HOME") or home / ".cache")
    uv_cache = os.environ.get("UV_CACHE_DIR")
    if not uv_cache and (ROOT / ".venv/bin/uv").exists():
        out = subprocess.run(
            [str(ROOT / ".venv/bin/uv"), "cache", "dir"], capture_output=True, text=True
        )
        uv_cache = out.stdout.strip() if out.returncode == 0 else None
    return {
        "UV_CACHE_DIR": uv_cache or str(xdg / "uv"),
        "PIP_CACHE_DIR": os.environ.get("PIP_CACHE_DIR") or str(xdg / "pip"),
        "NPM_CONFIG_CACHE": os.environ.get("NPM_CONFIG_CACHE") or str(home / ".npm"),
    }


def _clean_env(home: Path, path: Path) -> dict[str, str]:
    env = {"HOME": str(home), "PATH": str(path), "TMPDIR": str(home)}
    for name, value in os.environ.items():
        if name in PASSED or (name.startswith("PIP_") and name not in PIP_KEPT_OUT):
            env[name] = value
    env.update(_caches())
    env["NPM_CONFIG_UPDATE_NOTIFIER"] = "false"
    return env


def _copy_work_tree(dest: Path) -> None:
    listed = subprocess.run(
        ["git", "ls-files", "-z", "-co", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for rel in filter(None, listed.split("\0")):
        src = ROOT / rel
        if not src.is_file() and not src.is_symlink():
            continue  # deleted in the work tree, not yet in git
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, target, follow_symlinks=False)


@pytest.fixture
def clean_machine(tmp_path: Path) -> Iterator[tuple[Path, dict[str, str]]]:
    """A copy of the work tree and an environment with no node, npm or apt-get."""
    work, home = tmp_path / "work", tmp_path / "home"
    home.mkdir()
    _copy_work_tree(work)
    bin_dir = _tools_dir(tmp_path / "tools", TOOLS)
    (bin_dir / "python3").symlink_to(_real_python())
    assert not [name for name in ABSENT if (bin_dir / name).exists()]
    yield work, _clean_env(home, bin_dir)


def _run(cmd: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=1800, check=False
    )


@pytest.mark.slow
def test_make_setup_needs_no_node_and_no_apt_get(
    clean_machine: tuple[Path, dict[str, str]],
) -> None:
    work, env = clean_machine
    setup = _run(["make", "setup"], work, env)
    assert setup.returncode == 0, f"make setup failed:\n{setup.stdout}\n{setup.stderr}"
    assert "apt-get" not in setup.stdout + setup.stderr

    # Node.js came from PyPI into the venv, and it is the one that built the client.
    node = work / ".venv/bin/node"
    assert node.exists()
    assert Path(os.path.realpath(node)).is_relative_to(work / ".venv")
    version = _run([str(node), "--version"], work, env)
    assert version.stdout.startswith("v24."), version
    npm = _run([str(work / ".venv/bin/npm"), "--version"], work, env)
    assert npm.returncode == 0, npm
    assert (work / "src/bolola/server/static/index.html").is_file()

    help_ = _run([str(work / ".venv/bin/bolola"), "--help"], work, env)
    assert help_.returncode == 0, help_
    assert "serve" in help_.stdout

    # Nothing changed, nothing to do.
    again = _run(["make", "-n", "setup"], work, env)
    assert again.returncode == 0, again
    assert "Nothing to be done" in again.stdout, again.stdout


SCRIPT = ROOT / "scripts/setup-test-system.sh"
INSTRUCTION = (
    "bolola: install chromium and postgresql and redis-server and nginx and fonts-noto-ui-core"
    " and libjemalloc2 (Debian: apt-get install chromium postgresql redis-server nginx"
    " fonts-noto-ui-core libjemalloc2) to run the browser, PostgreSQL, Redis, nginx and"
    " allocator tests"
)


def test_test_system_without_apt_get_says_what_to_install(tmp_path: Path) -> None:
    bin_dir = _tools_dir(tmp_path / "tools", ("bash", "id"))
    env = {"HOME": str(tmp_path), "PATH": str(bin_dir)}
    done = _run([str(bin_dir / "bash"), str(SCRIPT)], tmp_path, env)
    assert done.returncode != 0
    assert done.stdout == ""
    assert done.stderr == INSTRUCTION + "\n"


@pytest.mark.skipif(
    os.geteuid() != 0 or not shutil.which("runuser"), reason="needs root to become nobody"
)
def test_test_system_not_root_says_what_to_install() -> None:
    # A world-readable folder: nobody reads the script and runs the tools from there.
    where = Path(tempfile.mkdtemp())
    try:
        where.chmod(0o755)
        bin_dir = _tools_dir(where / "tools", ("bash", "id"))
        called = where / "apt-get-called"
        apt_get = bin_dir / "apt-get"
        apt_get.write_text(f"#!/bin/sh\necho called > {called}\nexit 1\n")
        apt_get.chmod(0o755)
        script = where / SCRIPT.name
        shutil.copy(SCRIPT, script)
        script.chmod(0o644)
        runuser = os.path.realpath(shutil.which("runuser") or "runuser")
        env = {"HOME": str(where), "PATH": str(bin_dir)}
        done = _run([runuser, "-u", "nobody", "--", str(bin_dir / "bash"), str(script)], where, env)
        assert done.returncode != 0
        assert not called.exists()
        assert done.stderr == INSTRUCTION + "\n", done
    finally:
        shutil.rmtree(where)
