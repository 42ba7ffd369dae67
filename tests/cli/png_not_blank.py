#!/usr/bin/env python3
"""Exits 0 when a PNG screenshot shows something: enough pixels that differ from its most common
colour (the background) and enough distinct colours, 1 when it is blank or nearly so.

    png_not_blank.py SCREENSHOT.png [--min-fraction 0.02] [--min-colours 8]

Decodes the PNG itself (8-bit RGB or RGBA, as Chromium writes them) with zlib alone, so that the
test needs nothing beyond Python's standard library.
"""
import argparse
import collections
import struct
import sys
import zlib


def pixels(path):
    with open(path, "rb") as png:
        data = png.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG file")
    position, compressed, header = 8, b"", None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            compressed += body
        position += 12 + length
    width, height, depth, colour_type, _, _, interlace = header
    if depth != 8 or colour_type not in (2, 6) or interlace != 0:
        raise ValueError(f"{path}: only 8-bit RGB(A) non-interlaced PNGs are read (depth {depth}, type {colour_type})")
    channels = 3 if colour_type == 2 else 4
    raw = zlib.decompress(compressed)
    stride = width * channels
    previous = bytearray(stride)
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            up_left = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                estimate = left + up - up_left
                pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - up_left)
                predictor = left if pa <= pb and pa <= pc else up if pb <= pc else up_left
                line[i] = (line[i] + predictor) & 0xFF
        for x in range(0, stride, channels):
            yield bytes(line[x:x + 3])
        previous = line


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("png")
    parser.add_argument("--min-fraction", type=float, default=0.02)
    parser.add_argument("--min-colours", type=int, default=8)
    arguments = parser.parse_args()
    counts = collections.Counter(pixels(arguments.png))
    total = sum(counts.values())
    background, most = counts.most_common(1)[0]
    drawn = 1 - most / total
    print(f"{arguments.png}: {total} pixels, {len(counts)} colours, {100 * drawn:.2f}% differ from the background "
          f"#{background.hex()}")
    if drawn < arguments.min_fraction or len(counts) < arguments.min_colours:
        print(f"{arguments.png}: blank (needs {100 * arguments.min_fraction:.1f}% drawn and {arguments.min_colours} colours)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
