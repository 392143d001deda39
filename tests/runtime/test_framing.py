"""Frames on the native-messaging and socket links: lengths, caps, chunking under Chrome's 1 MB."""
from __future__ import annotations

import io
import json
import struct

import pytest
from hypothesis import given, settings, strategies as st

from siteagent_runtime import framing
from siteagent_runtime.framing import FrameError, Joiner


def test_encode_is_native_length_then_utf8_json():
    data = framing.encode({"t": "x", "s": "é"})
    (n,) = struct.unpack("=I", data[:4])
    assert n == len(data) - 4 and json.loads(data[4:].decode()) == {"t": "x", "s": "é"}
    little = framing.encode({"a": 1}, framing.LITTLE)
    assert little[:4] == struct.pack("<I", len(little) - 4)


def test_read_frame_round_trip_eof_and_errors():
    stream = io.BytesIO(framing.encode({"a": 1}) + framing.encode({"b": 2}))
    assert framing.read_frame(stream.read, 100) == {"a": 1}
    assert framing.read_frame(stream.read, 100) == {"b": 2}
    assert framing.read_frame(stream.read, 100) is None                     # clean EOF
    with pytest.raises(FrameError) as big:
        framing.read_frame(io.BytesIO(struct.pack("=I", 101) + b"x" * 101).read, 100)
    assert big.value.code == "too_big"
    with pytest.raises(FrameError) as cut:
        framing.read_frame(io.BytesIO(struct.pack("=I", 10) + b"{}").read, 100)
    assert cut.value.code == "truncated"
    with pytest.raises(FrameError) as half_header:
        framing.read_frame(io.BytesIO(b"\x01\x00").read, 100)
    assert half_header.value.code == "truncated"
    for body in (b"hell", b"[1]", b"\xff\xfe"):
        with pytest.raises(FrameError) as bad:
            framing.read_frame(io.BytesIO(struct.pack("=I", len(body)) + body).read, 100)
        assert bad.value.code == "bad_frame"


def test_small_message_is_one_frame():
    frames = framing.to_extension_frames({"t": "req", "args": {"x": "y"}}, "c1")
    assert len(frames) == 1 and json.loads(frames[0][4:]) == {"t": "req", "args": {"x": "y"}}


@pytest.mark.parametrize("char", ["a", "é", "\u0001", "\"", "\\", "\U0001F600"])
def test_large_message_chunks_stay_under_1_mb_and_join(char):
    message = {"t": "req", "id": "r1", "args": {"text": char * 1_500_000}}
    frames = framing.to_extension_frames(message, "c9")
    assert len(frames) > 1
    assert all(len(f) - 4 < 1024 * 1024 for f in frames)
    assert max(len(f) for f in frames) <= framing.HOST_TO_EXT_MAX
    joiner = Joiner()
    outs = [joiner.feed(json.loads(f[4:])) for f in frames]
    assert outs[:-1] == [None] * (len(frames) - 1) and outs[-1] == message


def test_joiner_refuses_duplicates_out_of_range_and_oversize():
    joiner = Joiner()
    assert joiner.feed({"t": "chunk", "cid": "a", "i": 0, "n": 2, "data": "{\"t\":"}) is None
    with pytest.raises(FrameError):
        joiner.feed({"t": "chunk", "cid": "a", "i": 0, "n": 2, "data": "again"})
    with pytest.raises(FrameError):
        joiner.feed({"t": "chunk", "cid": "b", "i": 5, "n": 2, "data": "x"})
    small = Joiner(max_chars=10)
    with pytest.raises(FrameError) as big:
        small.feed({"t": "chunk", "cid": "c", "i": 0, "n": 3, "data": "x" * 11})
    assert big.value.code == "too_big"
    assert Joiner().feed({"t": "plain"}) == {"t": "plain"}


@settings(max_examples=30, deadline=None)
@given(st.text(min_size=0, max_size=300), st.integers(min_value=0, max_value=3))
def test_chunks_join_back_for_any_text(text, order_seed):
    # a small chunk size so property runs are fast; the rule is the same
    message = {"t": "req", "args": {"text": text * 50}}
    old = framing.CHUNK_CHARS, framing.HOST_TO_EXT_MAX
    framing.CHUNK_CHARS, framing.HOST_TO_EXT_MAX = 64, 64 * 6 + 80
    try:
        frames = framing.to_extension_frames(message, "p")
    finally:
        framing.CHUNK_CHARS, framing.HOST_TO_EXT_MAX = old
    joiner = Joiner()
    decoded = [json.loads(f[4:]) for f in frames]
    if len(decoded) > 1 and order_seed:
        decoded = decoded[order_seed % len(decoded):] + decoded[:order_seed % len(decoded)]
    results = [joiner.feed(d) for d in decoded]
    assert [r for r in results if r is not None] == [message]
