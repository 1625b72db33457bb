import GPUOps

// docs/IMAGE-OPERATIONS.md shows this code (`DocExampleTests` checks that they agree).
// doc: IMAGE-OPERATIONS.md, block 4
/// A 3×3 integer convolution (sharpen by default), edges clamped, alpha kept: a user's own
/// device operation, written with the public API only.
struct Sharpen3x3Kernel: ImageKernel {
    /// Row-major 3×3 weights and the divisor; the result is `clamp(Σ w·p / divisor, 0, 255)`
    /// (integer division, truncating, in OpenCL C and Swift alike).
    var weights: [Int32] = [0, -1, 0, -1, 5, -1, 0, -1, 0]
    var divisor: Int32 = 1

    var name: String { "sharpen3x3" }

    var program: KernelProgramSource {
        KernelProgramSource("""
            __kernel void sharpen3x3(__global const uchar4 *src, __global uchar4 *dst,
                                     int width, int height, __global const int *w, int divisor) {
                int x = get_global_id(0), y = get_global_id(1);
                if (x >= width || y >= height) return;
                int4 sum = (int4)(0);
                for (int dy = -1; dy <= 1; dy++) {
                    for (int dx = -1; dx <= 1; dx++) {
                        int sx = clamp(x + dx, 0, width - 1), sy = clamp(y + dy, 0, height - 1);
                        sum += convert_int4(src[sy * width + sx]) * w[(dy + 1) * 3 + dx + 1];
                    }
                }
                int4 v = clamp(sum / divisor, (int4)(0), (int4)(255));
                dst[y * width + x] = (uchar4)((uchar)v.x, (uchar)v.y, (uchar)v.z, src[y * width + x].w);
            }
            """)
    }

    static let sharpen = KernelFunction<KernelImage, KernelImage, Int32, Int32, KernelTable, Int32>("sharpen3x3")

    func encode(_ launches: inout KernelLaunches) throws {
        let (w, h) = (launches.input.width, launches.input.height)
        try launches.launch(Self.sharpen, global: [w, h], preferredLocal: [16, 4],
                            launches.input, launches.output, Int32(w), Int32(h), KernelTable(weights), divisor)
    }

    func runOnHost(_ input: HostImage) throws -> HostImage {
        let (w, h) = (input.width, input.height)
        var out = input.pixels
        for y in 0..<h {
            for x in 0..<w {
                for c in 0..<3 {
                    var sum: Int32 = 0
                    for dy in -1...1 {
                        for dx in -1...1 {
                            let sx = min(max(x + dx, 0), w - 1), sy = min(max(y + dy, 0), h - 1)
                            sum += Int32(input.pixels[(sy * w + sx) * 4 + c]) * weights[(dy + 1) * 3 + dx + 1]
                        }
                    }
                    out[(y * w + x) * 4 + c] = UInt8(min(max(sum / divisor, 0), 255))
                }
            }
        }
        return try HostImage(width: w, height: h, pixels: out)
    }
}
// doc: end
