import ComputeCore
import ImageMaths
import Testing

/// Work-group shapes against a kernel's and a device's limits (`WorkGroupSizing`): what lets
/// the effects and the Sharpen example run under POCL_MAX_WORK_GROUP_SIZE=16, and what turns
/// a shape no device runs into an error naming the kernel.
@Suite struct WorkGroupSizingTests {
    @Test func aPreferredShapeIsKeptWhereItFits() {
        #expect(WorkGroupSizing.fit([16, 4], groupLimit: 4096, itemSizes: [4096, 4096, 4096]) == [16, 4])
        #expect(WorkGroupSizing.fit([128], groupLimit: 128, itemSizes: [1024, 1024, 64]) == [128])
    }

    @Test func aPreferredShapeShrinksToTheGroupLimitByHalvingItsLargestExtent() {
        #expect(WorkGroupSizing.fit([16, 4], groupLimit: 16, itemSizes: [16, 16, 16]) == [4, 4])
        #expect(WorkGroupSizing.fit([64], groupLimit: 16, itemSizes: [16, 16, 16]) == [16])
        #expect(WorkGroupSizing.fit([128], groupLimit: 100, itemSizes: [1024]) == [64])
        #expect(WorkGroupSizing.fit([16, 4], groupLimit: 1, itemSizes: [1, 1, 1]) == [1, 1])
        #expect(WorkGroupSizing.fit([16, 4], groupLimit: 0, itemSizes: [4, 4]) == [1, 1])
    }

    @Test func aPreferredShapeIsCutToEachDimensionsWorkItemSize() {
        #expect(WorkGroupSizing.fit([16, 4], groupLimit: 1024, itemSizes: [1024, 2, 1]) == [16, 2])
        #expect(WorkGroupSizing.fit([8, 8, 8], groupLimit: 1024, itemSizes: [1024, 1024, 4]) == [8, 8, 4])
    }

    @Test func aRequiredShapeOverTheGroupLimitIsAnErrorNamingTheKernelAndTheLimit() {
        #expect(throws: ComputeArgumentError.invalidKernelLaunch(
            kernel: "k", reason: "work-group of 64 exceeds the kernel's limit on this device of 32")) {
            try WorkGroupSizing.check([16, 4], kernel: "k", groupLimit: 32,
                                      limitOwner: "the kernel's limit on this device of", itemSizes: [1024, 1024, 64])
        }
    }

    @Test func aRequiredShapeOverAWorkItemSizeIsAnErrorNamingTheDimension() {
        #expect(throws: ComputeArgumentError.invalidKernelLaunch(
            kernel: "k", reason: "local size [1, 1, 128] exceeds the device's work-item sizes [1024, 1024, 64] in dimension 2")) {
            try WorkGroupSizing.check([1, 1, 128], kernel: "k", groupLimit: 1024, limitOwner: "the device's",
                                      itemSizes: [1024, 1024, 64])
        }
        #expect(throws: Never.self) {
            try WorkGroupSizing.check([16, 4], kernel: "k", groupLimit: 64, limitOwner: "the device's", itemSizes: [16, 4])
        }
    }

    @Test func recordingARequiredShapeChecksTheDevicesWorkItemSizes() {
        var launches = KernelLaunches(input: PixelSize(width: 4, height: 4), output: PixelSize(width: 4, height: 4),
                                      device: .init(maxWorkGroupSize: 256, localMemoryBytes: 1024, isCPU: false,
                                                    maxWorkItemSizes: [256, 256, 64]))
        let f = KernelFunction<KernelImage>("f")
        #expect(throws: ComputeArgumentError.invalidKernelLaunch(
            kernel: "f", reason: "local size [1, 2, 65] exceeds the device's work-item sizes [256, 256, 64] in dimension 2")) {
            try launches.launch(f, global: [1, 2, 65], local: [1, 2, 65], launches.input)
        }
        // A preferred shape is recorded as asked; the backend fits it to the kernel.
        #expect(throws: Never.self) {
            try launches.launch(f, global: [4, 4, 4], preferredLocal: [64, 64, 64], launches.input)
        }
        #expect(launches.launches.map(\.localSizeIsPreferred) == [true])
    }
}
