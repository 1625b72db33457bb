// The glitch filter (docs/SPEC.md §4): row tearing, RGB channel shift, scanlines. What depends
// only on the row comes from the host, one int2 per row, so each work-item computes its
// pixels alone with a few integer operations and no division by a variable:
//   rows[y].x  the row's tear offset reduced to 0 ..< width (mod(x + off, W) equals
//              mod(x + (off mod W), W)), so the torn column needs one conditional subtraction;
//   rows[y].y  the scanline factor 255 - strength on scanline rows and 255 elsewhere. Rows
//              with 255 skip the darkening ((c * 255 + 127) / 255 would be c anyway): the
//              branch is the same for a whole row, so for a whole GPU warp.
// The host also brings `shift` into 0 ... width (clamp: any larger shift reads the edge
// column) or 0 ..< width (wrap: only shift mod W matters), so the shifted columns are one
// min/max (clamp) or one conditional add/subtract (wrap) away from the row.

// Scanline darkening of one channel, (c * keep + 127) / 255 with integer division.
inline uchar darken(uchar c, uint keep) {
    return (uchar)(((uint)c * keep + 127u) / 255u);
}

// The same for the three colour bytes of eight packed pixels (R in the low byte: a uchar4
// read as a uint on a little-endian device); alpha is kept.
inline uint8 darken8(uint8 p, uint keep) {
    uint8 r = ((p & 0xffu) * keep + 127u) / 255u;
    uint8 g = (((p >> 8) & 0xffu) * keep + 127u) / 255u;
    uint8 b = (((p >> 16) & 0xffu) * keep + 127u) / 255u;
    return r | (g << 8) | (b << 16) | (p & 0xff000000u);
}

// Each work-item makes eight neighbouring pixels of a row. Where the eight torn columns and
// the eight columns each shift reads lie inside the row without wrapping or clamping (all
// but a few work-items per row), and the device is little-endian (all known ones), it loads
// them as three runs of eight pixels and combines them as packed words, which POCL runs as
// 8-lane vector code (six times faster than a pixel per work-item, whose scattered reads
// it runs one pixel at a time); elsewhere it does its pixels one by one. Work-items past the
// image (the global size is rounded up) return at once.
__kernel void glitch(__global const uchar4 *src, __global uchar4 *dst, int width, int height,
                     __global const int2 *rows, int shift, int wrapEdge) {
    int x0 = 8 * (int)get_global_id(0);
    int y = get_global_id(1);
    if (x0 >= width || y >= height) return;
    int2 row = rows[y];
    __global const uchar4 *in = src + (size_t)y * width;
    __global uchar4 *out = dst + (size_t)y * width;
    int first = x0 + row.x;
    first = first >= width ? first - width : first;
#if defined(__ENDIAN_LITTLE__)
    if (x0 + 8 <= width && first + shift + 8 <= width && first - shift >= 0) {
        uint8 centre = vload8(0, (__global const uint *)(in + first));
        uint8 right = vload8(0, (__global const uint *)(in + first + shift));
        uint8 left = vload8(0, (__global const uint *)(in + first - shift));
        uint8 pixels = (right & 0xffu) | (centre & 0xff00ff00u) | (left & 0xff0000u);
        if (row.y != 255) pixels = darken8(pixels, (uint)row.y);
        vstore8(pixels, 0, (__global uint *)(out + x0));
        return;
    }
#endif
    int end = min(x0 + 8, width);
    for (int x = x0; x < end; x++) {
        int xs = x + row.x;
        xs = xs >= width ? xs - width : xs;
        int xr = xs + shift;
        int xb = xs - shift;
        if (wrapEdge) {
            xr = xr >= width ? xr - width : xr;
            xb = xb < 0 ? xb + width : xb;
        } else {
            xr = min(xr, width - 1);
            xb = max(xb, 0);
        }
        uchar4 centre = in[xs];
        uchar4 pixel = (uchar4)(in[xr].x, centre.y, in[xb].z, centre.w);
        if (row.y != 255) {
            uint keep = (uint)row.y;
            pixel.xyz = (uchar3)(darken(pixel.x, keep), darken(pixel.y, keep), darken(pixel.z, keep));
        }
        out[x] = pixel;
    }
}
