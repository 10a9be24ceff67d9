import NavigationRuntime
import Testing

/// §8: scene sessions, their lifecycle events and the key window (ideas 65–69).
@Suite struct ApplicationSceneTests {
    /// Ends the application's event streams and reads this one to its end (never waits for
    /// an event that does not come). `count` is what the test expects to read.
    private func take(_ count: Int, from stream: AsyncStream<ApplicationEvent>, of app: Application) async -> [ApplicationEvent] {
        await app.finishEventStreams()
        var events: [ApplicationEvent] = []
        for await event in stream { events.append(event) }
        #expect(events.count == count)
        return events
    }

    // R8.2, R8.4, R8.6 (idea 65): activating with no session opens a window with a new
    // session; the scene connects with the user activity, in the lifecycle order.
    @Test func activation_newSession_connectsInLifecycleOrder() async throws {
        let app = Application()
        let events = await app.events()
        let window = try await app.activateSceneSession(userActivity: "compose", configuration: .immediate)
        #expect(await take(4, from: events, of: app) == [
            .willConnect(SessionID(1), window.id, userActivity: "compose"),
            .willEnterForeground(SessionID(1)), .didBecomeActive(SessionID(1)), .becomeKey(window.id),
        ])
        // R8.1: the session is open and connected.
        #expect(await app.openSessions.map(\.id) == [SessionID(1)])
        #expect(await app.connectedSessions.map(\.window) == [window.id])
    }

    // R8.4, R8.5, R8.8 (idea 67): closing a window disconnects its scene and keeps its session
    // with the restoration snapshot; reactivating the session connects a new window.
    @Test func disconnect_keepsTheSession_withItsRestorationSnapshot_andReconnects() async throws {
        let app = Application()
        let window = await app.openWindow(configuration: .immediate)
        let root = GenericViewController(context: window.makeContext(), className: "Home")
        try await window.setRootViewController(root)
        let snapshot = await window.snapshot()
        var events = await app.events()
        await app.closeWindow(window.id)
        #expect(await take(4, from: events, of: app) == [
            .resignKey(window.id), .willResignActive(SessionID(1)), .didEnterBackground(SessionID(1)),
            .didDisconnect(SessionID(1)),
        ])
        let session = try #require(await app.openSessions.first)
        #expect(!session.isConnected, "R8.4: disconnect does not destroy the session")
        #expect(session.stateRestorationSnapshot == snapshot, "R8.5")
        events = await app.events()
        let again = try await app.activateSceneSession(session.id, configuration: .immediate)
        #expect(await take(4, from: events, of: app) == [
            .willConnect(SessionID(1), again.id, userActivity: nil),
            .willEnterForeground(SessionID(1)), .didBecomeActive(SessionID(1)), .becomeKey(again.id),
        ])
        #expect(await app.session(of: again.id)?.id == session.id)
    }

    // R8.3 (idea 66): destroying a session disconnects its scene and removes it.
    @Test func destroy_disconnects_andRemovesTheSession() async throws {
        let app = Application()
        let window = await app.openWindow(configuration: .immediate)
        let events = await app.events()
        await app.destroySession(SessionID(1))
        #expect(await take(5, from: events, of: app) == [
            .resignKey(window.id), .willResignActive(SessionID(1)), .didEnterBackground(SessionID(1)),
            .didDisconnect(SessionID(1)), .didDiscard(SessionID(1)),
        ])
        #expect(await app.openSessions.isEmpty)
        #expect(await window.isClosed)
        await #expect(throws: NavigationError(.invalidRequest, "")) {
            try await app.activateSceneSession(SessionID(1))
        }
    }

    // R8.6 (idea 68): one key window; making another key resigns the first.
    @Test func makeKey_resignsThePreviousKeyWindow() async throws {
        let app = Application()
        let first = await app.openWindow(configuration: .immediate)
        let second = await app.openWindow(configuration: .immediate)
        let events = await app.events()
        try await app.makeKey(second.id)
        #expect(await take(2, from: events, of: app) == [.resignKey(first.id), .becomeKey(second.id)])
        #expect(await app.keyWindow == second.id)
        // Activating a connected session makes its window key.
        let session = try #require(await app.session(of: first.id))
        let window = try await app.activateSceneSession(session.id)
        #expect(window === first)
        #expect(await app.keyWindow == first.id)
    }

    // R8.7 (idea 69): a transition in flight in one window does not hold up another's.
    @Test func windows_areIndependent() async throws {
        let app = Application()
        let first = await app.openWindow(configuration: .immediate)
        let second = await app.openWindow(configuration: .immediate)
        let a = GenericViewController(context: first.makeContext())
        let b = GenericViewController(context: second.makeContext())
        async let one = first.setRootViewController(a)
        async let two = second.setRootViewController(b)
        let (outcomeOne, outcomeTwo) = try await (one, two)
        #expect(outcomeOne == .completed(sequence: 1))
        #expect(outcomeTwo == .completed(sequence: 1))
    }
}
