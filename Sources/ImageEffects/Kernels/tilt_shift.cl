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

// dst (height × width) = src (width × height) transposed, one work-item per pixel: for CPU
// devices (POCL), where the tiled kernel's barrier costs more than the strided writes.
__kernel void gpuglitch_transpose_pixels(__global const uchar4 *src, __global uchar4 *dst, int width, int height) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= width || y >= height) return;
    dst[(size_t)x * height + y] = src[(size_t)y * width + x];
}

// dst (height × width) = src (width × height) transposed, one work-group's tile at a time
// through local memory: each work-item reads one pixel along a source row into the tile, and
// after the barrier writes one pixel along a destination row, so neighbouring work-items touch
// neighbouring words both ways (a naive transpose writes `height` pixels apart). The tile is
// the work-group's shape, whatever the backend fitted (at most the TILE_WIDTH × TILE_HEIGHT
// the host sized `tile` for, TILE_WIDTH + 1 words a row so a column read does not hit one bank).
// Work-items past the image still reach the barrier; the global size is rounded up to the group.
__kernel void gpuglitch_transpose(__global const uchar4 *src, __global uchar4 *dst, int width, int height,
                                  __local uchar4 *tile) {
    int lx = get_local_size(0), ly = get_local_size(1);
    int tx = get_local_id(0), ty = get_local_id(1);
    int x0 = (int)get_group_id(0) * lx, y0 = (int)get_group_id(1) * ly;
    int pitch = lx + 1;
    if (x0 + tx < width && y0 + ty < height) tile[ty * pitch + tx] = src[(size_t)(y0 + ty) * width + x0 + tx];
    barrier(CLK_LOCAL_MEM_FENCE);
    // The transposed tile has lx rows of ly pixels; work-item t writes its row t / ly, column t % ly.
    int t = ty * lx + tx;
    int row = t / ly, column = t % ly;
    if (x0 + row < width && y0 + column < height) {
        dst[(size_t)(x0 + row) * height + y0 + column] = tile[column * pitch + row];
    }
}

// A plain copy (radius 0).
__kernel void gpuglitch_copy(__global const uchar4 *src, __global uchar4 *dst, uint count) {
    uint i = get_global_id(0);
    if (i < count) dst[i] = src[i];
}
