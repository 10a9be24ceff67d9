@testable import NavigationRuntime
import Testing

// The runner's state machine, synchronously (like TransitionQueueStateMachineTests): who answers a
// request's caller, exactly once, and when a request is abandoned (issue 18, finding 4).

private typealias Machine = RunnerStateMachine<String>

private func outcome(_ answer: RunnerAnswer?) -> TransitionOutcome? {
    guard case .success(let outcome)? = answer else { return nil }
    return outcome
}

@Suite struct RunnerStateMachineTests {
    @Test func aFinishedRunner_answersItsSuspendedCaller_once() {
        var machine = Machine()
        guard case .suspended = machine.suspend("caller") else { Issue.record("not suspended"); return }
        #expect(machine.finish(.success(.completed(sequence: 1))) == "caller")
        #expect(machine.finish(.success(.completed(sequence: 1))) == nil)
        #expect(machine.isCallerAnswered)
    }

    @Test func aRunnerFinishingBeforeItsCallerSuspends_answersAtTheSuspension() {
        var machine = Machine()
        #expect(machine.finish(.success(.noChange)) == nil)
        guard case .resume(let answer) = machine.suspend("caller") else { Issue.record("not resumed"); return }
        #expect(outcome(answer) == .noChange)
    }

    // A runner started at once (`Task.immediate`) that finished before its caller waited: the
    // caller takes the answer without suspending; a cancellation after that does nothing.
    @Test func aRunnerFinishedBeforeItsCallerWaits_givesItsAnswerOnce_withoutASuspension() {
        var machine = Machine()
        #expect(machine.takeAnswer() == nil)
        #expect(machine.finish(.success(.completed(sequence: 2))) == nil)
        #expect(outcome(machine.takeAnswer()) == .completed(sequence: 2))
        #expect(machine.takeAnswer() == nil)
        guard case .none = machine.callerCancelled() else { Issue.record("acted after the answer"); return }
    }

    @Test func cancellingTheCaller_inUserCode_abandons_andTheLateResultIsDiscarded() {
        var machine = Machine()
        _ = machine.suspend("caller")
        let (_, outer) = machine.enter(.named("prepare(for:sender:)"), controller: ControllerID(1))
        guard case .abandon(let continuation) = machine.callerCancelled() else { Issue.record("not abandoned"); return }
        #expect(continuation == "caller")
        #expect(machine.abandonment == .cancelled)
        let goesOn = machine.exit(restoring: outer)
        #expect(goesOn == false)  // the runner stops here
        #expect(machine.finish(.success(.completed(sequence: 1))) == nil)
    }

    @Test func cancellingTheCaller_inTheRuntimesOwnCode_cancelsTheRunner_whichAnswersLater() {
        var machine = Machine()
        _ = machine.suspend("caller")
        guard case .cancelRunner = machine.callerCancelled() else { Issue.record("runner not cancelled"); return }
        #expect(machine.abandonment == nil)
        #expect(machine.isCancelRequested)
        #expect(machine.finish(.failure(CancellationError())) == "caller")
    }

    @Test func cancellingTheCaller_afterTheCommit_doesNothing() {
        var machine = Machine()
        _ = machine.suspend("caller")
        machine.commit(3)
        _ = machine.enter(.callback(.viewDidAppear(animated: false)), controller: ControllerID(2))
        guard case .none = machine.callerCancelled() else { Issue.record("acted after the commit"); return }
        #expect(machine.abandonment == nil)
    }

    @Test func closing_abandonsOnlyInUserCode_andAnswersWithTheCommitIfThereWasOne() {
        var machine = Machine()
        _ = machine.suspend("caller")
        let early = machine.windowClosed { _ in .success(.noChange) }
        #expect(early.abandoned == false)
        machine.commit(7)
        _ = machine.enter(.callback(.viewDidAppear(animated: false)), controller: ControllerID(2))
        let closed = machine.windowClosed { committed in .success(.completed(sequence: committed ?? 0)) }
        #expect(closed.abandoned && closed.continuation == "caller")
        #expect(outcome(closed.answer) == .completed(sequence: 7))
        #expect(machine.abandonment == .closed)
    }

    @Test func aDeadline_abandonsOnlyTheCallItWatches() {
        var machine = Machine()
        _ = machine.suspend("caller")
        let (first, outer) = machine.enter(.named("prepare(for:sender:)"), controller: ControllerID(1))
        let returned = machine.exit(restoring: outer)
        #expect(returned)
        let (second, _) = machine.enter(.callback(.viewWillAppear(animated: false)), controller: ControllerID(2))
        let stale = machine.deadlinePassed(first) { _ in .success(.noChange) }
        #expect(stale.abandoned == false)
        let passed = machine.deadlinePassed(second) { _ in .success(.noChange) }
        #expect(passed.abandoned && passed.continuation == "caller")
        #expect(machine.abandonment == .deadline(second))
        // Whatever comes after is too late.
        guard case .none = machine.callerCancelled() else { Issue.record("answered twice"); return }
    }
}
