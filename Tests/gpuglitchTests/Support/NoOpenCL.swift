/// A machine without OpenCL, as far as the tool can tell: the ICD loader pointed at an empty
/// vendor folder (`OCL_ICD_VENDORS`), so it finds no platform.
enum NoOpenCL {
    static func environment(in folder: TemporaryFolder) throws -> [String: String?] {
        ["OCL_ICD_VENDORS": try folder.makeFolder("no-icd-vendors")]
    }
}
