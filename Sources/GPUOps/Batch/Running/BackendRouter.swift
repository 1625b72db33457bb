import Synchronization

/// Sends each image of a batch to the device or to the CPU, as the batch's `DeviceShare`
/// says, and keeps what deciding needs: the images on the device, and for `.measured` each
/// route's recent cost (seconds per decoded megapixel, a moving average).
final class BackendRouter: Sendable {
    enum Route: Sendable { case device, cpu }

    private struct State {
        var onDevice = 0
        var taken = 0
        /// Per route: the moving average, nil until a measured image ended, and whether the
        /// route's first image (which pays for building the device's programs, or warms the
        /// caches) has been left out.
        var cost: [Route: Double] = [:]
        var warmed: Set<Route> = []
    }

    let share: DeviceShare
    private let state = Mutex(State())
    /// Every this-many-th image of `.measured` goes to the costlier route.
    static let probeInterval = 16
    /// Weight of the newest image in a route's moving average.
    static let smoothing = 0.25
    /// How much cheaper the device must look to be preferred. An image's wall time misses
    /// what the device costs the host beside it (the driver's threads, staging copies): on an
    /// H200 beside 16 cores, the GPU's images took as long as the CPU's but the batch used 35%
    /// more CPU time (docs/BENCHMARKS.md, "On a real GPU").
    static let deviceMargin = 0.75

    init(share: DeviceShare) { self.share = share }

    /// The route of the next image; every `.device` route is ended by `ended(_:)`.
    func take() -> Route {
        state.withLock { state in
            state.taken += 1
            let route: Route
            switch share {
            case .all:
                route = .device
            case .atMost(let limit):
                route = state.onDevice < max(1, limit) ? .device : .cpu
            case .measured:
                route = Self.measuredRoute(state)
            }
            if route == .device { state.onDevice += 1 }
            return route
        }
    }

    /// The cheaper route once both are measured (the device only by `deviceMargin`), the other
    /// every `probeInterval`-th image;
    /// before that, one image at a time on a route not yet measured, the CPU otherwise.
    private static func measuredRoute(_ state: State) -> Route {
        guard let device = state.cost[.device] else {
            return state.onDevice == 0 ? .device : .cpu
        }
        guard let cpu = state.cost[.cpu] else { return .cpu }
        let cheaper: Route = device < cpu * deviceMargin ? .device : .cpu
        let costlier: Route = cheaper == .device ? .cpu : .device
        return state.taken % probeInterval == 0 ? costlier : cheaper
    }

    /// Called once per taken route when the image's work has ended, with its wall time and
    /// decoded pixels when it was made (nil when it failed: not counted as a cost).
    func ended(_ route: Route, seconds: Double?, decodedPixels: Int?) {
        state.withLock { state in
            if route == .device { state.onDevice -= 1 }
            guard share == .measured, let seconds, let decodedPixels, decodedPixels > 0 else { return }
            guard state.warmed.contains(route) else {
                state.warmed.insert(route)
                return
            }
            let cost = seconds / (Double(decodedPixels) / 1_000_000)
            state.cost[route] = state.cost[route].map { $0 + Self.smoothing * (cost - $0) } ?? cost
        }
    }
}
