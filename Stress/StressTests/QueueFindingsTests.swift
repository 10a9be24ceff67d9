import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// What the stress suites surfaced about the transition queue, each pinned down by the
/// smallest deterministic test (a manual clock parks a transition; the journal says when the
/// queue accepted a request).
@Suite struct QueueFindingsTests {
    /// A window whose root is a navigation controller, and a push parked in its animation.
    static func parked() async throws -> (Window, NavigationController, ManualClock, Task<TransitionOutcome, any Error>) {
        let clock = ManualClock()
        let window = Window(configuration: .init(clock: clock, transitionDuration: .seconds(1)))
        let navigation = NavigationController(
            context: window.makeContext(),
            rootViewController: GenericViewController(context: window.makeContext())
        )
        try await window.setRootViewController(navigation)
        let park = Task { try await navigation.pushViewController(GenericViewController(context: window.makeContext())) }
        await clock.sleepers(atLeast: 1)
        return (window, navigation, clock, park)
    }

    // DESIGN §3.4: a request cancelled before its commit point leaves no trace. A
    // `.replacePending` request whose task was cancelled before it was even sent never runs
    // (it throws CancellationError), yet it supersedes the request waiting before it, which
    // ends `.superseded` instead of running.
    @Test func replacePending_fromAnAlreadyCancelledTask_doesNotSupersedeTheWaiting() async throws {
        let (window, navigation, clock, park) = try await Self.parked()
        var reader = JournalReader(await window.journal())
        let waiting = Task { try await navigation.pushViewController(GenericViewController(context: window.makeContext())) }
        await reader.waitAccepted(1)
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await navigation.pushViewController(
                GenericViewController(context: window.makeContext()), policy: .replacePending
            )
        }
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        // The queue changed synchronously when it accepted the cancelled request.
        let stillWaiting = await window.pendingRequestCount
        #expect(stillWaiting == 1, "the waiting push was superseded by a request that never ran")
        clock.advance(by: .seconds(1))
        #expect(try await park.value == .completed(sequence: 2))
        if stillWaiting == 1 {
            await clock.sleepers(atLeast: 1)
            clock.advance(by: .seconds(1))
            #expect(try await waiting.value == .completed(sequence: 3))
        } else {
            #expect(try await waiting.value == .superseded)
        }
        await window.close()
    }

    // DESIGN §3.6, §6: every request's end is in the journal, also the ends of the requests
    // waiting when the window closes (`close()` journals them) and of the running one (the
    // streams finish when it ends).
    @Test func close_journalsTheEndOfEveryWaitingRequest() async throws {
        let (window, navigation, clock, park) = try await Self.parked()
        let journal = await window.journal()
        var reader = JournalReader(await window.journal())
        let waiting = Task { try await navigation.pushViewController(GenericViewController(context: window.makeContext())) }
        await reader.waitAccepted(1)
        await window.close()
        await #expect(throws: NavigationError.self) { try await waiting.value }
        clock.advance(by: .seconds(1))
        _ = try? await park.value
        let events = await JournalReader.collect(journal)
        let audit = JournalAudit.audit(events)
        #expect(audit.open == [], "accepted, never ended in the journal: \(audit.open)")
    }
}
