// Sharpen (docs/SPEC.md §5.3): Pillow's UnsharpMask.c over the Gaussian blur of box_blur.cl,
// which this file follows in the sharpen's program. For each byte, alpha too (Pillow sharpens
// RGBA's four bands alike): d = im − blurred; where |d| > threshold the result is
// im + d·percent/100 (C's integer division, truncating towards 0) clamped to 0…255, else im.
// One work-item per pixel; the global size is rounded up to the work-group, hence the check.
__kernel void gpuglitch_unsharp_mask(__global const uchar4 *src, __global const uchar4 *blurred,
                                     __global uchar4 *dst, uint count, int percent, int threshold) {
    uint i = get_global_id(0);
    if (i >= count) return;
    int4 p = convert_int4(src[i]);
    int4 d = p - convert_int4(blurred[i]);
    // The bounds as vectors: Oclgrind 21.10 gets clamp with scalar bounds wrong past lane 0.
    int4 sharpened = clamp(p + d * percent / 100, (int4)(0), (int4)(255));
    int4 beyond = (d > threshold) | (d < -threshold);
    dst[i] = convert_uchar4(select(p, sharpened, beyond));
}
