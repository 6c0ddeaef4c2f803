#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The signal actions `RawMode` replaced, kept where its C signal handler can reach them, so the
/// handler can put the previous action back and re-raise: the process then ends exactly as it would
/// have without us, including through the Swift runtime's crash backtracer.
///
/// Same reasoning as `SavedTerminalMode`: one table on the heap, indexed by signal number, published
/// through an `Atomic` address and never freed; entries are written before the handler that reads
/// them is installed. Touched first outside any handler, so lazy initialisation never runs in one.
package enum ReplacedSignalActions {
    private static let signalLimit = 65
    private static let address = Atomic<UInt>(0)

    private static var table: UnsafeMutablePointer<sigaction> {
        if let table = UnsafeMutablePointer<sigaction>(bitPattern: address.load(ordering: .acquiring)) { return table }
        let table = UnsafeMutablePointer<sigaction>.allocate(capacity: signalLimit)
        table.initialize(repeating: sigaction(), count: signalLimit)
        let (exchanged, existing) = address.compareExchange(expected: 0, desired: UInt(bitPattern: table), ordering: .acquiringAndReleasing)
        if exchanged { return table }
        table.deallocate()
        return UnsafeMutablePointer<sigaction>(bitPattern: existing)!
    }

    package static func remember(_ action: sigaction, for signal: Int32) {
        guard (1..<Int32(signalLimit)).contains(signal) else { return }
        table[Int(signal)] = action
    }

    /// Async-signal-safe: an atomic load and `sigaction`.
    package static func reinstall(_ signal: Int32) {
        guard (1..<Int32(signalLimit)).contains(signal),
              let table = UnsafeMutablePointer<sigaction>(bitPattern: address.load(ordering: .acquiring)) else { return }
        sigaction(signal, table + Int(signal), nil)
    }
}
