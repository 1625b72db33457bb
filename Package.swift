// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "gpuglitch",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "GPUOps", targets: ["GPUOps"]),
        .executable(name: "gpuglitch", targets: ["gpuglitch"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // C libraries, found through pkg-config (Debian: ocl-icd-opencl-dev, libpng-dev, libturbojpeg0-dev,
        // libdeflate-dev).
        .systemLibrary(name: "COpenCL", pkgConfig: "OpenCL",
                       providers: [.apt(["ocl-icd-opencl-dev", "opencl-headers"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),

        // OpenCL C sources, embedded in the binary as byte arrays.
        .target(
            name: "Kernels",
            resources: [
                .embedInCode("resample.cl"),
                .embedInCode("crop.cl"),
                .embedInCode("glitch.cl"),
            ]
        ),

        // AVX2 resampling kernels, chosen at run time (per-function target attribute, no global
        // -mavx2: the binary still runs on x86-64 without AVX2; stubs on other architectures).
        .target(name: "CResampleSIMD"),

        .target(
            name: "GPUOps",
            dependencies: ["COpenCL", "CPNG", "CTurboJPEG", "CDeflate", "Kernels", "CResampleSIMD"]
        ),

        .executableTarget(
            name: "gpuglitch",
            dependencies: [
                "GPUOps",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Shared by the test targets: image generators, fixture loading, OpenCL availability.
        .target(
            name: "TestSupport",
            dependencies: ["GPUOps"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "GPUOpsTests",
            dependencies: ["GPUOps", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "gpuglitchTests",
            dependencies: ["GPUOps", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
