"""``normgeom audit``: scenes checked as a viewer sees them, without drawing a frame, and
rendered videos checked as a black box.

:mod:`.play` plays a scene headlessly and samples it, :mod:`.screen` turns one moment into
boxes on screen after the camera's projection, :mod:`.rules` checks each sample,
:mod:`.temporal` checks consecutive samples (rules across frames), :mod:`.video` checks a
rendered video frame by frame, :mod:`.findings` holds a finding and its forms, and
:mod:`.run` audits scenes in worker processes and gathers the findings.
"""
