/// The OpenCL C of the built-in effects, embedded at build time. Each effect is its own
/// `KernelProgramSource`, built on first use per device like any user kernel.
enum EffectKernelSources {
    static var sepia: String { String(decoding: PackageResources.sepia_cl, as: UTF8.self) }
    static var tiltShift: String { String(decoding: PackageResources.tilt_shift_cl, as: UTF8.self) }
}
