"""normmath: the numeric core of normgeom (pure numpy; never imports manim).

LayerNorm and RMSNorm with explicit undefined rows, their per-row statistics, the geometry
the scenes draw (plane, sphere, equator, ellipsoid, poles, LayerNorm steps), the meridian
half-plane of any width, the seeded reference datasets and the one-vector lesson.
"""

from normmath.datasets import (
    COLLAPSE_SEED,
    DEMO_BIAS,
    DEMO_EPS,
    DEMO_GAIN,
    MAIN_CLOUD_SEED,
    REGIMES_SEED,
    PointSet,
    check_point_file,
    collapse_set,
    load_points,
    main_cloud,
    regime_clouds,
)
from normmath.errors import NormMathError, UndefinedResultError
from normmath.geometry import (
    LayerNormSteps,
    apply_affine,
    collapse_poles,
    equator_points,
    interpolate,
    layer_norm_steps,
    plane_basis,
    project_to_mean_zero,
    smooth,
    sphere_radius,
    sphere_wireframe,
    uniform_component,
    uniform_vector,
)
from normmath.lesson import (
    LESSON_EPS,
    POSITIVE,
    PRESETS,
    Lesson,
    LessonRow,
    display,
    lesson,
    preset,
)
from normmath.measures import mean_sphere_gap, sphere_gap
from normmath.meridian import (
    Meridian,
    from_meridian,
    meridian,
    meridian_basis,
    meridian_of_stats,
)
from normmath.norms import LAYER_NORM_EPS, RMS_NORM_EPS, NormResult, layer_norm, rms_norm
from normmath.stats import RowStats, angle_to_uniform, mean_to_std_ratio, row_stats

__all__ = [
    "COLLAPSE_SEED",
    "DEMO_BIAS",
    "DEMO_EPS",
    "DEMO_GAIN",
    "LAYER_NORM_EPS",
    "LESSON_EPS",
    "MAIN_CLOUD_SEED",
    "POSITIVE",
    "PRESETS",
    "REGIMES_SEED",
    "RMS_NORM_EPS",
    "LayerNormSteps",
    "Lesson",
    "LessonRow",
    "Meridian",
    "NormMathError",
    "NormResult",
    "PointSet",
    "RowStats",
    "UndefinedResultError",
    "angle_to_uniform",
    "apply_affine",
    "check_point_file",
    "collapse_poles",
    "collapse_set",
    "display",
    "equator_points",
    "from_meridian",
    "interpolate",
    "layer_norm",
    "layer_norm_steps",
    "lesson",
    "load_points",
    "main_cloud",
    "mean_sphere_gap",
    "mean_to_std_ratio",
    "meridian",
    "meridian_basis",
    "meridian_of_stats",
    "plane_basis",
    "preset",
    "project_to_mean_zero",
    "regime_clouds",
    "rms_norm",
    "row_stats",
    "smooth",
    "sphere_gap",
    "sphere_radius",
    "sphere_wireframe",
    "uniform_component",
    "uniform_vector",
]
