// Exact copy of a rectangle (docs/SPEC.md §3): dst is dstWidth x dstHeight and pixel (x, y) comes
// from source pixel (x0 + x, y0 + y). The host checks the rectangle lies inside the source.
// Work-items past the rectangle (the global size is rounded up) return at once.
__kernel void crop(__global const uchar4 *src, int srcWidth, int x0, int y0,
                   __global uchar4 *dst, int dstWidth, int dstHeight) {
    int x = get_global_id(0);
    int y = get_global_id(1);
    if (x >= dstWidth || y >= dstHeight) return;
    dst[(size_t)y * dstWidth + x] = src[(size_t)(y0 + y) * srcWidth + x0 + x];
}
