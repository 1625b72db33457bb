// Sepia tone (docs/SPEC.md §5): Pillow's luma, then a host-computed colorize table.
// One work-item per pixel; the global size is rounded up to the work-group, hence the check.
// The 256-entry table (1 KiB) is `__constant`: every work-item reads it at data-dependent
// places, which a GPU serves from its constant cache rather than global memory.
__kernel void gpuglitch_sepia(__global const uchar4 *src, __global uchar4 *dst, uint count,
                              __constant uchar4 *palette) {
    uint i = get_global_id(0);
    if (i >= count) return;
    uchar4 p = src[i];
    uint level = ((uint)p.x * 19595u + (uint)p.y * 38470u + (uint)p.z * 7471u + 0x8000u) >> 16;
    uchar4 c = palette[level];
    dst[i] = (uchar4)(c.x, c.y, c.z, p.w);
}
