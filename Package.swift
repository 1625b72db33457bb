// swift-tools-version: 6.1
import PackageDescription
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The package graph is the layer table of docs/ARCHITECTURE.md: a target may import only the
// targets listed in its `dependencies`, so a layer that reaches past its place is a compile
// error, not a review comment.
let package = Package(
    name: "gpuglitch",
    // macOS 15: `Synchronization.Mutex`, the one lock every target keeps its shared state in.
    platforms: [.macOS(.v15)],
    products: [
        // What users import for images: operations and (re-exported) the image model, maths,
        // compute protocol and device selection.
        .library(name: "GPUOps", targets: ["GPUOps"]),
        // The generic operation chain on its own: Foundation only, no image or OpenCL code.
        .library(name: "OperationChain", targets: ["OperationChain"]),
        .executable(name: "gpuglitch", targets: ["gpuglitch"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        // C libraries, found through pkg-config (Debian: ocl-icd-opencl-dev, libpng-dev, libturbojpeg0-dev,
        // libdeflate-dev).
        .systemLibrary(name: "COpenCL", pkgConfig: "OpenCL",
                       providers: [.apt(["ocl-icd-opencl-dev", "opencl-headers"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CGIF", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"])]),
        // No pkgConfig: libavif.pc's cflags carry -DAVIF_DLL, which SwiftPM refuses; the header
        // is in /usr/include and the module map links libavif.
        .systemLibrary(name: "CAVIF", providers: [.apt(["libavif-dev"])]),
        // libjxl 0.7 (Debian 12): no pkgConfig, as for libavif (its cflags carry a -D); the headers
        // are in /usr/include and the module map links libjxl.
        .systemLibrary(name: "CJXL", providers: [.apt(["libjxl-dev"])]),
        .systemLibrary(name: "CHEIF", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        // lcms2: ICC profile conversion to sRGB (`--icc srgb`).
        .systemLibrary(name: "CLCMS2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),

        // AVX2 resampling kernels, chosen at run time (per-function target attribute, no global
        // -mavx2: the binary still runs on x86-64 without AVX2; stubs on other architectures).
        .target(name: "CResampleSIMD"),
        // The host box passes of the tilt-shift and the sharpen, and the sharpen's unsharp mask,
        // vectorised by the C compiler (ImageEffects).
        .target(name: "CBoxBlur"),
        // PNG's Paeth filter reversed with SSE2 intrinsics (ImageCodecs' PNG fast path).
        .target(name: "CPNGUnfilter"),
        // libde265 (libheif's HEVC decoder) made to clear each new picture, as it does itself from
        // 1.0.16: a damaged HEIC's undecoded area is zeros, not heap contents (HEIFCodec).
        .target(name: "CHEIFZeroFill", linkerSettings: [.linkedLibrary("de265")]),

        // Layer 1: the generic chain of Foundation operations. Knows nothing of images.
        .target(name: "OperationChain"),

        // Layer 1b: the one POSIX layer (swift-system): paths as bytes, files, folders, atomic
        // writes, and the one error type of a failed system call.
        .target(name: "SystemIO", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),

        // Layer 2: the host image and its codecs (PNG, JPEG).
        .target(name: "ImageCodecs", dependencies: ["SystemIO", "ImageMaths", "CPNG", "CTurboJPEG", "CDeflate", "CWebP",
                                                     "CGIF", "CTIFF", "CAVIF", "CJXL", "CHEIF", "CHEIFZeroFill", "CLCMS2",
                                                     "CPNGUnfilter"]),

        // Layer 3 (below the codecs too, which use its PixelSize): pure host-side maths shared by every
        // backend (sizes, weights, plans, glitch); it imports nothing.
        .target(name: "ImageMaths"),

        // Layer 4: what a backend is, and the image in flight on the host or a device.
        .target(name: "ComputeCore", dependencies: ["ImageCodecs", "ImageMaths"]),

        // Layer 5: the two backends, side by side; neither knows the other.
        .target(name: "CPUCompute", dependencies: ["ComputeCore", "ImageCodecs", "ImageMaths", "CResampleSIMD"]),
        // The built-in passes' OpenCL C (BuiltInKernels/*.cl) is embedded in the binary as byte arrays.
        .target(name: "OpenCLCompute", dependencies: ["ComputeCore", "ImageCodecs", "ImageMaths", "COpenCL"],
                resources: [.embedInCode("BuiltInKernels/resample.cl"), .embedInCode("BuiltInKernels/crop.cl"),
                            .embedInCode("JPEGDecode/jpeg_idct.cl"), .embedInCode("JPEGDecode/jpeg_colour.cl"),
                            .embedInCode("JPEGDecode/jpeg_huffman.cl")]),

        // Layer 6: device selection, the one place that knows both backends.
        // Built-in effects, written with the public ImageKernel API only (as a user's would be).
        .target(
            name: "ImageEffects",
            dependencies: ["ComputeCore", "ImageCodecs", "ImageMaths", "CBoxBlur"],
            resources: [.embedInCode("Sepia/sepia.cl"), .embedInCode("BoxBlur/box_blur.cl"),
                        .embedInCode("TiltShift/tilt_shift.cl"), .embedInCode("Sharpen/sharpen.cl"),
                        .embedInCode("Glitch/glitch.cl"), .embedInCode("Flatten/flatten.cl")]
        ),

        .target(name: "ComputeDevices", dependencies: ["ComputeCore", "CPUCompute", "OpenCLCompute"]),

        // Layer 7: the product users import: the image steps and their operations, the one
        // pipeline, and the batch layer (discovery, planning, the runner and its commits, reports).
        .target(
            name: "GPUOps",
            dependencies: ["OperationChain", "SystemIO", "ImageCodecs", "ImageMaths", "ComputeCore", "ComputeDevices",
                           "ImageEffects", .product(name: "SystemPackage", package: "swift-system")],
            resources: [.embedInCode("Steps/Pad/pad.cl")]
        ),

        // Layer 9: the command-line tool: options, terminal, wiring.
        .executableTarget(
            name: "gpuglitch",
            dependencies: [
                "GPUOps",
                "SystemIO",
                // Package API `import GPUOps` does not show: the device listing, the decode budget.
                "ImageCodecs",
                "ComputeDevices",
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Shared by the test targets: image generators, fixture paths, the OpenCL probe.
        .target(
            name: "TestSupport",
            dependencies: ["GPUOps", "CPUCompute", "OpenCLCompute", "COpenCL"],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "OperationChainTests", dependencies: ["OperationChain"]),
        .testTarget(name: "SystemIOTests", dependencies: ["SystemIO",
                                                          .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "BatchTests", dependencies: ["GPUOps", "ImageCodecs", "CPUCompute", "OpenCLCompute", "SystemIO",
                                                          .product(name: "SystemPackage", package: "swift-system"),
                                                          "TestSupport"]),
        .testTarget(name: "ImageCodecsTests", dependencies: ["ImageCodecs", "TestSupport", "CDeflate"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "ImageMathsTests", dependencies: ["ImageMaths", "TestSupport"]),
        .testTarget(name: "CPUComputeTests", dependencies: ["CPUCompute", "ImageEffects", "TestSupport"]),
        .testTarget(name: "OpenCLComputeTests", dependencies: ["OpenCLCompute", "CPUCompute", "ImageEffects", "TestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "ComputeDevicesTests", dependencies: ["ComputeDevices", "OpenCLCompute", "CPUCompute", "TestSupport"]),
        .testTarget(
            name: "GPUOpsTests",
            dependencies: ["GPUOps", "CPUCompute", "OpenCLCompute", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "ImageEffectsTests",
            dependencies: ["ImageEffects", "CPUCompute", "OpenCLCompute", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        // Imports only the GPUOps product's public API, as a user writes it (`packageAccess:
        // false`: a `package` symbol there does not compile).
        .testTarget(name: "PublicAPITests", dependencies: ["GPUOps", "TestSupport"], packageAccess: false),
        .testTarget(name: "gpuglitchTests", dependencies: ["GPUOps", "TestSupport", "gpuglitch"]),
    ],
    swiftLanguageModes: [.v6]
)

// The DocC plugin (`swift package generate-documentation`) joins the graph only when the docs are
// being built (scripts/build-docs.sh sets GPUGLITCH_BUILD_DOCS; Swift Package Index sets
// SPI_GENERATE_DOCS), so packages that depend on this one never resolve or fetch it.
let buildsDocumentation = ["GPUGLITCH_BUILD_DOCS", "SPI_GENERATE_DOCS"].contains {
    ProcessInfo.processInfo.environment[$0] != nil
}
if buildsDocumentation {
    package.dependencies.append(
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0")
    )
}

// The libFuzzer targets (Fuzz/Sources; docs/TESTING.md) join the graph only when `make fuzz`
// builds them (Fuzz/run.sh sets GPUGLITCH_FUZZ and the sanitizer flags, in a scratch folder of
// its own), so the ordinary build and tests never compile them or link a sanitizer, and the
// unsafe flag below never reaches a package that depends on this one. They live in this
// package rather than one of their own so that they reach the `package` symbols the parsers
// are made of.
if ProcessInfo.processInfo.environment["GPUGLITCH_FUZZ"] != nil {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("FuzzDecode", ["ImageCodecs", "FuzzDecodeOptions"]),
        ("FuzzDeterminism", ["ImageCodecs", "FuzzDecodeOptions", "CHeapFill"]),
        ("FuzzHeader", ["ImageCodecs"]),
        ("FuzzAnimation", ["ImageCodecs"]),
        ("FuzzJXL", ["ImageCodecs", "FuzzDecodeOptions", "ImageMaths"]),
        ("FuzzMetadata", ["ImageCodecs"]),
        ("FuzzExifRewrite", ["ImageCodecs"]),
        ("FuzzPNGRepair", ["ImageCodecs"]),
        ("FuzzReportMerge", ["GPUOps", "SystemIO"]),
        ("FuzzInputList", ["GPUOps", "SystemIO"]),
        ("FuzzSpecs", ["GPUOps", "ImageMaths"]),
        ("FuzzDifferential", ["GPUOps", "CPUCompute", "OpenCLCompute", "ComputeDevices", "ImageMaths"]),
        ("FuzzJPEGDevice", ["ImageCodecs", "ComputeCore", "ComputeDevices", "ImageMaths", "OpenCLCompute"]),
    ]
    package.targets.append(.target(name: "CLibFuzzer", path: "Fuzz/Sources/CLibFuzzer"))
    package.targets.append(.target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], path: "Fuzz/Sources/FuzzSupport"))
    package.targets.append(.target(name: "FuzzDecodeOptions", dependencies: ["ImageCodecs"],
                                   path: "Fuzz/Sources/FuzzDecodeOptions"))
    package.targets.append(.target(name: "CHeapFill", path: "Fuzz/Sources/CHeapFill"))
    for (name, dependencies) in fuzzTargets {
        // The target's `<Target>_main` is its entry point (FuzzSupport's FuzzDriver).
        package.targets.append(.executableTarget(name: name, dependencies: ["FuzzSupport"] + dependencies,
                                                 path: "Fuzz/Sources/\(name)",
                                                 swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
        package.products.append(.executable(name: name, targets: [name]))
    }
}
