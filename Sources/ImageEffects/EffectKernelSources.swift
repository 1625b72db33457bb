/// The OpenCL C of the built-in effects and the glitch (each `.cl` beside its kernel),
/// embedded at build time. Each is its own `KernelProgramSource`, built on first use per
/// device like any user kernel.
enum EffectKernelSources {
    static var sepia: String { String(decoding: PackageResources.sepia_cl, as: UTF8.self) }
    static var tiltShift: String { String(decoding: PackageResources.tilt_shift_cl, as: UTF8.self) }
    static var glitch: String { String(decoding: PackageResources.glitch_cl, as: UTF8.self) }
}
