/// The tag of ``SessionID``.
public enum SessionTag: IdentifierTag {
    public static var prefix: String { "S" }
}

/// Identifies one scene session of an ``Application``, in creation order.
public typealias SessionID = Identifier<SessionTag>

/// A scene session: what the application keeps of a window across disconnections (UIKit's
/// `UISceneSession`, R8.1–R8.5).
public struct SceneSession: Sendable, Hashable {
    /// The session's id.
    public let id: SessionID
    /// The window showing the session's scene while connected.
    public internal(set) var window: WindowID?
    /// The user activity the last activation delivered, if any (R8.2).
    public internal(set) var userActivity: String?
    /// The window's tree as it was when its scene last disconnected (R8.5): hand it to
    /// ``Application/restore(_:catalog:configuration:)`` to rebuild the window.
    public internal(set) var stateRestorationSnapshot: WindowSnapshot?

    /// Whether a window shows the session's scene now.
    public var isConnected: Bool { window != nil }
}

/// One scene-lifecycle or key-window event of an ``Application`` (R8.4, R8.6).
public enum ApplicationEvent: Sendable, Hashable {
    /// `scene(_:willConnectTo:options:)`, with the activation's user activity.
    case willConnect(SessionID, WindowID, userActivity: String?)
    /// `sceneWillEnterForeground`.
    case willEnterForeground(SessionID)
    /// `sceneDidBecomeActive`.
    case didBecomeActive(SessionID)
    /// `sceneWillResignActive`.
    case willResignActive(SessionID)
    /// `sceneDidEnterBackground`.
    case didEnterBackground(SessionID)
    /// `sceneDidDisconnect`: the window is gone; the session remains (R8.4).
    case didDisconnect(SessionID)
    /// The session was destroyed (`application(_:didDiscardSceneSessions:)`, R8.3).
    case didDiscard(SessionID)
    /// The window resigned key (R8.6).
    case resignKey(WindowID)
    /// The window became key (R8.6).
    case becomeKey(WindowID)
}

extension Application {
    /// Every session the application keeps, connected or not, in creation order (R8.1).
    public var openSessions: [SceneSession] { sessionOrder.compactMap { sessions[$0] } }

    /// The sessions a window shows now (UIKit's `connectedScenes`, R8.1).
    public var connectedSessions: [SceneSession] { openSessions.filter(\.isConnected) }

    /// The session a window shows.
    public func session(of window: WindowID) -> SceneSession? { sessionOfWindow[window].flatMap { sessions[$0] } }

    /// A stream of the application's lifecycle events from now on, in order.
    public func events() -> AsyncStream<ApplicationEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: ApplicationEvent.self)
        nextEventSubscriber += 1
        eventSubscribers[nextEventSubscriber] = continuation
        return stream
    }

    /// Finishes every stream ``events()`` returned (they end after the events already sent):
    /// at shutdown, or in a test that then reads them to their end.
    public func finishEventStreams() {
        for continuation in eventSubscribers.values { continuation.finish() }
        eventSubscribers.removeAll()
    }

    /// Activates a scene session (UIKit's `requestSceneSessionActivation`, R8.2): `nil` opens a
    /// new window with a new session; a disconnected session gets a new window (its
    /// ``SceneSession/stateRestorationSnapshot`` says what it showed); a connected one becomes
    /// the key window. The user activity is delivered with `willConnect`.
    ///
    /// - Throws: ``NavigationError/Code/invalidRequest`` for an unknown (destroyed) session.
    @discardableResult
    public func activateSceneSession(
        _ id: SessionID? = nil,
        userActivity: String? = nil,
        configuration: Window.Configuration = Window.Configuration()
    ) throws -> Window {
        if let id {
            guard let session = sessions[id] else {
                throw NavigationError(.invalidRequest, "No scene session \(id): it was destroyed or never existed.")
            }
            if let connected = session.window, let window = windows[connected] {
                sessions[id]?.userActivity = userActivity ?? session.userActivity
                try makeKey(connected)
                return window
            }
        }
        let window = Window(id: makeWindowID(), configuration: configuration)
        register(window, session: id, userActivity: userActivity)
        return window
    }

    /// Destroys a session (UIKit's `requestSceneSessionDestruction`, R8.3): its window closes
    /// if it is connected (R8.8), and it leaves ``openSessions``.
    public func destroySession(_ id: SessionID) async {
        guard let session = sessions[id] else { return }
        if let window = session.window { await closeWindow(window) }
        sessions[id] = nil
        sessionOrder.removeAll { $0 == id }
        emit(.didDiscard(id))
    }

    // MARK: - Internals

    /// Connects a new window to a session (a new one when `nil`) with the lifecycle events.
    func connect(_ window: WindowID, to existing: SessionID?, userActivity: String?) {
        let id: SessionID
        if let existing, sessions[existing] != nil {
            id = existing
        } else {
            nextSession += 1
            id = SessionID(nextSession)
            sessions[id] = SceneSession(id: id)
            sessionOrder.append(id)
        }
        sessions[id]?.window = window
        sessions[id]?.userActivity = userActivity
        sessionOfWindow[window] = id
        emit(.willConnect(id, window, userActivity: userActivity))
        emit(.willEnterForeground(id))
        emit(.didBecomeActive(id))
    }

    /// Disconnects a closed window's scene, keeping its session with the restoration snapshot.
    func disconnect(_ window: WindowID, restoration: WindowSnapshot?) {
        guard let id = sessionOfWindow.removeValue(forKey: window) else { return }
        emit(.willResignActive(id))
        emit(.didEnterBackground(id))
        sessions[id]?.stateRestorationSnapshot = restoration
        sessions[id]?.window = nil
        emit(.didDisconnect(id))
    }

    func emit(_ event: ApplicationEvent) {
        var terminated: [UInt64] = []
        for (key, continuation) in eventSubscribers {
            if case .terminated = continuation.yield(event) { terminated.append(key) }
        }
        for key in terminated { eventSubscribers[key] = nil }
    }
}
