// --fit pad (docs/SPEC.md §3): the picture copied into the box at (x0, y0), the background
// everywhere else. One work-item per output pixel; the global size is rounded up to the
// work-group, hence the bounds check. Every output pixel is written.
__kernel void gpuglitch_pad(__global const uchar4 *src, __global uchar4 *dst,
                            int srcWidth, int srcHeight, int dstWidth, int dstHeight,
                            int x0, int y0, uint background) {
    int x = get_global_id(0);
    int y = get_global_id(1);
    if (x >= dstWidth || y >= dstHeight) return;
    int sx = x - x0;
    int sy = y - y0;
    uchar4 p;
    if (sx >= 0 && sy >= 0 && sx < srcWidth && sy < srcHeight) {
        p = src[(size_t)sy * (size_t)srcWidth + (size_t)sx];
    } else {
        p = (uchar4)(background & 0xFFu, (background >> 8) & 0xFFu, (background >> 16) & 0xFFu, background >> 24);
    }
    dst[(size_t)y * (size_t)dstWidth + (size_t)x] = p;
}
