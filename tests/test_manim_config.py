"""Each scene process gets the project's manim settings and its own typesetting folders."""

import configparser

from normgeom.render.manim_config import PROJECT_CONFIG, scene_config
from normgeom.render.paths import Layout
from normgeom.render.targets import resolve_scenes


def read(path):
    parser = configparser.ConfigParser(interpolation=None)
    parser.read(path)
    return parser["CLI"]


def test_private_tex_and_text_folders_per_scene(tmp_path):
    layout = Layout(tmp_path)
    first, second = resolve_scenes(["Standardization", "OneVectorLesson"])
    a, b = read(scene_config(layout, first)), read(scene_config(layout, second))
    assert a["tex_dir"] != b["tex_dir"] and a["text_dir"] != b["text_dir"]
    assert a["tex_dir"].startswith(str(tmp_path))


def test_project_settings_are_kept(tmp_path):
    cli = read(scene_config(Layout(tmp_path), resolve_scenes(["Gain"])[0]))
    for key, value in read(PROJECT_CONFIG).items():
        if key not in {"tex_dir", "text_dir"}:
            assert cli[key] == value
