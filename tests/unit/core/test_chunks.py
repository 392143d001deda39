"""core/chunks.py: joining the native host's chunk frames in any order, refusing what does not fit.
The frames come from the runtime's own splitter (siteagent_runtime/framing.py), so both ends agree."""
import itertools
import json

from core.chunks import MAX_CHUNKS, join_step
from siteagent_runtime import framing


def frames_of(message, chunk_chars):
    old = framing.CHUNK_CHARS, framing.HOST_TO_EXT_MAX
    framing.CHUNK_CHARS, framing.HOST_TO_EXT_MAX = chunk_chars, chunk_chars * 6 + 80
    try:
        return [json.loads(f[4:]) for f in framing.to_extension_frames(message, "c1")]
    finally:
        framing.CHUNK_CHARS, framing.HOST_TO_EXT_MAX = old


def test_joins_the_runtime_frames_in_any_order():
    message = {"t": "req", "args": {"text": "é\"\\\n\U0001F600" * 20}}
    frames = frames_of(message, 16)
    assert len(frames) > 3
    for order in itertools.islice(itertools.permutations(frames), 30):
        entry, text = None, None
        for frame in order:
            step = join_step(entry, frame)
            assert step["error"] is None
            entry, text = step["entry"], step["text"]
        assert entry is None and json.loads(text) == message


def test_refuses_duplicates_mismatches_and_oversize():
    first = join_step(None, {"i": 0, "n": 2, "data": "a"})
    assert first["entry"] == {"n": 2, "got": 1, "parts": ["a", None]}
    assert join_step(first["entry"], {"i": 0, "n": 2, "data": "a"})["error"] == "bad_chunk"
    assert join_step(first["entry"], {"i": 1, "n": 3, "data": "b"})["error"] == "bad_chunk"
    assert join_step(None, {"i": 0, "n": MAX_CHUNKS + 1, "data": ""})["error"] == "bad_chunk"
    assert join_step(first["entry"], {"i": 1, "n": 2, "data": "b"}) == {"entry": None, "text": "ab", "error": None}
    assert first["entry"]["parts"] == ["a", None]          # the entry passed in is not changed
