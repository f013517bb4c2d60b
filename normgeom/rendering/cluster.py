"""Render jobs on a Dask cluster (``--cluster ADDRESS``), an executor of the one runner.

``local`` starts a :class:`distributed.LocalCluster` of worker processes on this machine;
any other address is an existing scheduler (``dask scheduler``, with ``dask worker``\\ s that
have the same normgeom installed). On connecting, every worker's versions of the rendering
stack (:func:`~normgeom.rendering.versions.versions`) must equal this machine's, or the cluster
is refused; a scheduler that cannot be reached is refused too, both before anything renders.

No disk is shared: a worker renders in a media folder of its own (its Dask local
directory, so Manim's and the voice's caches serve its later jobs), each job in a fresh
process as on this machine, and sends back
the bytes of what Manim wrote, with the job's log; the runner here stores and records them
(a slide deck's presentation names its slide movies by absolute path: the worker's media
folder in it becomes this machine's).
The runner sends only jobs that are not up to date. A worker that dies mid-job loses it to
Dask, which runs it again on another worker.

Dask and distributed are the optional extra ``cluster``; only this module imports them.
"""

from __future__ import annotations

import os
import socket
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from normgeom.errors import RenderError, UsageError
from normgeom.rendering.atomic import atomic_path, file_lock
from normgeom.rendering.job import Product, RenderJob
from normgeom.rendering.paths import Layout
from normgeom.rendering.repair import repair_caches
from normgeom.rendering.runner import Runner, default_jobs
from normgeom.rendering.versions import versions
from normgeom.rendering.worker import run_in_fresh_process

__all__ = ["LOCAL", "Shipment", "render_on_worker", "worker_versions", "DaskExecutor", "runner"]

LOCAL = "local"
MEDIA_TOKEN = b"<normgeom-media>"
"""Stands for the media folder in a shipped presentation, whose slide paths are absolute."""
CONNECT_SECONDS = 10
PROBE_SECONDS = 5
"""How long a scheduler has to greet a connection (its first message, unasked)."""
SCHEDULER_PORT = 8786
NETWORK = ("tcp", "tls", "ws", "wss")
"""The address schemes whose location is ``host:port``."""
HANDSHAKE_BYTES = 4096
HANDSHAKE_MARK = b"pickle-protocol"
"""A word of the handshake a Dask scheduler sends first on every connection."""
INSTALL = "pip install 'normgeom[cluster]'"


@dataclass
class Shipment:
    """What a worker sends back: each written file's role, path under the media root and
    bytes; the job's log; the error the render raised, if any."""

    files: dict[str, tuple[str, bytes]] = field(default_factory=dict)
    log: str = ""
    error: Exception | None = None


def worker_versions() -> dict[str, str]:
    """The versions of the rendering stack on the worker that runs this."""
    return versions()


def _worker_media() -> Path:
    """The media folder of this worker: inside its Dask local directory."""
    from distributed import get_worker

    return Path(get_worker().local_directory) / "normgeom-media"


def _written(job: RenderJob, layout: Layout, written: dict[str, Path]) -> dict[str, Path]:
    """The files a job's delivery reads: what Manim wrote; for slides, the presentation and
    the slide movies beside it."""
    if job.product is not Product.SLIDES:
        return written
    presentation = layout.output(job)
    movies = presentation.parent / "files" / job.target.id
    found = {"presentation": presentation}
    if movies.is_dir():
        found |= {f"slide:{path.name}": path for path in sorted(movies.iterdir())}
    return found


def render_on_worker(job: RenderJob) -> Shipment:
    """Render ``job`` on this Dask worker, in a fresh process, and pack what it wrote."""
    layout = Layout(_worker_media())
    handle, name = tempfile.mkstemp(prefix="normgeom-", suffix=".log")
    os.close(handle)
    capture = Path(name)
    shipment = Shipment()
    try:
        with file_lock(layout.lock_file(job.lock)):
            with file_lock(layout.lock_file(job.caches_lock)):
                repair_caches(layout, job)
            written = run_in_fresh_process(job, layout, capture)
            shipment.files = {
                role: (path.relative_to(layout.media).as_posix(), path.read_bytes())
                for role, path in _written(job, layout, written).items()
            }
            if "presentation" in shipment.files:
                relative, data = shipment.files["presentation"]
                local = data.replace(str(layout.media).encode(), MEDIA_TOKEN)
                shipment.files["presentation"] = (relative, local)
    except Exception as exc:
        shipment.error = exc if isinstance(exc, RenderError) else RenderError(str(exc))
    finally:
        shipment.log = capture.read_text(errors="replace")
        capture.unlink()
    return shipment


def _unpack(shipment: Shipment, layout: Layout, capture: Path | None) -> dict[str, Path]:
    """Store a shipment under ``layout`` (atomically) and its log in ``capture``; what
    Manim wrote, as local paths, or the render's error."""
    if capture is None:
        sys.stderr.write(shipment.log)
    else:
        with capture.open("a", encoding="utf-8") as log:
            log.write(shipment.log)
    if shipment.error is not None:
        raise shipment.error
    written = {}
    for role, (relative, data) in shipment.files.items():
        path = layout.media / relative
        with atomic_path(path) as temp:
            temp.write_bytes(data.replace(MEDIA_TOKEN, str(layout.media).encode()))
        written[role] = path
    return written


class DaskExecutor:
    """Runs jobs on a Dask cluster through one client (see the module docstring)."""

    def __init__(self, client) -> None:
        self.client = client
        self._futures: list = []

    @property
    def capacity(self) -> int:
        """How many jobs the cluster runs at once: its workers' threads."""
        return max(1, sum(self.client.nthreads().values()))

    def submit(self, job: RenderJob, layout: Layout, capture: Path | None) -> Future:
        key = f"{job.label}-{uuid.uuid4().hex}"
        remote = self.client.submit(render_on_worker, job, pure=False, key=key)
        self._futures.append(remote)
        local: Future = Future()

        def arrived(done) -> None:
            try:
                local.set_result(_unpack(done.result(), layout, capture))
            except Exception as exc:
                local.set_exception(_died(exc))

        remote.add_done_callback(arrived)
        return local

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        futures, self._futures = self._futures, []
        if cancel_futures:
            self.client.cancel(futures)


def _died(exc: Exception) -> Exception:
    """A job lost with its workers (Dask's ``KilledWorker``) as a failed render."""
    from distributed.scheduler import KilledWorker

    if isinstance(exc, KilledWorker):
        return RenderError(f"every worker that ran it died ({exc})")
    return exc


def _check_versions(client) -> None:
    """Refuse a cluster whose workers run another version of the rendering stack."""
    here = versions()
    for worker, there in sorted(client.run(worker_versions).items()):
        differ = sorted(
            name for name in here.keys() | there.keys() if here.get(name) != there.get(name)
        )
        if differ:
            name = differ[0]
            raise UsageError(
                f"--cluster: worker {worker} has {name} {there.get(name, 'missing')}, "
                f"this machine {here.get(name, 'missing')}; install the same versions"
            )


def _client(address: str, workers: int):
    """A connected Dask client: to a new local cluster of ``workers`` processes, or to the
    scheduler at ``address``."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise UsageError(f"--cluster needs Dask: {INSTALL}") from None
    if address == LOCAL:
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        return Client(cluster), cluster
    _check_scheduler(address)
    try:
        return Client(address, timeout=f"{CONNECT_SECONDS}s"), None
    except (OSError, TimeoutError, ValueError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise UsageError(f"--cluster {address}: cannot reach the scheduler ({reason})") from None


def _check_scheduler(address: str) -> None:
    """Refuse ``address`` unless it is well formed and, for ``tcp``, a Dask scheduler answers
    there: one speaks first, a handshake naming its pickle protocol, within
    :data:`PROBE_SECONDS` (an HTTP server, the dashboard or a silent port never does)."""
    from distributed.comm.addressing import parse_address, parse_host_port
    from distributed.comm.registry import get_backend

    try:
        scheme, location = parse_address(address)
        get_backend(scheme)
        host, port = parse_host_port(location, SCHEDULER_PORT) if scheme in NETWORK else ("", 1)
    except ValueError as exc:
        raise UsageError(
            f"--cluster {address}: malformed address ({str(exc).splitlines()[0]}); "
            f"give tcp://host:{SCHEDULER_PORT} or local"
        ) from None
    if scheme not in NETWORK:
        raise UsageError(
            f"--cluster {address}: {scheme}:// addresses are not supported; "
            f"give tcp://host:{SCHEDULER_PORT} or local"
        )
    if not host or not 0 < port < 2**16:
        raise UsageError(
            f"--cluster {address}: malformed address (no host, or a port outside 1-65535); "
            f"give tcp://host:{SCHEDULER_PORT} or local"
        )
    if scheme != "tcp":
        return
    try:
        greeting = _greeting(host, port)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise UsageError(f"--cluster {address}: cannot reach the scheduler ({reason})") from None
    if HANDSHAKE_MARK not in greeting:
        said = "said nothing" if not greeting else "answered in another protocol"
        raise UsageError(
            f"--cluster {address}: not a Dask scheduler (it {said}; the scheduler's port is "
            f"usually {SCHEDULER_PORT}, not the dashboard's 8787)"
        )


def _greeting(host: str, port: int) -> bytes:
    """What the server at ``host:port`` sends unasked within :data:`PROBE_SECONDS` of
    connecting (up to the handshake's mark, or :data:`HANDSHAKE_BYTES`)."""
    deadline = time.monotonic() + PROBE_SECONDS
    received = b""
    with socket.create_connection((host, port), timeout=PROBE_SECONDS) as probe:
        while HANDSHAKE_MARK not in received and len(received) < HANDSHAKE_BYTES:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            probe.settimeout(left)
            try:
                chunk = probe.recv(HANDSHAKE_BYTES)
            except TimeoutError:
                break
            if not chunk:
                break
            received += chunk
    return received


@contextmanager
def runner(
    layout: Layout, *, jobs: int | None, verbose: bool, cluster: str, split: bool = True
) -> Iterator[Runner]:
    """A runner on the Dask cluster at ``cluster`` (``local``: a new one of ``jobs`` worker
    processes); the cluster is checked before anything runs and closed (when started here)
    on leaving. ``split``: see :class:`Runner`."""
    if not cluster.strip():
        raise UsageError("--cluster: give a scheduler address (tcp://host:8786) or local")
    client, local = _client(cluster, jobs or default_jobs())
    try:
        _check_versions(client)
        executor = DaskExecutor(client)
        yield Runner(
            layout,
            jobs=executor.capacity,
            verbose=verbose,
            executor=lambda: executor,
            split=split,
        )
    finally:
        client.close()
        if local is not None:
            local.close()
