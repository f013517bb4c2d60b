"""``--cluster`` at something that is not a Dask scheduler: refused within seconds, one line,
exit 2; a malformed address is called malformed, and a scheme Dask knows but normgeom does
not use (ucx, inproc) unsupported."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import HTTPServer, SimpleHTTPRequestHandler

import pytest

pytest.importorskip("distributed", reason="the cluster extra is not installed")

WITHIN = 15


def refused(address: str, *words: str) -> None:
    """``normgeom stills Gain --cluster address``: one error line with ``words``, exit 2,
    within :data:`WITHIN` seconds."""
    done = subprocess.run(
        [sys.executable, "-m", "normgeom", "stills", "Gain", "-q", "low", "--cluster", address],
        capture_output=True,
        text=True,
        timeout=WITHIN,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("normgeom: error: "), done.stderr
    assert all(word in lines[0] for word in words), lines[0]


@pytest.fixture
def http_server() -> Iterator[int]:
    """A local HTTP server (as a Dask dashboard is): its port."""
    server = HTTPServer(("127.0.0.1", 0), SimpleHTTPRequestHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


@pytest.fixture
def silent_port() -> Iterator[int]:
    """A port that accepts connections and never sends a byte."""
    with socket.create_server(("127.0.0.1", 0)) as listener:
        yield listener.getsockname()[1]


def test_an_http_server_is_not_a_scheduler(media, http_server):
    refused(f"tcp://127.0.0.1:{http_server}", "not a Dask scheduler")


def test_a_port_that_never_speaks_is_not_a_scheduler(media, silent_port):
    refused(f"127.0.0.1:{silent_port}", "not a Dask scheduler")


@pytest.mark.parametrize(
    "address", ["tcp://host:port", "tcp://127.0.0.1:99999", "::::", "http://127.0.0.1:8787"]
)
def test_a_malformed_address_is_called_malformed(media, address):
    refused(address, "malformed address")


@pytest.mark.parametrize("scheme", ["ucx", "inproc"])
def test_a_scheme_dask_knows_but_normgeom_does_not_use_is_called_unsupported(scheme):
    from normgeom.errors import UsageError
    from normgeom.rendering.cluster import _check_scheduler

    with pytest.raises(
        UsageError,
        match=rf"^--cluster {scheme}://\S+: {scheme}:// addresses are not supported; give tcp://",
    ):
        _check_scheduler(f"{scheme}://127.0.0.1:8786")
