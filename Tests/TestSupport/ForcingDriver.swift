import COpenCL
import Foundation
import OpenCLCompute

/// A `CLDriver` that calls OpenCL, except where a test has armed a failure: the recovery
/// paths run on a real device, with only the one call forced to fail.
public final class ForcingDriver: @unchecked Sendable {
    public init() {}

    /// `clCreateBuffer` answers `CL_MEM_OBJECT_ALLOCATION_FAILURE`.
    public let outOfMemory = FailureSwitch()
    /// `clEnqueueMarkerWithWaitList` answers `CL_OUT_OF_RESOURCES`.
    public let markerFails = FailureSwitch()
    /// `clSetEventCallback` answers `CL_OUT_OF_HOST_MEMORY`.
    public let callbackFails = FailureSwitch()
    /// `clBuildProgram` answers `CL_BUILD_PROGRAM_FAILURE` for builds whose options contain
    /// this text (nil: never).
    public let buildFailsWith = LockedValue<String?>(nil)
    /// `clFinish` calls, counted.
    public let finishes = LockedValue(0)

    package var driver: CLDriver {
        let live = CLDriver.live
        return CLDriver(
            createBuffer: { [outOfMemory] context, flags, size, host, error in
                if outOfMemory.shouldFail() { error.pointee = CL_MEM_OBJECT_ALLOCATION_FAILURE; return nil }
                return live.createBuffer(context, flags, size, host, error)
            },
            enqueueMarker: { [markerFails] queue, event in
                markerFails.shouldFail() ? CL_OUT_OF_RESOURCES : live.enqueueMarker(queue, event)
            },
            setCompletionCallback: { [callbackFails] event, callback, data in
                callbackFails.shouldFail() ? CL_OUT_OF_HOST_MEMORY : live.setCompletionCallback(event, callback, data)
            },
            finish: { [finishes] queue in
                finishes.update { $0 += 1 }
                return live.finish(queue)
            },
            buildProgram: { [buildFailsWith] program, device, options in
                if let text = buildFailsWith.value, options.contains(text) { return CL_BUILD_PROGRAM_FAILURE }
                return live.buildProgram(program, device, options)
            }
        )
    }
}

/// A value behind a lock.
public final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    public init(_ value: Value) { stored = value }
    public var value: Value { lock.withLock { stored } }
    public func set(_ value: Value) { lock.withLock { stored = value } }
    public func update(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}
