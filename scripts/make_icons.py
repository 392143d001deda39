"""Draw the Site Agent icon (a shield with a check) at the four manifest sizes, with no image library."""
import math
import struct
import sys
import zlib
from pathlib import Path


def png(width, height, rows):
    raw = b"".join(b"\x00" + bytes(row) for row in rows)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def seg_dist(px, py, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def shield(x, y):
    """Signed distance-ish test in unit square: inside the shield outline."""
    if y < 0.12 or y > 0.92:
        return False
    half = 0.36 if y < 0.55 else 0.36 * math.cos((y - 0.55) / 0.37 * math.pi / 2) ** 0.8
    top_dip = 0.03 * math.cos((x - 0.5) / 0.36 * math.pi / 2)
    return abs(x - 0.5) <= half and y >= 0.12 + top_dip


def pixel(x, y):
    if not shield(x, y):
        return (0, 0, 0, 0)
    t = y
    r, g, b = int(47 + 20 * t), int(111 - 30 * t), int(237 - 40 * t)
    if seg_dist(x, y, 0.33, 0.52, 0.46, 0.66) < 0.055 or seg_dist(x, y, 0.46, 0.66, 0.69, 0.38) < 0.055:
        return (255, 255, 255, 255)
    return (r, g, b, 255)


def draw(size, samples=4):
    rows = []
    for j in range(size):
        row = []
        for i in range(size):
            acc = [0, 0, 0, 0]
            for sj in range(samples):
                for si in range(samples):
                    p = pixel((i + (si + .5) / samples) / size, (j + (sj + .5) / samples) / size)
                    for k in range(3):
                        acc[k] += p[k] * p[3]
                    acc[3] += p[3]
            a = acc[3] / (samples * samples)
            if acc[3]:
                row += [round(acc[0] / acc[3]), round(acc[1] / acc[3]), round(acc[2] / acc[3]), round(a)]
            else:
                row += [0, 0, 0, 0]
        rows.append(row)
    return png(size, size, rows)


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "templates/icons")
    out.mkdir(parents=True, exist_ok=True)
    for size in (16, 32, 48, 128):
        (out / f"icon-{size}.png").write_bytes(draw(size))
