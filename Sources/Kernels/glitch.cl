// The glitch filter (DESIGN 4.3): row tearing, RGB channel shift, scanlines. The row offsets
// come from the host (one hash per band, computed once per image), so each work-item computes
// its pixel alone with integer arithmetic.
//
// The host keeps every value inside int range without changing the result: |rowOffsets| <=
// 2^28, shift <= width (clamp) or shift < width (wrap), period and thickness <= height.

// The non-negative remainder of v / m (m > 0).
inline int mod_positive(int v, int m) {
    int r = v % m;
    return r < 0 ? r + m : r;
}

// Column read by the channel shift: clamped to the row, or wrapped around it.
inline int edge_column(int v, int width, int wrapEdge) {
    return wrapEdge ? mod_positive(v, width) : clamp(v, 0, width - 1);
}

// Work-items past the image (the global size is rounded up) return at once.
__kernel void glitch(__global const uchar4 *src, __global uchar4 *dst, int width, int height,
                     __global const int *rowOffsets, int shift, int wrapEdge,
                     int period, int thickness, int strength) {
    int x = get_global_id(0);
    int y = get_global_id(1);
    if (x >= width || y >= height) return;
    __global const uchar4 *row = src + (size_t)y * width;
    int xs = mod_positive(x + rowOffsets[y], width);
    uchar4 centre = row[xs];
    uint4 out = (uint4)(row[edge_column(xs + shift, width, wrapEdge)].x,
                        centre.y,
                        row[edge_column(xs - shift, width, wrapEdge)].z,
                        centre.w);
    if (period > 0 && y % period < thickness) {
        uint keep = 255u - (uint)strength;
        out.xyz = (out.xyz * keep + 127u) / 255u;
    }
    dst[(size_t)y * width + x] = convert_uchar4(out);
}
