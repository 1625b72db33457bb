"""Read a JPEG's frame header (SOFn) without decoding: size and chroma subsampling.

Used twice: the OpenCV anchor needs the size before it decodes (to pick the
IMREAD_REDUCED_COLOR_* factor), and the benchmark driver checks every output really is the
job's result (512x512, 4:2:0) so a tool that does a cheaper job cannot win by it.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

# SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC), which share the range
_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


@dataclass
class JpegFrame:
    width: int
    height: int
    sampling: list[tuple[int, int]]  # (h, v) sampling factors per component

    @property
    def is_420(self) -> bool:
        """Three components, luma sampled 2x2, both chroma 1x1."""
        return self.sampling == [(2, 2), (1, 1), (1, 1)]


def read_frame(path: str) -> JpegFrame | None:
    """The first frame header of a JPEG file, or None if the file is not a JPEG."""
    with open(path, "rb") as f:
        if f.read(2) != b"\xff\xd8":
            return None
        while True:
            byte = f.read(1)
            while byte == b"\xff":  # fill bytes before a marker
                byte = f.read(1)
            if not byte:
                return None
            marker = byte[0]
            if marker in (0x01, 0xD0, 0xD1, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7):
                continue  # markers without a length
            raw = f.read(2)
            if len(raw) < 2:
                return None
            length = struct.unpack(">H", raw)[0]
            body = f.read(length - 2)
            if marker in _SOF:
                height, width, count = struct.unpack(">HHB", body[1:6])
                sampling = [(body[7 + 3 * i] >> 4, body[7 + 3 * i] & 15) for i in range(count)]
                return JpegFrame(width, height, sampling)
            if marker == 0xDA:  # start of scan before any frame header
                return None
            # every other segment: skip; the next byte must be 0xFF
            if f.read(1) != b"\xff":
                return None
