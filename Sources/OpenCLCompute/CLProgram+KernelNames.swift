import COpenCL

extension CLProgram {
    /// The names of the `__kernel` functions the build produced (`CL_PROGRAM_KERNEL_NAMES`),
    /// so a caller can ask whether an optional kernel exists instead of provoking an
    /// API error (`CL_INVALID_KERNEL_NAME`) that checking implementations report.
    package var kernelNames: Set<String> {
        get throws(CLCallError) {
            let list = try CLInfoQuery.string("clGetProgramInfo") {
                clGetProgramInfo(id, cl_program_info(CL_PROGRAM_KERNEL_NAMES), $0, $1, $2)
            }
            return Set(list.split(separator: ";").map(String.init))
        }
    }
}
