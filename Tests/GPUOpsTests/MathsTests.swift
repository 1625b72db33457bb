import Testing
@testable import GPUOps
