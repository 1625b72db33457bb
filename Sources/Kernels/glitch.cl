// The glitch filter (DESIGN 4.3): row tearing, RGB channel shift, scanlines. What depends
// only on the row comes from the host, one int2 per row, so each work-item computes its
// pixel alone with a few integer operations and no division by a variable:
//   rows[y].x  the row's tear offset reduced to 0 ..< width (mod(x + off, W) equals
//              mod(x + (off mod W), W)), so the torn column needs one conditional subtraction;
//   rows[y].y  the scanline factor 255 - strength on scanline rows and 255 elsewhere. Rows
//              with 255 skip the darkening ((c * 255 + 127) / 255 would be c anyway): the
//              branch is the same for a whole row, so for a whole GPU warp, and on POCL it
//              saves a quarter of the kernel's time with the default 1-in-3 scanlines.
// The host also brings `shift` into 0 ... width (clamp: any larger shift reads the edge
// column) or 0 ..< width (wrap: only shift mod W matters), so the shifted columns are one
// min/max (clamp) or one conditional add/subtract (wrap) away from the row.

// Scanline darkening of one channel, (c * keep + 127) / 255 with integer division.
inline uchar darken(uchar c, uint keep) {
    return (uchar)(((uint)c * keep + 127u) / 255u);
}

// Work-items past the image (the global size is rounded up) return at once.
__kernel void glitch(__global const uchar4 *src, __global uchar4 *dst, int width, int height,
                     __global const int2 *rows, int shift, int wrapEdge) {
    int x = get_global_id(0);
    int y = get_global_id(1);
    if (x >= width || y >= height) return;
    int2 row = rows[y];
    __global const uchar4 *in = src + (size_t)y * width;
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
    uchar4 out = (uchar4)(in[xr].x, centre.y, in[xb].z, centre.w);
    if (row.y != 255) {
        uint keep = (uint)row.y;
        out.xyz = (uchar3)(darken(out.x, keep), darken(out.y, keep), darken(out.z, keep));
    }
    dst[(size_t)y * width + x] = out;
}
