// swift-tools-version: 6.1
import PackageDescription

// A client of the `OperationChain` product alone: it proves the chain builds and runs without
// the image, maths or OpenCL layers, and links no libpng, libturbojpeg or libOpenCL
// (scripts/check-chain-only.sh checks both; CI runs it).
let package = Package(
    name: "ChainOnly",
    platforms: [.macOS(.v15)],  // as the gpuglitch package (Synchronization.Mutex)
    dependencies: [.package(name: "gpuglitch", path: "../..")],
    targets: [
        .executableTarget(
            name: "ChainOnly",
            dependencies: [.product(name: "OperationChain", package: "gpuglitch")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
