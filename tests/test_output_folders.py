"""Output folders: normgeom writes only into a missing, empty or its own folder, replaces only
the files it wrote there, and refuses anything else before writing: one line, exit 2, every
file of the user's intact."""

from __future__ import annotations

import json
import os
import shutil
import threading
from contextlib import contextmanager
from pathlib import Path

import pytest
from fixtures.refusal import refusal_line
from typer.testing import CliRunner

from normgeom.cli.app import app
from normgeom.errors import UsageError
from normgeom.folders import OWNED_NAME, check_folder, settled, staged_folder
from normgeom.page.three import THREE_VERSION, THREEJS_ENV, ThreeFiles, three_files
from normgeom.publish import revealjs
from normgeom.rendering.paths import MEDIA_ENV

runner = CliRunner()
COMMANDS = (["page"], ["slides", "Gain", "-q", "low"], ["publish", "-q", "low"])
PAUSE_SECONDS = 0.5
"""How long a write waits, half moved in, for another write of the same folder to finish."""


@pytest.fixture(scope="session")
def built_three() -> ThreeFiles:
    """The machine's three.js cache (built with npm and node only where it is missing), so
    each test's home folder is seeded with it instead of fetching it again."""
    return three_files()


@pytest.fixture
def place(tmp_path, monkeypatch, built_three):
    """A working folder (the current one) with its own media root and home folder, whose
    three.js cache is a copy of the machine's."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(MEDIA_ENV, str(tmp_path / "media"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv(THREEJS_ENV, raising=False)
    cache = tmp_path / "home" / ".cache" / "normgeom" / f"three-{THREE_VERSION}"
    cache.mkdir(parents=True)
    for source in (built_three.script, built_three.license):
        shutil.copyfile(source, cache / source.name)
    return tmp_path


def refused(args: list[str], *words: str) -> str:
    """Run ``normgeom <args>``: one error line holding ``words``, exit 2, no traceback."""
    return refusal_line(runner.invoke(app, args), *words)


def user_folder(folder: Path) -> Path:
    """A folder holding a user's file."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "post.md").write_text("my post")
    return folder


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_a_folder_with_a_users_file_survives(place, command):
    blog = user_folder(place / "blog")
    refused([*command, "--output", str(blog)], str(blog), "did not write", "post.md")
    assert sorted(os.listdir(blog)) == ["post.md"]
    assert (blog / "post.md").read_text() == "my post"


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_the_current_folder_and_its_parents_are_refused(place, command):
    user_folder(place)
    for name in (".", "..", str(place.parent)):
        refused([*command, "--output", name], "current folder")
    assert (place / "post.md").read_text() == "my post"


def test_a_symlinked_folder_is_refused(place):
    target = user_folder(place / "real")
    (place / "link").symlink_to(target)
    refused(["page", "--output", "link"], "symlink")
    (target / "post.md").unlink()  # even an empty one: writing would go elsewhere
    refused(["page", "--output", "link/"], "symlink")
    assert (place / "link").is_symlink()


def test_the_home_folder_and_the_media_root_are_refused(place):
    (place / "media" / "scenes").mkdir(parents=True)
    refused(["page", "--output", str(place / "home")], "home folder")
    refused(["page", "--output", "media"], "media root")
    refused(["page", "--output", "media/scenes"], "inside the media root")
    assert (place / "media" / "scenes").is_dir()


def test_a_mount_point_is_refused(place):
    mount = a_mount_point(place)
    refused(["page", "--output", mount], mount, "mount point")


def a_mount_point(place: Path) -> str:
    """A folder that is a mount point (tmpfs first) and not a parent of ``place``."""
    try:
        mounts = [line.split()[:3] for line in Path("/proc/mounts").read_text().splitlines()]
    except OSError:
        pytest.skip("no /proc/mounts to find a mount point in")
    mounts.sort(key=lambda mount: mount[2] != "tmpfs")
    for _, point, _ in mounts:
        path = Path(point)
        if (
            os.path.ismount(point)
            and path.is_dir()
            and not path.is_symlink()
            and not place.is_relative_to(path)
        ):
            return point
    pytest.skip("no mount point outside the test's folder is visible")


def test_a_threejs_folder_of_the_users_is_refused(place, monkeypatch):
    monkeypatch.setenv(THREEJS_ENV, str(user_folder(place / "mine")))
    refused(["page", "--output", "out"], THREEJS_ENV, "did not write")
    assert sorted(os.listdir(place / "mine")) == ["post.md"]
    assert not (place / "out").exists()


@pytest.mark.render
def test_page_replaces_its_own_files_and_keeps_the_users(place):
    done = runner.invoke(app, ["page", "--output", "out"])
    assert done.exit_code == 0, done.output
    out = place / "out"
    listed = json.loads((out / OWNED_NAME).read_text())
    assert listed["complete"] and "index.html" in listed["files"]
    (out / "notes.txt").write_text("mine")
    (out / "index.html").write_text("stale")
    again = runner.invoke(app, ["page", "--output", "out"])
    assert again.exit_code == 0, again.output
    assert (out / "notes.txt").read_text() == "mine"
    assert "<html" in (out / "index.html").read_text()


def test_a_new_write_removes_only_what_the_last_one_wrote(tmp_path):
    folder = tmp_path / "out"
    with staged_folder(folder) as stage:
        (stage / "sub").mkdir()
        for name in ("a.txt", "sub/b.txt"):
            (stage / name).write_text("old")
    (folder / "user.txt").write_text("mine")
    with staged_folder(folder) as stage:
        (stage / "a.txt").write_text("new")
    assert sorted(os.listdir(folder)) == [OWNED_NAME, "a.txt", "user.txt"]
    assert (folder / "a.txt").read_text() == "new" and settled(folder)
    with pytest.raises(UsageError, match="would overwrite user.txt"), staged_folder(folder) as s:
        (s / "user.txt").write_text("theirs")
    assert (folder / "user.txt").read_text() == "mine"
    assert sorted(os.listdir(folder)) == [OWNED_NAME, "a.txt", "user.txt"]


def test_a_failed_write_leaves_the_folder_as_it_was(tmp_path):
    folder = tmp_path / "out"
    with staged_folder(folder) as stage:
        (stage / "a.txt").write_text("old")
    with pytest.raises(RuntimeError), staged_folder(folder) as stage:
        (stage / "a.txt").write_text("new")
        raise RuntimeError
    assert sorted(os.listdir(folder)) == [OWNED_NAME, "a.txt"]
    assert (folder / "a.txt").read_text() == "old"


def test_a_list_naming_paths_outside_the_folder_owns_nothing(tmp_path):
    folder = user_folder(tmp_path / "out")
    (folder / OWNED_NAME).write_text(json.dumps({"complete": True, "files": ["../x", "post.md"]}))
    with pytest.raises(UsageError, match="did not write"):
        check_folder(folder)


def test_a_write_cut_short_is_not_settled(tmp_path):
    folder = tmp_path / "out"
    with staged_folder(folder) as stage:
        (stage / "a.txt").write_text("a")
    listed = json.loads((folder / OWNED_NAME).read_text())
    (folder / OWNED_NAME).write_text(json.dumps({**listed, "complete": False}))
    assert not settled(folder)
    check_folder(folder)  # its own files: written again by the next run


def test_an_empty_cached_threejs_is_not_served(place, monkeypatch):
    cache = place / "home" / ".cache" / "normgeom" / f"three-{THREE_VERSION}"
    (cache / "three.min.js").write_bytes(b"")
    monkeypatch.setenv("PATH", str(place / "no-tools"))  # no node, no npm: it is rebuilt
    refused(["page", "--output", "out"], "3D explorer", "node")
    assert not (place / "out" / "vendor" / "three.min.js").exists()


def test_writes_of_one_folder_at_once_take_turns(tmp_path, monkeypatch):
    folder = tmp_path / "out"
    moving, second_done = threading.Event(), threading.Event()
    replace = os.replace

    def paused(source, target):
        if threading.current_thread().name == "first" and not moving.is_set():
            moving.set()
            second_done.wait(PAUSE_SECONDS)  # the second write must wait for the lock
        replace(source, target)

    def write(names: tuple[str, ...], text: str, done: threading.Event | None) -> None:
        with staged_folder(folder) as stage:
            for name in names:
                (stage / name).write_text(text)
        if done is not None:
            done.set()

    monkeypatch.setattr(os, "replace", paused)
    first = threading.Thread(
        target=write, args=(("a.txt", "both.txt"), "first", None), name="first"
    )
    first.start()
    assert moving.wait(10)
    second = threading.Thread(target=write, args=(("b.txt", "both.txt"), "second", second_done))
    second.start()
    first.join(10)
    second.join(10)
    listed = json.loads((folder / OWNED_NAME).read_text())
    present = {name for name in os.listdir(folder) if name != OWNED_NAME}
    assert listed["complete"] and set(listed["files"]) == present == {"b.txt", "both.txt"}
    assert {(folder / name).read_text() for name in present} == {"second"}


def test_a_cache_built_meanwhile_is_kept(tmp_path, monkeypatch):
    cache = tmp_path / "reveal"
    monkeypatch.setenv(revealjs.REVEALJS_ENV, str(cache))

    @contextmanager
    def package_built_meanwhile(*args):
        with staged_folder(cache) as stage:  # another run finishes first
            (stage / "dist").mkdir()
            (stage / "dist" / "reveal.js").write_text("theirs")
        package = tmp_path / "package"
        (package / "dist").mkdir(parents=True)
        (package / "dist" / "reveal.js").write_text("ours")
        yield package

    monkeypatch.setattr(revealjs, "npm_package", package_built_meanwhile)
    assert revealjs.revealjs_dist() == cache / "dist"
    assert (cache / "dist" / "reveal.js").read_text() == "theirs" and settled(cache)
    assert sorted(os.listdir(cache)) == [OWNED_NAME, "dist"]


def test_an_old_file_under_a_folder_now_symlinked_is_not_removed(tmp_path):
    folder, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    with staged_folder(folder) as stage:
        (stage / "vendor").mkdir()
        (stage / "vendor" / "lib.js").write_text("ours")
    shutil.rmtree(folder / "vendor")
    elsewhere.mkdir()
    (elsewhere / "lib.js").write_text("not ours")
    (folder / "vendor").symlink_to(elsewhere)
    with staged_folder(folder) as stage:
        (stage / "index.html").write_text("new")
    assert (elsewhere / "lib.js").read_text() == "not ours"
    assert json.loads((folder / OWNED_NAME).read_text())["files"] == ["index.html"]


def test_an_old_file_now_a_folder_is_kept(tmp_path):
    folder = tmp_path / "out"
    with staged_folder(folder) as stage:
        (stage / "notes").write_text("ours")
    (folder / "notes").unlink()
    user_folder(folder / "notes")
    with staged_folder(folder) as stage:
        (stage / "index.html").write_text("new")
    assert (folder / "notes" / "post.md").read_text() == "my post" and settled(folder)


@pytest.mark.parametrize("path", [".", "a/.", "a//b", "./a", "/etc/hosts", "a/", "a/../b"])
def test_a_list_with_a_path_not_plainly_inside_is_a_foreign_folder(place, path):
    folder = user_folder(place / "out")
    (folder / OWNED_NAME).write_text(json.dumps({"complete": True, "files": [path, "post.md"]}))
    refused(["page", "--output", "out"], "did not write", "post.md")
    assert sorted(os.listdir(folder)) == [OWNED_NAME, "post.md"]
