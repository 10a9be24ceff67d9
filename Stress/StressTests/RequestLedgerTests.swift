import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// `RequestLedger`: exact bookkeeping, and a watchdog that returns on the last resolution and
/// fails with the exact unresolved tickets when its bound passes. Time is a `ManualClock`
/// that no test advances unless it tests the bound, so a pass can never come from time passing.
@Suite struct RequestLedgerTests {
    @Test func records_counts_andUnresolved_areExact() {
        let ledger = RequestLedger()
        let a = ledger.issue("push A")
        let b = ledger.issue("pop")
        let c = ledger.issue("present C")
        #expect([a, b, c] == [RequestLedger.Ticket(1), RequestLedger.Ticket(2), RequestLedger.Ticket(3)])
        ledger.resolve(a, with: .outcome(.completed(sequence: 2)))
        ledger.resolve(c, with: .failed(.windowClosed))

        #expect(ledger.issuedCount == 3)
        #expect(ledger.resolvedCount == 2)
        #expect(ledger.unresolved.map(\.ticket) == [b])
        #expect(ledger.unresolved.map(\.label) == ["pop"])
        #expect(ledger.counts == ["completed": 1, "failed(windowClosed)": 1])
        #expect(ledger.resolution(of: a) == .outcome(.completed(sequence: 2)))
        #expect(ledger.resolution(of: b) == nil)
        #expect(ledger.records.map(\.description) == [
            "#1 push A → completed(sequence: 2)", "#2 pop (unresolved)", "#3 present C → failed(windowClosed)",
        ])
    }

    @Test func aSecondResolution_isADuplicate_andAnUnknownTicket_aStray() {
        let ledger = RequestLedger()
        let a = ledger.issue("push")
        ledger.resolve(a, with: .outcome(.dropped))
        ledger.resolve(a, with: .cancelled)
        ledger.resolve(RequestLedger.Ticket(9), with: .cancelled)

        #expect(ledger.resolution(of: a) == .outcome(.dropped), "the first resolution counts")
        #expect(ledger.duplicates == [RequestLedger.Record(ticket: a, label: "push", resolution: .cancelled)])
        #expect(ledger.strays == [RequestLedger.Ticket(9)])
        #expect(ledger.counts == ["dropped": 1])
    }

    @Test func resolutions_classifyResults() {
        #expect(RequestLedger.Resolution(.success(.vetoed)).name == "vetoed")
        #expect(RequestLedger.Resolution(.failure(CancellationError())) == .cancelled)
        let closed = NavigationError(.windowClosed, "closed")
        #expect(RequestLedger.Resolution(.failure(closed)) == .failed(.windowClosed))
        struct Boom: Error {}
        #expect(RequestLedger.Resolution(.failure(Boom())).name == "error")
        #expect(RequestLedger.Resolution.other("noWindow").name == "noWindow")
        #expect(RequestLedger.Resolution.outcome(.deferred(RequestID(4))).name == "deferred")
        #expect(RequestLedger.Resolution.outcome(.noDestination(action: "x:")).name == "noDestination")
    }

    @Test func track_resolvesWithTheRequestsResult() async throws {
        let window = Window(configuration: .immediate)
        let navigation = NavigationController(
            context: window.makeContext(),
            rootViewController: GenericViewController(context: window.makeContext())
        )
        let ledger = RequestLedger()
        await ledger.track("setRoot") { try await window.setRootViewController(navigation) }
        await ledger.track("pop one") { try await navigation.pop().outcome }
        await ledger.track("cancelled push") {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await navigation.pushViewController(GenericViewController(context: window.makeContext()))
        }
        await window.close()
        await ledger.track("push after close") {
            try await navigation.pushViewController(GenericViewController(context: window.makeContext()))
        }
        #expect(ledger.records.map { $0.resolution?.name } == ["completed", "noChange", "cancelled", "failed(windowClosed)"])
    }

    @Test func watchdog_returnsOnTheLastResolution_withoutTimePassing() async throws {
        let clock = ManualClock()
        let ledger = RequestLedger()
        let a = ledger.issue("a")
        let b = ledger.issue("b")
        let watchdog = Task { try await ledger.waitUntilAllResolved(expecting: 2, within: .seconds(5), clock: clock) }
        await clock.sleepers(atLeast: 1)  // armed: it is waiting
        ledger.resolve(a, with: .outcome(.noChange))
        ledger.resolve(b, with: .outcome(.noChange))
        try await watchdog.value
        #expect(clock.now == ManualClock.Instant(offset: .zero), "no time passed")
        #expect(clock.sleeperCount == 0, "the bound was disarmed")
    }

    @Test func watchdog_returnsAtOnce_whenNothingIsOutstanding() async throws {
        let ledger = RequestLedger()
        ledger.resolve(ledger.issue("a"), with: .cancelled)
        try await ledger.waitUntilAllResolved(expecting: 1, within: .seconds(5), clock: ManualClock())
        try await ledger.waitUntilAllResolved(within: .seconds(5), clock: ManualClock())
    }

    @Test func watchdog_failsWhenTheBoundPasses_listingExactlyTheUnresolved() async throws {
        let clock = ManualClock()
        let ledger = RequestLedger()
        let a = ledger.issue("push A")
        _ = ledger.issue("pop")
        _ = ledger.issue("present C")
        ledger.resolve(a, with: .outcome(.completed(sequence: 2)))
        let watchdog = Task { await failure { () async throws(RequestLedger.Unresolved) in try await ledger.waitUntilAllResolved(expecting: 5, within: .seconds(5), clock: clock) } }
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(5))
        guard let unresolved = await watchdog.value else {
            Issue.record("the watchdog passed with two requests unresolved")
            return
        }
        #expect(unresolved.tickets == [RequestLedger.Ticket(2), RequestLedger.Ticket(3)])
        #expect(unresolved.neverIssued == 2)
        #expect(unresolved.description == "2 request(s) unresolved after 5.0 seconds, 2 never issued: #2 pop, #3 present C")
    }

    @Test func watchdog_waitsForTheExpectedCount_notOnlyForWhatWasIssued() async throws {
        let clock = ManualClock()
        let ledger = RequestLedger()
        ledger.resolve(ledger.issue("first"), with: .outcome(.noChange))
        let watchdog = Task { await failure { () async throws(RequestLedger.Unresolved) in try await ledger.waitUntilAllResolved(expecting: 2, within: .seconds(1), clock: clock) } }
        await clock.sleepers(atLeast: 1)
        let second = ledger.issue("second")  // issued late: the wait must cover it
        clock.advance(by: .seconds(1))
        guard let unresolved = await watchdog.value else {
            Issue.record("the watchdog passed before the second request resolved")
            return
        }
        #expect(unresolved.tickets == [second])
        #expect(unresolved.neverIssued == 0)
    }

    @Test func waitUntilResolved_waitsOnlyForTheTicketsGiven() async throws {
        let clock = ManualClock()
        let ledger = RequestLedger()
        let a = ledger.issue("a")
        let b = ledger.issue("b")
        let c = ledger.issue("c")
        let watchdog = Task { try await ledger.waitUntilResolved([a, c], within: .seconds(1), clock: clock) }
        await clock.sleepers(atLeast: 1)
        ledger.resolve(c, with: .cancelled)
        ledger.resolve(a, with: .cancelled)
        try await watchdog.value
        #expect(ledger.unresolved.map(\.ticket) == [b])

        let second = Task { await failure { () async throws(RequestLedger.Unresolved) in try await ledger.waitUntilResolved([a, b], within: .seconds(1), clock: clock) } }
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(1))
        guard let unresolved = await second.value else {
            Issue.record("the wait passed with b unresolved")
            return
        }
        #expect(unresolved.tickets == [b])
    }

    @Test func cancellingTheWaitingTask_endsTheWait_withTheUnresolved() async throws {
        let clock = ManualClock()
        let ledger = RequestLedger()
        let a = ledger.issue("a")
        let watchdog = Task { await failure { () async throws(RequestLedger.Unresolved) in try await ledger.waitUntilAllResolved(within: .seconds(60), clock: clock) } }
        await clock.sleepers(atLeast: 1)
        watchdog.cancel()
        guard let unresolved = await watchdog.value else {
            Issue.record("a cancelled wait passed with a unresolved")
            return
        }
        #expect(unresolved.tickets == [a])
        #expect(clock.now == ManualClock.Instant(offset: .zero))
    }
}

/// What a watchdog wait threw, or `nil` if it returned.
private func failure(_ wait: () async throws(RequestLedger.Unresolved) -> Void) async -> RequestLedger.Unresolved? {
    do {
        try await wait()
        return nil
    } catch {
        return error
    }
}
