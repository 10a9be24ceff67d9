extension Window {
    /// A stream of this window's journal events from now on, in order.
    ///
    /// Each call makes a new subscriber with its own buffer. The stream finishes when the
    /// window closes; a subscriber that stops iterating is removed at the next event.
    ///
    /// - Parameter bufferingPolicy: what to do when the subscriber falls behind. Defaults to
    ///   `.unbounded` (nothing is lost).
    public func journal(
        bufferingPolicy: AsyncStream<JournalEvent>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<JournalEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: JournalEvent.self, bufferingPolicy: bufferingPolicy)
        if isClosed {
            continuation.finish()
        } else {
            nextSubscriber += 1
            subscribers[nextSubscriber] = continuation
            hasSubscribers = true
        }
        return stream
    }

    /// Delivers an event to every subscriber. Costs one check when nobody listens.
    @inline(__always)
    func emit(_ kind: @autoclosure () -> JournalEvent.Kind, request: RequestID?) {
        guard hasSubscribers else { return }
        deliver(kind(), request: request)
    }

    private func deliver(_ kind: JournalEvent.Kind, request: RequestID?) {
        let event = JournalEvent(window: id, sequence: lastSequence, request: request, kind: kind)
        var terminated: [UInt64] = []
        for (key, continuation) in subscribers {
            if case .terminated = continuation.yield(event) { terminated.append(key) }
        }
        for key in terminated { subscribers[key] = nil }
        hasSubscribers = !subscribers.isEmpty
    }
}
