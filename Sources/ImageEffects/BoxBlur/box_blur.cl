// Pillow's GaussianBlur (docs/SPEC.md §5.2) as three box passes per axis, shared by the
// tilt-shift and the sharpen: each effect's program is this file followed by its own
// (`EffectKernelSources`). Every box pass is Pillow's BoxBlur.c line blur, written as the sum of
// a clamped window: out[x] = (S·ww + (p[x−r−1] + p[x+r+1])·fw + 2^23) >> 24 with
// S = Σ p[x−r … x+r], indices clamped to the line. Integer, unsigned, so the bytes equal
// Pillow's and the host's.

static uint4 px(__global const uchar4 *line, int i, int stride) {
    return convert_uint4(line[(size_t)i * stride]);
}

// The window sum of a box pass just before output `y0` of a line of n pixels: the clamped
// window [y0 − r − 1, y0 + r − 1], whose indices below 0 read pixel 0 and past the end the last
// pixel. Loads only the pixels inside the line, so a window wider than the line costs n loads.
static uint4 window_before(__global const uchar4 *line, int stride, int n, int r, int y0) {
    int last = n - 1;
    int lo = y0 - r - 1, hi = y0 + r - 1;
    uint4 acc = px(line, 0, stride) * (uint)clamp(-lo, 0, 2 * r + 1);
    acc += px(line, last, stride) * (uint)clamp(hi - last, 0, 2 * r + 1);
    for (int k = max(lo, 0); k <= min(hi, last); k++) acc += px(line, k, stride);
    return acc;
}

// One box pass over outputs [y0, y1) of a line of n pixels `stride` apart (the width, down a
// column). The running sum starts from the window at y0, so any split of a line into segments
// gives the same sums, hence the same bytes, as one pass over the whole line: the sums are exact
// integers. With `mask` non-null each output is composited over `original` with its row's
// weight m: DIV255(original·(255 − m) + blurred·m), Pillow's paste with an L mask.
static void box_segment(__global const uchar4 *in, __global uchar4 *out, int stride, int n, int y0, int y1,
                        int r, uint ww, uint fw, __global const uchar4 *original, __global const uchar *mask) {
    int last = n - 1;
    uint4 acc = window_before(in, stride, n, r, y0);
    for (int y = y0; y < y1; y++) {
        uint4 leaving = px(in, max(y - r - 1, 0), stride);
        acc += px(in, min(y + r, last), stride) - leaving;
        uint4 bulk = acc * ww + (leaving + px(in, min(y + r + 1, last), stride)) * fw;
        uint4 blurred = (bulk + (uint4)(1u << 23)) >> 24;
        if (mask) {
            uint m = mask[y];
            uint4 t = px(original, y, stride) * (255u - m) + blurred * m + (uint4)(128u);
            blurred = ((t >> 8) + t) >> 8;
        }
        out[(size_t)y * stride] = convert_uchar4(blurred);
    }
}

// Three box passes down each column: a → b → a → dst (dst may be b: the last pass reads
// only a). One work-item per column, the passes in series: for CPU devices (POCL), which run
// neighbouring columns as the lanes of vector code and need no more parallelism than that.
// The row passes run here too, on the transposed image.
__kernel void gpuglitch_box_blur_columns(__global uchar4 *a, __global uchar4 *b, __global uchar4 *dst,
                                         int width, int height, int r, uint ww, uint fw) {
    int x = get_global_id(0);
    if (x >= width) return;
    box_segment(a + x, b + x, width, height, 0, height, r, ww, fw, 0, 0);
    box_segment(b + x, a + x, width, height, 0, height, r, ww, fw, 0, 0);
    box_segment(a + x, dst + x, width, height, 0, height, r, ww, fw, 0, 0);
}

// One box pass down each column, src → dst, a work-item per `segment` rows of a column (global
// size width × ⌈height / segment⌉): for GPUs, which need far more work-items than columns.
// Neighbouring work-items take neighbouring columns of the same rows, so reads and writes
// are coalesced. The passes are separate launches: each needs the last one's whole column.
__kernel void gpuglitch_box_blur_segments(__global const uchar4 *src, __global uchar4 *dst,
                                          int width, int height, int segment, int r, uint ww, uint fw) {
    int x = get_global_id(0), y0 = (int)get_global_id(1) * segment;
    if (x >= width || y0 >= height) return;
    box_segment(src + x, dst + x, width, height, y0, min(y0 + segment, height), r, ww, fw, 0, 0);
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

// A plain copy (radius 0: Pillow's blur is then a copy).
__kernel void gpuglitch_copy(__global const uchar4 *src, __global uchar4 *dst, uint count) {
    uint i = get_global_id(0);
    if (i < count) dst[i] = src[i];
}
