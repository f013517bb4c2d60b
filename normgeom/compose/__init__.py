"""The lecture: :mod:`.clips` (clips back to back in one chaptered MP4), :mod:`.subtitles`
(merged SRT and WebVTT), :mod:`.manifest` (the typed lecture manifest), :mod:`.loudness`
(the finished file's loudness, measured as it streams), :mod:`.page_states` (the chapters
that show one vector as states of the live page, linked from the manifest) and
:mod:`.lecture` (title card and scenes into the lecture and its side files)."""
