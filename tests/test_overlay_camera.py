"""The overlay-caching camera draws the same frames and rasterizes a static panel once."""

import numpy as np
import pytest
from fixtures.cameras import assert_rerun_reuses_every_play, assert_same_picture
from manim import DEGREES, UL, Circle, Dot, Text, ThreeDCamera, ThreeDScene, VGroup, tempconfig

import scenes.camera.overlay as overlay_camera


class PanelOrbit(ThreeDScene):
    """A panel fixed in frame over dots, a ring and a label facing the camera while the
    camera turns."""

    def construct(self):
        self.set_camera_orientation(phi=60 * DEGREES, theta=30 * DEGREES)
        dots = VGroup(*(Dot([x, x / 2, -x], color="#56B4E9") for x in np.linspace(-2, 2, 5)))
        ring = Circle(radius=1.5, color="#E69F00").rotate(0.4, axis=[1, 0, 0])
        facing = Text("x1 = 2", font_size=36).move_to([1.0, -1.0, 1.5])
        self.add_fixed_orientation_mobjects(facing)
        panel = Text("legend: x - mu", font_size=30).to_corner(UL)
        self.add_fixed_in_frame_mobjects(panel)
        self.add(dots, ring, facing, panel)
        self.move_camera(theta=120 * DEGREES, run_time=1)
        self.wait(0.3)


def rendered(camera_class, tmp_path, **overrides):
    """Render the orbit; return its renderer."""
    settings = {
        "pixel_width": 160,
        "pixel_height": 90,
        "frame_rate": 10,
        "disable_caching": True,
        "media_dir": str(tmp_path),
        "write_to_movie": False,
        "progress_bar": "none",
        "verbosity": "WARNING",
        **overrides,
    }
    with tempconfig(settings):
        scene = PanelOrbit(camera_class=camera_class)
        scene.render()
        return scene.renderer


def final_frame(camera_class, tmp_path):
    return rendered(camera_class, tmp_path).get_frame().astype(int)


def test_same_frame_as_plain_camera(tmp_path):
    plain = final_frame(ThreeDCamera, tmp_path)
    assert_same_picture(plain, final_frame(overlay_camera.OverlayCachingCamera, tmp_path))


def test_static_panel_is_rasterized_once(tmp_path, monkeypatch):
    calls = []
    real = overlay_camera._covered_box
    monkeypatch.setattr(overlay_camera, "_covered_box", lambda p: calls.append(1) or real(p))
    final_frame(overlay_camera.OverlayCachingCamera, tmp_path)
    assert len(calls) == 1


@pytest.mark.parametrize("text", ["a", "b"])
def test_signature_follows_content(text):
    one, same = Text(text), Text(text)
    assert overlay_camera.overlay_signature(one) == overlay_camera.overlay_signature(same)
    assert overlay_camera.overlay_signature(one) != overlay_camera.overlay_signature(
        same.set_color("#FF0000")
    )


def test_rerun_reuses_every_partial_movie(tmp_path):
    """The layers are kept out of Manim's play keys, so drawing history cannot change them."""
    assert_rerun_reuses_every_play(
        lambda **settings: rendered(overlay_camera.OverlayCachingCamera, tmp_path, **settings),
        plays=2,
    )
