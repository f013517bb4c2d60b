"""normgeom scenes: Manim scenes drawn from :mod:`normmath`, and the rendering front end."""
