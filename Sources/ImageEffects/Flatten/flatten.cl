// Flatten onto a background (docs/SPEC.md §5): Pillow's `Image.alpha_composite(background, im)`
// with the background one colour, in the same unsigned 32-bit integer arithmetic as Pillow's
// AlphaComposite.c (7 bits of precision, divisions by 255 rounded by shifts), so the host loop
// gives the same bytes. One work-item per pixel; the global size is rounded up, hence the check.
#define SHIFTFORDIV255(a) ((((a) >> 8) + (a)) >> 8)

__kernel void gpuglitch_flatten(__global const uchar4 *src, __global uchar4 *dst, uint count, uint background) {
    uint i = get_global_id(0);
    if (i >= count) return;
    uchar4 s = src[i];
    uint br = background & 0xFFu, bg = (background >> 8) & 0xFFu, bb = (background >> 16) & 0xFFu,
         ba = background >> 24;
    if (s.w == 0) {
        dst[i] = (uchar4)((uchar)br, (uchar)bg, (uchar)bb, (uchar)ba);
        return;
    }
    uint sa = s.w;
    uint blend = ba * (255u - sa);
    uint outa255 = sa * 255u + blend;
    uint coef1 = sa * 255u * 255u * 128u / outa255;
    uint coef2 = 255u * 128u - coef1;
    uint r = SHIFTFORDIV255((uint)s.x * coef1 + br * coef2 + (0x80u << 7)) >> 7;
    uint g = SHIFTFORDIV255((uint)s.y * coef1 + bg * coef2 + (0x80u << 7)) >> 7;
    uint b = SHIFTFORDIV255((uint)s.z * coef1 + bb * coef2 + (0x80u << 7)) >> 7;
    uint a = SHIFTFORDIV255(outa255 + 0x80u);
    dst[i] = (uchar4)((uchar)r, (uchar)g, (uchar)b, (uchar)a);
}
