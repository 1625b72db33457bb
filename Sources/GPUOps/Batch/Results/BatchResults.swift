import Synchronization

/// The results of a running batch, one per input as it ends (`BatchJob.run`'s `results`):
/// written ones once their outputs are durable, failures, skips, and, after a cancel, the
/// inputs that were interrupted. The sequence ends when the batch has recorded every input.
///
/// Unlike an `AsyncStream`, it does not end when the reading task is cancelled: a cancelled
/// batch still says how each input ended (which files were written, which inputs were not
/// finished), and it ends soon after, once the images in flight have ended. Results not read
/// yet wait in memory; a reader that keeps up holds only the few images in flight.
public typealias BatchResults = any AsyncSequence<BatchInputResult, Never> & Sendable

/// The sequence behind `BatchResults`: reads a `ResultChannel`.
package struct ResultSequence: AsyncSequence, Sendable {
    private let channel: ResultChannel

    package init(_ channel: ResultChannel) { self.channel = channel }

    package func makeAsyncIterator() -> Iterator { Iterator(channel: channel) }

    package struct Iterator: AsyncIteratorProtocol {
        let channel: ResultChannel

        package mutating func next() async -> BatchInputResult? { await channel.next() }
    }
}

/// The results between the batch's threads and their readers: `yield` from any thread,
/// `next` from any task, `finish` once at the end.
package final class ResultChannel: Sendable {
    private struct State {
        var buffer: [BatchInputResult] = []
        var head = 0
        var finished = false
        var readers: [CheckedContinuation<BatchInputResult?, Never>] = []
    }

    private let state = Mutex(State())

    package init() {}

    /// Hands `result` to a waiting reader, or keeps it for the next.
    package func yield(_ result: BatchInputResult) {
        state.withLock { state in
            guard !state.finished else { return }
            if state.readers.isEmpty {
                state.buffer.append(result)
            } else {
                state.readers.removeFirst().resume(returning: result)
            }
        }
    }

    /// Ends the sequence after the results kept so far.
    package func finish() {
        state.withLock { state in
            state.finished = true
            for reader in state.readers { reader.resume(returning: nil) }
            state.readers = []
        }
    }

    /// The next result, waiting for one; nil once finished and read to the end.
    package func next() async -> BatchInputResult? {
        await withCheckedContinuation { reader in
            state.withLock { state in
                if state.head < state.buffer.count {
                    let result = state.buffer[state.head]
                    state.head += 1
                    if state.head == state.buffer.count {
                        state.buffer.removeAll(keepingCapacity: true)
                        state.head = 0
                    }
                    reader.resume(returning: result)
                } else if state.finished {
                    reader.resume(returning: nil)
                } else {
                    state.readers.append(reader)
                }
            }
        }
    }
}
