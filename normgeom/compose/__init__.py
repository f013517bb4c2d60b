"""The lecture: :mod:`.clips` (clips back to back in one chaptered MP4), :mod:`.subtitles`
(merged SRT and WebVTT), :mod:`.manifest` (the typed lecture manifest) and :mod:`.lecture`
(title card and scenes into the lecture and its side files)."""
