"""The drawing kit: style, cheap 3D figures, pinned panels and cues, framing maths and the
lesson board."""
