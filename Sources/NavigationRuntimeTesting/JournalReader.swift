import NavigationRuntime

/// Reads a window's journal subscription event by event, in the test's own task: a test waits
/// for what the journal says happened (a request accepted, a transition begun), never for time
/// to pass and never by polling.
///
/// Subscribe before the requests you wait for, wait, then act:
///
/// ```swift
/// var reader = JournalReader(await window.journal())
/// let push = Task { try await navigation.pushViewController(detail) }
/// await reader.waitAccepted()          // the push is queued now
/// await window.close()                 // so it ends with `.windowClosed`
/// ```
///
/// Closing the window finishes every journal stream, so ``readToEnd()`` (and
/// ``collect(_:)``) return once the window is closed.
public struct JournalReader {
    private var iterator: AsyncStream<JournalEvent>.Iterator

    /// Every event read so far, in journal order (the events ``next(where:)`` skipped
    /// included).
    public private(set) var events: [JournalEvent] = []

    /// Creates a reader of `journal` (a stream from `Window.journal()`).
    public init(_ journal: AsyncStream<JournalEvent>) { iterator = journal.makeAsyncIterator() }

    /// Reads up to the next event `predicate` accepts and returns it, or `nil` if the stream
    /// finished (the window closed) first.
    public mutating func next(where predicate: (JournalEvent) -> Bool) async -> JournalEvent? {
        while let event = await iterator.next(isolation: #isolation) {
            events.append(event)
            if predicate(event) { return event }
        }
        return nil
    }

    /// Reads until the window has accepted `count` more requests (from the reader's position
    /// on), or the stream finished.
    public mutating func waitAccepted(_ count: Int = 1) async {
        for _ in 0..<count {
            guard await next(where: { if case .accepted = $0.kind { true } else { false } }) != nil else { return }
        }
    }

    /// Reads until the stream finishes (the window closed) and returns every event read,
    /// ``events``.
    public mutating func readToEnd() async -> [JournalEvent] {
        _ = await next(where: { _ in false })
        return events
    }

    /// Every event of `journal` until it finishes (the window closed).
    public static func collect(_ journal: AsyncStream<JournalEvent>) async -> [JournalEvent] {
        var reader = JournalReader(journal)
        return await reader.readToEnd()
    }
}
