"""Frames on the two links: native messaging (browser <-> host) and the socket (host <-> server).

Both are a 4-byte length then UTF-8 JSON. Native messaging uses the native byte order (Chrome's
rule); the socket uses little-endian. Host -> extension frames must stay under Chrome's 1 MB cap
(a bigger frame makes Chrome close the port), so a bigger message is split into `chunk` frames
that the extension joins (entries/worker/mcp.py). Sizes are capped on every read.
"""
from __future__ import annotations

import json
import struct
import sys

# Chrome refuses a host -> extension message of 1 MB (1,048,576 bytes) or more; stay well under.
HOST_TO_EXT_MAX = 1024 * 1024 - 1
# Chrome's cap for extension -> host messages; anything larger read from the browser is refused.
EXT_TO_HOST_MAX = 64 * 1024 * 1024
# Socket frames (server <-> host), each way.
SOCKET_MAX = 64 * 1024 * 1024
# Characters of the message text per chunk: even at 6 bytes per character (\u00XX escapes) a
# chunk frame stays under 800 KB.
CHUNK_CHARS = 128 * 1024

NATIVE = struct.Struct("=I")
LITTLE = struct.Struct("<I")


class FrameError(Exception):
    """A frame that cannot be read: too big, cut short, or not JSON. `code` is a stable reason."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def encode(message: dict, header: struct.Struct = NATIVE) -> bytes:
    body = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return header.pack(len(body)) + body


def decode_body(body: bytes) -> dict:
    try:
        value = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise FrameError("bad_frame", f"frame is not UTF-8 JSON: {exc}") from None
    if not isinstance(value, dict):
        raise FrameError("bad_frame", "frame is not a JSON object")
    return value


def read_exact(read, n: int) -> bytes | None:
    """n bytes from read(k) (a file's read or a socket's recv), or None at a clean EOF before any byte."""
    parts, got = [], 0
    while got < n:
        piece = read(n - got)
        if not piece:
            if got == 0:
                return None
            raise FrameError("truncated", f"stream ended {got} bytes into a {n}-byte read")
        parts.append(piece)
        got += len(piece)
    return b"".join(parts)


def read_frame(read, limit: int, header: struct.Struct = NATIVE) -> dict | None:
    """The next message, or None at EOF. A length over `limit` raises FrameError('too_big')."""
    head = read_exact(read, header.size)
    if head is None:
        return None
    (length,) = header.unpack(head)
    if length > limit:
        raise FrameError("too_big", f"frame of {length} bytes is over the {limit}-byte cap")
    body = read_exact(read, length)
    if body is None:
        raise FrameError("truncated", "stream ended after a frame header")
    return decode_body(body)


def to_extension_frames(message: dict, chunk_id: str) -> list[bytes]:
    """The native-messaging frames that carry `message` to the extension: one frame when it fits,
    else `{"t": "chunk", "cid", "i", "n", "data"}` frames whose `data` joined is the message's JSON."""
    whole = encode(message)
    if len(whole) <= HOST_TO_EXT_MAX:
        return [whole]
    text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
    pieces = [text[i:i + CHUNK_CHARS] for i in range(0, len(text), CHUNK_CHARS)]
    frames = [encode({"t": "chunk", "cid": chunk_id, "i": i, "n": len(pieces), "data": p})
              for i, p in enumerate(pieces)]
    if any(len(f) > HOST_TO_EXT_MAX for f in frames):  # cannot happen with CHUNK_CHARS * 6 < the cap
        raise FrameError("too_big", "a chunk frame would be over Chrome's 1 MB cap")
    return frames


class Joiner:
    """Reassembles chunk frames (the Python twin of the extension's joiner, used by tests and the
    host for symmetry). feed(frame) -> the whole message once its last chunk arrived, else None."""

    def __init__(self, max_chars: int = EXT_TO_HOST_MAX):
        self.max_chars = max_chars
        self._parts: dict[str, list] = {}

    def feed(self, frame: dict) -> dict | None:
        if frame.get("t") != "chunk":
            return frame
        cid, i, n = frame["cid"], frame["i"], frame["n"]
        parts = self._parts.setdefault(cid, [None] * n)
        if len(parts) != n or not 0 <= i < n or parts[i] is not None:
            self._parts.pop(cid, None)
            raise FrameError("bad_chunk", f"chunk {i}/{n} of {cid} does not fit")
        parts[i] = frame["data"]
        if sum(len(p) for p in parts if p) > self.max_chars:
            self._parts.pop(cid, None)
            raise FrameError("too_big", f"chunked message {cid} is over the cap")
        if any(p is None for p in parts):
            return None
        del self._parts[cid]
        return decode_body("".join(parts).encode("utf-8"))


def private_stdout() -> "object":
    """Move the protocol off fd 1: return a binary file on a private duplicate of stdout, and point
    fd 1 (and sys.stdout) at stderr, so a stray print() can never corrupt a frame."""
    import os
    proto_fd = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    if sys.platform == "win32":  # pragma: no cover - Windows only
        import msvcrt
        msvcrt.setmode(proto_fd, os.O_BINARY)
        msvcrt.setmode(0, os.O_BINARY)
    return os.fdopen(proto_fd, "wb", buffering=0)
