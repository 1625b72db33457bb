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
        static let horizontalName = "resample_horizontal_x86"
        static let verticalName = "resample_vertical_x86"
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
        // Asked of the program, not tried: a failing clCreateKernel is an API error that
        // checking implementations (Oclgrind) report on every device without the x86 kernels.
        let names = try program.kernelNames
        if names.contains(X86Resampling.horizontalName), names.contains(X86Resampling.verticalName) {
            x86 = X86Resampling(horizontal: try CLKernel(program: program, name: X86Resampling.horizontalName),
                                vertical: try CLKernel(program: program, name: X86Resampling.verticalName))
        } else {
            x86 = nil
        }
    }
}
