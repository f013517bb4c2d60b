"""The camera of a 3D scene, framed: every move keeps the drawn points, the framed labels and
the framed figures in the frame and out from under the pinned panels.

The camera only moves through :meth:`CameraWork.camera_to`, which zooms out whenever a drawn
point, framed label or framed figure would leave the frame or slip under a panel pinned in
it (:func:`scenes.kit.framing.fit_zoom`); the labelled axes follow the zoom so they keep
their screen size (:meth:`CameraWork.fit_axes`). Orbits turn no faster than a viewer follows
(:data:`TURN_SPEED`). A mixin of :class:`scenes.base.geometry.GeometryScene`.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from manim import DEGREES, Animation, FadeOut, Group, Mobject, UpdateFromAlphaFunc, linear, smooth

import normmath as nm
from scenes.base.narrated import APPEAR_SECONDS
from scenes.base.overlays import reframing
from scenes.kit import figures, framing, style

__all__ = ["TURN_SPEED", "with_labels", "CameraWork"]

_FRAMING_SAMPLES = 48

TURN_SPEED = 30.0
"""Fastest turn of an eased camera move, in degrees per second (a viewer follows it)."""

AXIS_LABEL_ROOM = 0.6
"""Frame units kept beyond an axis end for its label, when the axes are shortened."""

AXIS_SHORTEST = 0.3
"""Smallest share of their full screen length the axes shrink to."""


def with_labels(points: np.ndarray, labels: list[Mobject]) -> tuple[np.ndarray, np.ndarray]:
    """``points`` (half sizes zero) followed by the centres of ``labels`` with their half
    widths and heights, shapes (k, 3) and (k, 2)."""
    centres = np.array([label.get_center() for label in labels]).reshape(-1, 3)
    halves = np.array([[label.width / 2, label.height / 2] for label in labels]).reshape(-1, 2)
    return np.concatenate([points, centres]), np.concatenate([np.zeros((len(points), 2)), halves])


class CameraWork:
    """The framed camera moves of a 3D scene: to a pose, by a turn, orbits."""

    def framing_zoom(
        self,
        pose: str,
        points: np.ndarray,
        halves: np.ndarray | None = None,
    ) -> float:
        """The zoom of ``pose``, lowered just enough to hold ``points`` (with label
        ``halves``) in frame and off the panels."""
        view = style.POSES[pose]
        fit = framing.fit_zoom(
            np.reshape(points, (-1, 3)),
            view.phi * DEGREES,
            view.theta * DEGREES,
            view.focal_distance,
            self.keep_out(),
            halves,
        )
        return min(view.zoom, fit)

    def open_facing(self, outputs: np.ndarray, thetas: np.ndarray, *closest: float) -> float:
        """Turn the camera about the vertical axis to the azimuth of ``thetas`` that shows
        ``outputs`` most on its near side (:func:`~scenes.kit.framing.facing_azimuth`; none:
        no turn), zoomed to frame the opening points from there, no closer than the pose
        nor than any of ``closest``; return the zoom."""
        camera = self.renderer.camera
        phi, theta = camera.get_phi(), camera.get_theta()
        if len(outputs):
            theta = framing.facing_azimuth(np.asarray(outputs), phi, thetas)
        focal = camera.get_focal_distance()
        fit = framing.fit_zoom(self.opening_points(), phi, theta, focal, self.keep_out())
        zoom = min(style.POSES[self.pose].zoom, fit, *closest)
        self.set_camera_orientation(theta=theta, zoom=zoom)
        return zoom

    def fit_axes(self) -> None:
        """Re-fit the axes to the camera's zoom, each half :data:`scenes.kit.figures.AXIS_SCREEN`
        long on screen, or shorter where perspective would carry an end (and its label) out
        of the frame."""
        camera = self.renderer.camera
        zoom = camera.get_zoom()
        origin = framing.frame_positions(camera, np.zeros(3))[0]
        reach = figures.axis_length(zoom) * np.concatenate([np.eye(3), -np.eye(3)])
        arms = framing.frame_positions(camera, reach) - origin
        limit = framing.frame_limit(framing.FRAME_MARGIN + AXIS_LABEL_ROOM)
        with np.errstate(divide="ignore"):
            room = (limit - np.sign(arms) * origin) / np.abs(arms)
        share = float(np.clip(np.min(room), AXIS_SHORTEST, 1.0))
        self.axis_screen = figures.AXIS_SCREEN * share
        figures.set_axes(self.axes, zoom, self.axis_screen)

    def drawn_points(self) -> np.ndarray:
        """Positions of every dot of the registered point groups now drawn (a group added
        whole, or dot by dot), shape (k, 3)."""
        drawn = {id(m) for m in self.get_mobject_family_members()}
        shown = [
            dot.get_center() for g in self.points_mob.values() for dot in g if id(dot) in drawn
        ]
        return np.reshape(shown, (-1, 3))

    def framed_now(self) -> tuple[np.ndarray, np.ndarray]:
        """What the framing keeps in view now: the drawn points and the centres of the
        framed labels shown, shape (k, 3), with the half width and height each covers on
        screen, shape (k, 2) (zero for a point; a label is drawn at its own size)."""
        shown = [label for label in self.framed_labels if label in self.mobjects]
        figures_shown = [f.points[0::4] for f in self.framed_figures if f in self.mobjects]
        return with_labels(np.concatenate([self.drawn_points(), *figures_shown]), shown)

    def camera_to(
        self,
        run_time: float,
        *anims: Animation,
        pose: str | None = None,
        degrees: float = 0.0,
        rate_func: Callable[[float], float] = smooth,
        points_move: bool | None = None,
        framed: bool = True,
        zoom: float | None = None,
        reserve: np.ndarray | None = None,
        room_for: tuple[Mobject, ...] = (),
    ) -> None:
        """Play ``anims`` while the camera turns to ``pose`` (and/or ``degrees`` further about
        the vertical axis), at the pose's zoom (or ``zoom``) lowered just enough that every
        drawn point stays in frame.

        Moving points (``points_move``, by default whenever ``anims`` are given) are framed
        frame by frame, the camera animation running after theirs; for still points the whole
        turn's framing is known ahead, and the zoom eases toward what a later part of the turn
        needs in time to meet it, as slowly as that allows
        (:func:`scenes.kit.framing.ahead_zoom`). With ``framed`` off the zoom follows the pose
        alone (a close-up that lets far points leave the frame). The first frame keeps the
        camera's zoom: a framing it does not meet yet is eased into
        (:func:`scenes.kit.framing.settled_bound`), and a framed zoom never changes faster
        than :data:`scenes.kit.framing.ZOOM_SPEED` (:func:`scenes.kit.framing.limited_zoom`),
        so the camera never jumps at a beat's start, after a pause or as labels move.
        ``reserve`` (shape (k, 3)) are points framed as well: where an object the next beat
        adds will be, so the camera makes room for it in time; ``room_for`` are panels,
        placed in their corners, the next beat pins (points are kept from under them
        already).
        """
        points_move = bool(anims) if points_move is None else points_move
        camera = self.renderer.camera
        start = np.array([camera.get_phi(), camera.get_theta(), camera.get_zoom()])
        end = start.copy()
        if pose is not None:
            target = style.POSES[pose]
            end = np.array([target.phi * DEGREES, target.theta * DEGREES, target.zoom])
        end[1] += degrees * DEGREES
        end[2] = end[2] if zoom is None else zoom
        focal = camera.get_focal_distance()

        keep_out = self.keep_out() + [framing.frame_box(panel) for panel in room_for]

        extra = np.zeros((0, 3)) if reserve is None else np.reshape(reserve, (-1, 3))

        def fit(alpha: float) -> float:
            phi, theta = nm.interpolate(start[:2], end[:2], alpha)
            points, halves = self.framed_now()
            points = np.concatenate([points, extra])
            halves = np.concatenate([halves, np.zeros((len(extra), 2))])
            return framing.fit_zoom(points, phi, theta, focal, keep_out, halves)

        times = np.linspace(0.0, 1.0, _FRAMING_SAMPLES + 1)
        needs = np.full_like(times, np.inf)
        if framed and not points_move:  # still points: the whole move's framing, ahead
            needs = np.array([fit(rate_func(t)) for t in times])
        times *= run_time
        speed = framing.ease_speed(needs, times, start[2])
        first_need = framing.ahead_zoom(needs, times, 0.0, speed)
        moving_first = fit(0.0) if framed and points_move else np.inf
        last = {"zoom": start[2], "elapsed": 0.0}

        def update(_, elapsed: float) -> None:
            alpha = rate_func(elapsed)
            phi, theta, zoom = nm.interpolate(start, end, alpha)
            seconds = elapsed * run_time
            moving = fit(alpha) if framed and points_move else np.inf
            need = framing.ahead_zoom(needs, times, seconds, speed)
            limit = min(
                framing.settled_bound(need, first_need, start[2], seconds),
                framing.settled_bound(moving, moving_first, start[2], seconds),
            )
            if framed:  # the framing's zoom, never faster than a move
                step = (elapsed - last["elapsed"]) * run_time
                zoom = framing.limited_zoom(last["zoom"], min(zoom, limit), step)
            last.update(zoom=zoom, elapsed=elapsed)
            camera.phi_tracker.set_value(phi)
            camera.theta_tracker.set_value(theta)
            camera.zoom_tracker.set_value(zoom)
            self.fit_axes()

        trackers = Group(camera.phi_tracker, camera.theta_tracker, camera.zoom_tracker)
        turn = reframing(UpdateFromAlphaFunc(trackers, update, rate_func=linear))
        self.play(*anims, turn, run_time=run_time)

    @staticmethod
    def gentle_turn(degrees: float, run_time: float) -> float:
        """``degrees``, cut to the largest turn an eased move of ``run_time`` seconds makes
        without passing :data:`TURN_SPEED` (a short beat turns less)."""
        most = TURN_SPEED * run_time / framing.SMOOTH_PEAK_SLOPE
        return float(np.clip(degrees, -most, most))

    def orbit(self, degrees: float, run_time: float, *anims: Animation) -> None:
        """Turn the camera ``degrees`` about the vertical axis at constant speed."""
        self.camera_to(run_time, *anims, degrees=degrees, rate_func=linear, points_move=False)

    def orbit_without_trails(self) -> None:
        """The final orbit, fading out the trails (they reach far outside the sphere)."""
        with self.beat("orbit") as tracker:
            fades = [FadeOut(trail) for trail in self.trails]
            self.orbit(self.orbit_degrees, tracker.duration, *fades)

    def orbit_edge_on(self, words: str, normal: np.ndarray, beat: str = "orbit") -> None:
        """Speak ``beat`` while the camera circles: it turns to see the plane of unit
        ``normal`` edge on, arriving (and slowing there) just after ``words`` are said, then
        turns on by :attr:`~scenes.base.geometry.GeometryScene.orbit_degrees` the same way: a
        claim that points lie in the plane is shown where it shows, as a line."""
        with self.beat(beat) as tracker:
            camera = self.renderer.camera
            theta = framing.edge_on_theta(normal, camera.get_phi(), camera.get_theta())
            turn = float(np.degrees(theta - camera.get_theta()))
            said = self.said_at(beat, words, tracker.duration) + APPEAR_SECONDS
            fastest = framing.SMOOTH_PEAK_SLOPE * abs(turn) / TURN_SPEED
            at = min(max(said, fastest), tracker.duration / 2)
            self.camera_to(at, degrees=turn, points_move=False)
            rest = tracker.duration - at
            on = min(self.orbit_degrees, TURN_SPEED * rest / framing.SMOOTH_PEAK_SLOPE)
            self.camera_to(rest, degrees=on if turn >= 0 else -on, points_move=False)

    def orbit_final(self, beat: str = "orbit") -> None:
        """Speak ``beat`` while the camera circles the final state."""
        with self.beat(beat) as tracker:
            self.orbit(self.orbit_degrees, tracker.duration)
