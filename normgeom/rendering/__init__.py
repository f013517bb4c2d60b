"""Rendering: a render is a value (a job) that one runner executes and one cache keys.

One job per module: :mod:`.quality` (Manim's presets), :mod:`.targets` (what can be
rendered), :mod:`.narration_check` (a scene of one's own against its narration, before it
renders), :mod:`.job` (the typed render job), :mod:`.paths` (where outputs go),
:mod:`.cache` (keys from declared inputs), :mod:`.state` (the state file, typed records,
validated outputs), :mod:`.atomic` (crash-safe writes, locks across processes),
:mod:`.repair` (Manim's and manim-voiceover's caches checked before reuse), :mod:`.disk` (a
full disk), :mod:`.worker` (one job inside a worker process, through Manim's Python API),
:mod:`.runner` (jobs in worker processes, cached), :mod:`.schedule` (which job runs first),
:mod:`.ranges` (which beats each parallel range renders, and when a scene is split),
:mod:`.range_media` (a range's partial movies, the ranges joined), :mod:`.video_copy`
(video packets copied at an offset), :mod:`.cluster` (the runner's executor on a Dask
cluster), :mod:`.probe` (reading media) and :mod:`.versions`.
"""
