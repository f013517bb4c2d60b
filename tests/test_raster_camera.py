"""The raster-caching camera draws the same frames, rasterizing only what repeats."""

from fixtures.cameras import assert_rerun_reuses_every_play, assert_same_picture
from manim import LEFT, RIGHT, UP, Camera, Dot, Scene, Square, Text, VGroup, tempconfig

from scenes.camera.raster import RasterCachingCamera, look_signature


class BoardWithMovingDot(Scene):
    """A board that looks still but is redrawn every frame (an updater follows it, as the
    lessons' boards follow their trackers) while a dot slides across the frame."""

    def construct(self):
        heading = Text("x - mu", font_size=36).to_edge(UP)
        square = Square(side_length=1.5, color="#E69F00", fill_opacity=0.4).shift(LEFT * 2)
        dot = Dot(RIGHT, color="#56B4E9")
        board = VGroup(heading, square).add_updater(lambda group: group)
        self.add(board, dot)
        self.play(dot.animate.shift(RIGHT * 2 + UP), run_time=1)
        self.play(dot.animate.shift(LEFT * 3), run_time=0.5)


SETTINGS = {
    "pixel_width": 160,
    "pixel_height": 90,
    "frame_rate": 10,
    "disable_caching": True,
    "write_to_movie": False,
    "progress_bar": "none",
    "verbosity": "WARNING",
}


class TinyBudgetCamera(RasterCachingCamera):
    """Room for about one raster."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, raster_budget_mb=0.001, **kwargs)


def render(camera_class, tmp_path, **settings):
    """Render the scene; return its final frame and its renderer."""
    with tempconfig({**SETTINGS, "media_dir": str(tmp_path), **settings}):
        scene = BoardWithMovingDot(camera_class=camera_class)
        scene.render()
        return scene.renderer.get_frame().astype(int), scene.renderer


def test_same_frame_as_plain_camera(tmp_path):
    assert_same_picture(render(Camera, tmp_path)[0], render(RasterCachingCamera, tmp_path)[0])


def test_still_mobjects_are_rasterized_once_and_moving_ones_never(tmp_path, monkeypatch):
    drawn = []
    real = RasterCachingCamera._rasterize
    monkeypatch.setattr(
        RasterCachingCamera,
        "_rasterize",
        lambda self, m, matrix: drawn.append(m) or real(self, m, matrix),
    )
    camera = render(RasterCachingCamera, tmp_path)[1].camera
    kinds = [type(m).__name__ for m in drawn]
    assert "Dot" not in kinds
    assert kinds.count("Square") == 1
    assert len(drawn) == len(set(map(id, drawn)))  # each still mobject once
    assert len(camera.rasters) == len(drawn)


def test_small_budget_evicts_least_recently_painted(tmp_path):
    frame, renderer = render(TinyBudgetCamera, tmp_path)
    camera = renderer.camera
    plain, _ = render(Camera, tmp_path)
    assert len(camera.rasters) == 1
    assert 0 < camera.rasters.nbytes <= 100_000  # one small raster and its key
    assert_same_picture(plain, frame)  # evicted rasters are drawn again, not lost


def test_signature_follows_look():
    one, same = Square(), Square()
    assert look_signature(one) == look_signature(same)
    assert look_signature(one) != look_signature(same.copy().shift(RIGHT * 1e-3))
    assert look_signature(one) != look_signature(same.copy().set_color("#FF0000"))
    assert look_signature(one) != look_signature(same.copy().set_stroke(width=9))
    assert look_signature(one, b"frame a") != look_signature(one, b"frame b")


def test_rerun_reuses_every_partial_movie(tmp_path):
    """The cache is kept out of Manim's play keys, so drawing history cannot change them."""
    assert_rerun_reuses_every_play(
        lambda **settings: render(RasterCachingCamera, tmp_path, **settings)[1], plays=2
    )
