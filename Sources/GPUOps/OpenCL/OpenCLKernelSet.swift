/// The kernels of the embedded program, created once per device. Not thread-safe (see
/// `CLKernel`): only used through `OpenCLDeviceRuntime.withKernels`.
struct OpenCLKernelSet {
    let resampleHorizontal: CLKernel
    let resampleVertical: CLKernel
    let premultiply: CLKernel
    let unpremultiply: CLKernel
    let crop: CLKernel
    let glitch: CLKernel

    var all: [CLKernel] { [resampleHorizontal, resampleVertical, premultiply, unpremultiply, crop, glitch] }

    init(program: CLProgram) throws(CLCallError) {
        resampleHorizontal = try CLKernel(program: program, name: "resample_horizontal")
        resampleVertical = try CLKernel(program: program, name: "resample_vertical")
        premultiply = try CLKernel(program: program, name: "premultiply")
        unpremultiply = try CLKernel(program: program, name: "unpremultiply")
        crop = try CLKernel(program: program, name: "crop")
        glitch = try CLKernel(program: program, name: "glitch")
    }
}
