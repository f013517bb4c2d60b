"""What the user sees: a rich progress display across scenes and the closing summary table."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TimeElapsedColumn
from rich.table import Table

if TYPE_CHECKING:
    from normgeom.rendering.runner import JobResult

__all__ = ["clock", "size", "shown", "scene_progress", "summary_table"]


def clock(seconds: float) -> str:
    """``m:ss`` (``h:mm:ss`` past an hour)."""
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


def size(path: Path) -> str:
    """A file's size in kB or MB."""
    n = path.stat().st_size
    return f"{n / 1e6:.1f} MB" if n >= 1e6 else f"{n / 1e3:.0f} kB"


@contextmanager
def scene_progress(console: Console, total: int, *, live: bool = True) -> Iterator:
    """An overall bar across ``total`` scenes; yields ``done(result)`` to call per scene.

    With ``live=False`` (``--verbose``, where manim draws its own bars), or on a console that
    is not a terminal (where a bar's last frame would leave a blank line), each finished
    scene is printed as a line instead.
    """
    progress = Progress(
        SpinnerColumn(),
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        disable=not (live and console.is_terminal),
        transient=True,
    )
    task = progress.add_task("rendering scenes", total=total)

    def done(result: JobResult) -> None:
        state = "up to date" if result.cached else f"rendered in {result.seconds:.1f} s"
        progress.console.print(f"  {result.target.id}: {state}", highlight=False)
        progress.advance(task)

    with progress:
        yield done


def shown(path: Path) -> str:
    """``path`` relative to the working directory when it is inside it."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def summary_table(rows: list[tuple[JobResult, Path]], title: str) -> Table:
    """Scene, length, file, size and render time for ``(result, file)`` rows."""
    table = Table(title=title, title_justify="left")
    for column in ("scene", "length", "file", "size", "render time"):
        table.add_column(column, justify="right" if column in {"length", "size"} else "left")
    for result, path in rows:
        render = "cached" if result.cached else f"{result.seconds:.1f} s"
        table.add_row(result.target.id, clock(result.duration), shown(path), size(path), render)
    return table
