import NavigationRuntime
import NavigationRuntimeTesting
import Synchronization
import Testing

// A storyboard segue whose source has hooks runs its whole pipeline as one function in the
// request's runner (issue 12, hot path): the hooks keep UIKit's order for every built-in kind
// (R1.1, R1.4), a request made from `prepare(for:sender:)` is deferred behind the segue (R4.5),
// and cancelling the caller after `prepare` leaves no trace (DESIGN §3.4).

/// Scenes "A" (the source, with the segue "s" of `kind` to "B") and "B".
private func catalog(_ c: Conformance, kind: SegueKind) -> SceneCatalog {
    let recorder = c.recorder
    let book = c.book
    return SceneCatalog([
        Scene("A", segues: [SegueDefinition(identifier: "s", kind: kind, destination: "B")]) { context in
            let a = RecordingController(context: context, name: "A", recorder: recorder)
            book.set(a.id, "A")
            return a
        },
        Scene("B") { context in
            recorder.record("B.init")
            let b = RecordingController(context: context, name: "B", recorder: recorder, modalPresentationStyle: .fullScreen)
            book.set(b.id, "B")
            return b
        },
    ])
}

/// N[A], A made from its scene, as the window's root; the recorder cleared.
private func world(_ c: Conformance, kind: SegueKind) async throws -> (a: RecordingController, n: NavigationController) {
    let a = try #require(catalog(c, kind: kind).instantiate("A", in: c.window) as? RecordingController)
    let n = await c.navigation("N", [a])
    try await c.start(with: n)
    _ = c.recorder.take()
    return (a, n)
}

/// A place for a task that a hook cancels.
private final class TaskBox: Sendable {
    private let task = Mutex<Task<TransitionOutcome, any Error>?>(nil)
    func set(_ value: Task<TransitionOutcome, any Error>) { task.withLock { $0 = value } }
    func cancel() { task.withLock { $0 }?.cancel() }
}

@Suite struct HookedSegueTests {
    enum Kind: String, CaseIterable, Sendable {
        case show, push, presentModally

        var segueKind: SegueKind {
            switch self {
            case .show: .show
            case .push: .push
            case .presentModally: .presentModally(.fullScreen)
            }
        }
    }

    // R1.1, R1.4: shouldPerform, the destination instantiated, prepare, then the transition.
    @Test(arguments: Kind.allCases)
    func hookedSegue_ofABuiltInKind_callsItsHooksInUIKitsOrder(kind: Kind) async throws {
        let c = Conformance()
        let (a, n) = try await world(c, kind: kind.segueKind)

        #expect(try await a.triggerSegue(withIdentifier: "s", animated: false) == .completed(sequence: 2))

        let log = c.recorder.take()
        #expect(Array(log.prefix(3)) == ["A.shouldPerformSegue(s)", "B.init", "A.prepare(s, A → B)"])
        // The transition begins after prepare (a push's containment first, R6.2).
        let begins = kind == .presentModally ? ["B.viewDidLoad"] : ["B.willMove(toParent: N)", "B.viewDidLoad"]
        #expect(Array(log.dropFirst(3).prefix(begins.count)) == begins)
        #expect(log.contains("A.viewWillDisappear(false)") && log.contains("B.viewDidAppear(false)"))
        let presented = await a.presentedViewController
        switch kind {
        case .show, .push:
            #expect(await n.viewControllers.count == 2)
            #expect(presented == nil)
        case .presentModally:
            #expect(await n.viewControllers.count == 1)
            #expect(presented != nil)
        }
    }

    // R4.5: a push made from prepare is deferred: the segue commits first (2), the push next (3).
    @Test func aPushFromPrepare_isDeferred_andCommitsAfterTheSegue() async throws {
        let c = Conformance()
        let (a, n) = try await world(c, kind: .show)
        let extra = c.controller("C")
        let outcomes = AsyncStream.makeStream(of: TransitionOutcome.self)
        await a.setOnPrepare { _, _ in
            let outcome = (try? await n.pushViewController(extra, animated: false)) ?? .noChange
            outcomes.continuation.yield(outcome)
        }
        let journal = await c.window.journal()

        #expect(try await a.performSegue(withIdentifier: "s", animated: false) == .completed(sequence: 2))

        var told = outcomes.stream.makeAsyncIterator()
        guard case .deferred(let id)? = await told.next() else {
            Issue.record("expected .deferred")
            return
        }
        var reader = JournalReader(journal)
        let commit = await reader.next { if case .committed = $0.kind { $0.sequence == 3 } else { false } }
        #expect(commit?.request == id)
        try await c.window.waitUntilIdle()
        #expect(await n.viewControllers.map { c.recorder.name(of: $0) } == ["A", "B", "C"])
    }

    // R4.5 after a real suspension: a hook that suspends before it navigates is still the
    // running request's own code. The runner starts in place of its caller and hands the thread
    // back at its first suspension; the request's scope and the queue's running request must
    // both still say so when the hook resumes. A request from the hook that was not deferred
    // would be dropped here (`.dropIfBusy`); with `.enqueue` it would wait behind the segue
    // that waits for it.
    @Test(arguments: [Kind.show, .presentModally])
    func aPushFromPrepare_afterPrepareSuspended_isStillDeferred(kind: Kind) async throws {
        let c = Conformance()
        let (a, n) = try await world(c, kind: kind.segueKind)
        let extra = c.controller("C")
        let entered = AsyncStream.makeStream(of: Void.self)
        let release = AsyncStream.makeStream(of: Void.self)
        let outcomes = AsyncStream.makeStream(of: TransitionOutcome.self)
        await a.setOnPrepare { _, _ in
            entered.continuation.yield()
            var gate = release.stream.makeAsyncIterator()
            _ = await gate.next()  // suspends: the runner hands the thread back to its caller
            let outcome = (try? await n.pushViewController(extra, animated: false, policy: .dropIfBusy)) ?? .noChange
            outcomes.continuation.yield(outcome)
        }
        let segue = Task { try await a.performSegue(withIdentifier: "s", animated: false) }
        var inPrepare = entered.stream.makeAsyncIterator()
        _ = await inPrepare.next()
        release.continuation.yield()
        #expect(try await segue.value == .completed(sequence: 2))
        var told = outcomes.stream.makeAsyncIterator()
        let outcome = await told.next()
        guard case .deferred? = outcome else {
            Issue.record("expected .deferred, got \(String(describing: outcome))")
            return
        }
        try await c.window.waitUntilIdle()
        if kind == .show { #expect(await n.viewControllers.map { c.recorder.name(of: $0) } == ["A", "B", "C"]) }
    }

    // DESIGN §3.4: the caller cancelled while prepare runs: no trace, and the window goes on.
    @Test(.timeLimit(.minutes(1)))
    func cancellingTheCaller_duringPrepare_leavesNoTrace_andTheWindowGoesOn() async throws {
        let c = Conformance()
        let (a, n) = try await world(c, kind: .show)
        let start = await c.window.snapshot()
        let box = TaskBox()
        let entered = AsyncStream.makeStream(of: Void.self)
        let release = AsyncStream.makeStream(of: Void.self)
        await a.setOnPrepare { _, _ in
            entered.continuation.yield()
            var gate = release.stream.makeAsyncIterator()
            _ = await gate.next()
        }

        let segue = Task { try await a.performSegue(withIdentifier: "s", animated: false) }
        box.set(segue)
        var inPrepare = entered.stream.makeAsyncIterator()
        _ = await inPrepare.next()
        box.cancel()
        release.continuation.yield()
        await #expect(throws: CancellationError.self) { try await segue.value }

        try await c.window.waitUntilIdle()
        #expect(await c.window.snapshot().normalized() == start.normalized())
        let d = c.controller("D")
        #expect(try await n.pushViewController(d, animated: false) == .completed(sequence: 2))
    }
}
