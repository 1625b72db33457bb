import OpenCLCompute

/// What a device's OpenCL C compiler targets, asked of the compiler itself: a probe program
/// defines a kernel only under the preprocessor test resample.cl uses for its x86 kernels,
/// and the built program says whether that kernel exists. POCL on an AVX2 host targets
/// AVX2; rusticl (SPIR-V) and Oclgrind never do, whatever the host CPU.
package enum DeviceCompilerProbe {
    package static func targetsX86AVX2(_ device: CLDevice) throws -> Bool {
        let context = try CLContext(device: device)
        let program = try CLProgram(context: context, source: """
            #if defined(__AVX2__) && defined(__clang__) && defined(__x86_64__)
            __kernel void targets_x86_avx2(__global int *out) { out[0] = 1; }
            #endif
            __kernel void always(__global int *out) { out[0] = 0; }
            """)
        try program.build()
        return try program.kernelNames.contains("targets_x86_avx2")
    }

    /// Whether the first OpenCL device (`opencl:0`) compiles for x86 AVX2; false without one.
    public static var firstDeviceTargetsX86AVX2: Bool {
        (try? targetsX86AVX2(OpenCLTestDevice.first())) ?? false
    }
}
