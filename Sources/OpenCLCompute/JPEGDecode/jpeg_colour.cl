// JPEG samples to RGBA (docs/SPEC.md §9): libjpeg-turbo 2.1's upsampling (jdsample.c: fancy
// h2v1, h1v2 and h2v2 with the edge rows and columns repeated, as its context rows and
// special first and last columns do; plain replication otherwise), its YCbCr to RGB tables
// (jdcolor.c) or gray copied to R, G and B, alpha 255, and the EXIF orientation the host
// decoder applies. One work-item per output pixel (displayed orientation).

#define JPEG_COMPONENT_INTS 12

// Component `info`'s sample for stored pixel (x, y): its upsampling method at that pixel.
inline int jpeg_sample(__global const uchar *planes, __global const int *info, int x, int y) {
    __global const uchar *p = planes + info[4];
    int stride = info[5], dsw = info[6], dsh = info[7], method = info[8];
    if (method == 0) return p[(size_t)y * stride + x];
    if (method == 1) {  // h2v1 fancy
        int i = x >> 1;
        int near = p[(size_t)y * stride + i] * 3;
        if ((x & 1) == 0) return (near + p[(size_t)y * stride + max(i - 1, 0)] + 1) >> 2;
        return (near + p[(size_t)y * stride + min(i + 1, dsw - 1)] + 2) >> 2;
    }
    if (method == 3) {  // h1v2 fancy
        int i = y >> 1;
        int far = (y & 1) == 0 ? max(i - 1, 0) : min(i + 1, dsh - 1);
        int bias = (y & 1) == 0 ? 1 : 2;
        return (p[(size_t)i * stride + x] * 3 + p[(size_t)far * stride + x] + bias) >> 2;
    }
    if (method == 2) {  // h2v2 fancy
        int i = y >> 1, j = x >> 1;
        int farRow = (y & 1) == 0 ? max(i - 1, 0) : min(i + 1, dsh - 1);
        __global const uchar *nearRow = p + (size_t)i * stride, *otherRow = p + (size_t)farRow * stride;
        int other = (x & 1) == 0 ? max(j - 1, 0) : min(j + 1, dsw - 1);
        int thisSum = nearRow[j] * 3 + otherRow[j];
        int otherSum = nearRow[other] * 3 + otherRow[other];
        return (x & 1) == 0 ? (thisSum * 3 + otherSum + 8) >> 4 : (thisSum * 3 + otherSum + 7) >> 4;
    }
    // Replication by info[9] x info[10].
    return p[(size_t)(y / info[10]) * stride + x / info[9]];
}

inline uchar jpeg_clamp(int v) { return (uchar)clamp(v, 0, 255); }

__kernel void jpeg_colour(__global const uchar *planes, __global const int *components, int colourSpace,
                          int storedWidth, int storedHeight, int orientation,
                          __global uchar4 *dst, int dstWidth, int dstHeight) {
    int ox = get_global_id(0), oy = get_global_id(1);
    if (ox >= dstWidth || oy >= dstHeight) return;
    int w = storedWidth, h = storedHeight, sx, sy;
    switch (orientation) {
    case 2: sx = w - 1 - ox; sy = oy; break;
    case 3: sx = w - 1 - ox; sy = h - 1 - oy; break;
    case 4: sx = ox; sy = h - 1 - oy; break;
    case 5: sx = oy; sy = ox; break;
    case 6: sx = oy; sy = h - 1 - ox; break;
    case 7: sx = w - 1 - oy; sy = h - 1 - ox; break;
    case 8: sx = w - 1 - oy; sy = ox; break;
    default: sx = ox; sy = oy; break;
    }
    int y = jpeg_sample(planes, components, sx, sy);
    uchar4 pixel;
    if (colourSpace == 0) {
        pixel = (uchar4)((uchar)y, (uchar)y, (uchar)y, 255);
    } else {
        int cb = jpeg_sample(planes, components + JPEG_COMPONENT_INTS, sx, sy) - 128;
        int cr = jpeg_sample(planes, components + 2 * JPEG_COMPONENT_INTS, sx, sy) - 128;
        // jdcolor.c build_ycc_rgb_table (SCALEBITS 16, FIX(x) = x * 65536 + 0.5).
        int red = (91881 * cr + 32768) >> 16;
        int blue = (116130 * cb + 32768) >> 16;
        int green = ((-46802) * cr + (-22554) * cb + 32768) >> 16;
        pixel = (uchar4)(jpeg_clamp(y + red), jpeg_clamp(y + green), jpeg_clamp(y + blue), 255);
    }
    dst[(size_t)oy * dstWidth + ox] = pixel;
}
