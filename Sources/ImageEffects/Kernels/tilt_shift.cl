// Tilt-shift (docs/SPEC.md §5): Pillow's GaussianBlur as three box passes per axis, then
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

// Three box passes down each column: a → b → a → dst (dst may be b: the last pass reads
// only a). One work-item per column: neighbouring work-items read neighbouring bytes, which
// is what a GPU coalesces and what POCL turns into vector code. The row passes run here too,
// on the transposed image.
__kernel void gpuglitch_box_blur_columns(__global uchar4 *a, __global uchar4 *b, __global uchar4 *dst,
                                         int width, int height, int r, uint ww, uint fw) {
    int x = get_global_id(0);
    if (x >= width) return;
    box_line(a + x, b + x, width, height, r, ww, fw);
    box_line(b + x, a + x, width, height, r, ww, fw);
    box_line(a + x, dst + x, width, height, r, ww, fw);
}

// As gpuglitch_box_blur_columns, the last pass composited over `original` with each row's
// mask weight m: DIV255(original·(255 − m) + blurred·m), Pillow's paste with an L mask.
__kernel void gpuglitch_box_blur_columns_composite(__global uchar4 *a, __global uchar4 *b,
                                                   __global const uchar4 *original, __global uchar4 *dst,
                                                   __global const uchar *mask,
                                                   int width, int height, int r, uint ww, uint fw) {
    int x = get_global_id(0);
    if (x >= width) return;
    box_line(a + x, b + x, width, height, r, ww, fw);
    box_line(b + x, a + x, width, height, r, ww, fw);
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

// dst (height × width) = src (width × height) transposed. One work-item per pixel.
__kernel void gpuglitch_transpose(__global const uchar4 *src, __global uchar4 *dst, int width, int height) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= width || y >= height) return;
    dst[(size_t)x * height + y] = src[(size_t)y * width + x];
}

// A plain copy (radius 0).
__kernel void gpuglitch_copy(__global const uchar4 *src, __global uchar4 *dst, uint count) {
    uint i = get_global_id(0);
    if (i < count) dst[i] = src[i];
}
