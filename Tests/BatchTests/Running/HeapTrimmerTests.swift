@testable import GPUOps
@testable import GPUOps
import CPUCompute
import Foundation
import OpenCLCompute
import Testing

@Suite struct HeapTrimmerTests {
    @Test func trimsOnceEveryIntervalImages() {
        let trimmer = HeapTrimmer(interval: 3)
        let trimmed = (1...7).map { _ in trimmer.imageFinished() }
        #expect(trimmed == [false, false, true, false, false, true, false])
    }

    @Test func countsExactlyUnderConcurrentFinishes() {
        let trimmer = HeapTrimmer(interval: 10)
        let trims = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: 1000) { _ in
            if trimmer.imageFinished() { trims.increment() }
        }
        #expect(trims.value == 100)
    }

    #if canImport(Glibc)
    @Test func findsGlibcMallocTrim() {
        #expect(HeapTrimmer.isAvailable)
    }
    #endif
}
