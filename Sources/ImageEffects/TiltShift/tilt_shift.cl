// Tilt-shift (docs/SPEC.md §5.2): the last column pass of box_blur.cl's Gaussian blur, composited
// over the original with a per-row mask. This file follows box_blur.cl in the tilt-shift's program.

// As gpuglitch_box_blur_columns, the last pass composited over `original` with each row's
// mask weight.
__kernel void gpuglitch_box_blur_columns_composite(__global uchar4 *a, __global uchar4 *b,
                                                   __global const uchar4 *original, __global uchar4 *dst,
                                                   __global const uchar *mask,
                                                   int width, int height, int r, uint ww, uint fw) {
    int x = get_global_id(0);
    if (x >= width) return;
    box_segment(a + x, b + x, width, height, 0, height, r, ww, fw, 0, 0);
    box_segment(b + x, a + x, width, height, 0, height, r, ww, fw, 0, 0);
    box_segment(a + x, dst + x, width, height, 0, height, r, ww, fw, original + x, mask);
}

// As gpuglitch_box_blur_segments, composited over `original` with each row's mask weight.
__kernel void gpuglitch_box_blur_segments_composite(__global const uchar4 *src, __global const uchar4 *original,
                                                    __global uchar4 *dst, __global const uchar *mask,
                                                    int width, int height, int segment, int r, uint ww, uint fw) {
    int x = get_global_id(0), y0 = (int)get_global_id(1) * segment;
    if (x >= width || y0 >= height) return;
    box_segment(src + x, dst + x, width, height, y0, min(y0 + segment, height), r, ww, fw, original + x, mask);
}
