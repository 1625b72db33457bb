/// The kernels of the embedded program, created once per device. Not thread-safe (see
/// `CLKernel`): only used through `OpenCLDeviceRuntime.withKernels`.
struct OpenCLKernelSet {
    let resampleHorizontal: CLKernel
    let resampleVertical: CLKernel
    let premultiply: CLKernel
    let unpremultiply: CLKernel
    let crop: CLKernel
    let glitch: CLKernel
    /// The resampling passes for x86 CPU devices (resample.cl), when the program has them:
    /// only CPU devices are asked for them, and only a compiler targeting AVX2 builds them.
    let x86: X86Resampling?

    struct X86Resampling {
        let horizontal: CLKernel
        let vertical: CLKernel
    }

    var all: [CLKernel] {
        [resampleHorizontal, resampleVertical, premultiply, unpremultiply, crop, glitch]
            + (x86.map { [$0.horizontal, $0.vertical] } ?? [])
    }

    init(program: CLProgram) throws(CLCallError) {
        resampleHorizontal = try CLKernel(program: program, name: "resample_horizontal")
        resampleVertical = try CLKernel(program: program, name: "resample_vertical")
        premultiply = try CLKernel(program: program, name: "premultiply")
        unpremultiply = try CLKernel(program: program, name: "unpremultiply")
        crop = try CLKernel(program: program, name: "crop")
        glitch = try CLKernel(program: program, name: "glitch")
        do {
            x86 = X86Resampling(horizontal: try CLKernel(program: program, name: "resample_horizontal_x86"),
                                vertical: try CLKernel(program: program, name: "resample_vertical_x86"))
        } catch where error.error == .invalidKernelName {
            x86 = nil
        }
    }
}
