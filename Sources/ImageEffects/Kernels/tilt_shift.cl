// Tilt-shift (docs/SPEC.md §4.4): Pillow's GaussianBlur as three box passes per axis, then
// the composite with a per-row mask. Every box pass is Pillow's BoxBlur.c line blur, written
// as the sum of a clamped window: out[x] = (S·ww + (p[x−r−1] + p[x+r+1])·fw + 2^23) >> 24 with
// S = Σ p[x−r … x+r], indices clamped to the line. Integer, unsigned, so the bytes equal
// Pillow's and the host's.

static uint4 px(__global const uchar4 *line, int i, int stride) {
    return convert_uint4(line[(size_t)i * stride]);
}

// One box pass over a line of n pixels `stride` apart (1 along a row, the width down a column).
static void box_line(__global const uchar4 *in, __global uchar4 *out, int stride, int n, int r,
                     uint ww, uint fw) {
    int last = n - 1;
    uint4 acc = px(in, 0, stride) * (uint)(r + 1);
    int upto = min(r - 1, last);
    for (int k = 0; k <= upto; k++) acc += px(in, k, stride);
    if (r - 1 > last) acc += px(in, last, stride) * (uint)(r - 1 - last);
    for (int x = 0; x < n; x++) {
        uint4 leaving = px(in, max(x - r - 1, 0), stride);
        acc += px(in, min(x + r, last), stride) - leaving;
        uint4 bulk = acc * ww + (leaving + px(in, min(x + r + 1, last), stride)) * fw;
        out[(size_t)x * stride] = convert_uchar4((bulk + (uint4)(1u << 23)) >> 24);
    }
}

// Three box passes along each row: src → a → b → a. One work-item per row.
__kernel void gpuglitch_box_blur_rows(__global const uchar4 *src, __global uchar4 *a, __global uchar4 *b,
                                      int width, int height, int r, uint ww, uint fw) {
    int y = get_global_id(0);
    if (y >= height) return;
    size_t base = (size_t)y * width;
    box_line(src + base, a + base, 1, width, r, ww, fw);
    box_line(a + base, b + base, 1, width, r, ww, fw);
    box_line(b + base, a + base, 1, width, r, ww, fw);
}

// Three box passes down each column: a → b → a → dst, the last composited over `original`
// with the row's mask weight. One work-item per column: neighbours read neighbouring bytes.
__kernel void gpuglitch_box_blur_columns_composite(__global uchar4 *a, __global uchar4 *b,
                                                   __global const uchar4 *original, __global uchar4 *dst,
                                                   __global const uchar *mask,
                                                   int width, int height, int r, uint ww, uint fw) {
    int x = get_global_id(0);
    if (x >= width) return;
    box_line(a + x, b + x, width, height, r, ww, fw);
    box_line(b + x, a + x, width, height, r, ww, fw);
    // The composite needs each row's weight: a column pass visits rows in order.
    int last = height - 1;
    __global const uchar4 *in = a + x;
    uint4 acc = px(in, 0, width) * (uint)(r + 1);
    int upto = min(r - 1, last);
    for (int k = 0; k <= upto; k++) acc += px(in, k, width);
    if (r - 1 > last) acc += px(in, last, width) * (uint)(r - 1 - last);
    for (int y = 0; y < height; y++) {
        uint4 leaving = px(in, max(y - r - 1, 0), width);
        acc += px(in, min(y + r, last), width) - leaving;
        uint4 bulk = acc * ww + (leaving + px(in, min(y + r + 1, last), width)) * fw;
        uint4 blurred = (bulk + (uint4)(1u << 23)) >> 24;
        uint m = mask[y];
        uint4 t = px(original + x, y, width) * (255u - m) + blurred * m + (uint4)(128u);
        dst[(size_t)y * width + x] = convert_uchar4(((t >> 8) + t) >> 8);
    }
}

// A plain copy (radius 0).
__kernel void gpuglitch_copy(__global const uchar4 *src, __global uchar4 *dst, uint count) {
    uint i = get_global_id(0);
    if (i < count) dst[i] = src[i];
}
