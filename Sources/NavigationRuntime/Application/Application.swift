/// Owns the windows: opens, lists, activates and closes them (UIKit's `UIApplication` with its
/// scene sessions, §8).
///
/// Windows are independent: each has its own executor and transition queue, so a transition
/// in one never waits for another (R8.7).
///
/// ```swift
/// let app = Application()
/// let window = await app.openWindow(configuration: .immediate)
/// try await window.setRoot(scene: "nav", from: catalog)
/// ```
public actor Application {
    var windows: [WindowID: Window] = [:]
    private var order: [WindowID] = []
    private var nextWindow: UInt64 = 0
    /// The key window, if any (exactly one while any window is open, R8.6).
    public private(set) var keyWindow: WindowID?
    /// The routes ``open(url:in:animated:policy:)`` consults (see ``register(deepLinks:)``).
    var deepLinkRouter: DeepLinkRouter?
    /// Scene sessions by id, in creation order (R8.1), and which session each window shows.
    var sessions: [SessionID: SceneSession] = [:]
    var sessionOrder: [SessionID] = []
    var sessionOfWindow: [WindowID: SessionID] = [:]
    var nextSession: UInt64 = 0
    /// Subscribers to the application's lifecycle events.
    var eventSubscribers: [UInt64: AsyncStream<ApplicationEvent>.Continuation] = [:]
    var nextEventSubscriber: UInt64 = 0

    /// Creates an application with no window.
    public init() {}

    /// Opens a new window; the first window opened becomes the key window.
    ///
    /// The window gets a new scene session (``openSessions``) and the scene lifecycle events
    /// `willConnect`, `willEnterForeground`, `didBecomeActive` (R8.4), then `becomeKey` if it
    /// is the first window (R8.6).
    public func openWindow(configuration: Window.Configuration = Window.Configuration()) -> Window {
        let window = Window(id: makeWindowID(), configuration: configuration)
        register(window)
        return window
    }

    /// The next window id (restoration builds a window before it is open).
    func makeWindowID() -> WindowID {
        nextWindow += 1
        return WindowID(nextWindow)
    }

    /// Makes a window open: listed, and key if it is the first.
    func register(_ window: Window, session existing: SessionID? = nil, userActivity: String? = nil) {
        windows[window.id] = window
        order.append(window.id)
        connect(window.id, to: existing, userActivity: userActivity)
        if keyWindow == nil {
            keyWindow = window.id
            emit(.becomeKey(window.id))
        }
    }

    /// The open windows, in opening order.
    public var openWindows: [Window] { order.compactMap { windows[$0] } }

    /// The open window with this id, if any.
    public func window(_ id: WindowID) -> Window? { windows[id] }

    /// Makes the window key; the previous key window resigns (R8.6).
    ///
    /// - Throws: ``NavigationError/Code/windowClosed`` if no open window has this id.
    public func makeKey(_ id: WindowID) throws {
        guard windows[id] != nil else {
            throw NavigationError(.windowClosed, "No open window \(id).", window: id)
        }
        guard keyWindow != id else { return }
        if let old = keyWindow { emit(.resignKey(old)) }
        keyWindow = id
        emit(.becomeKey(id))
    }

    /// Closes a window (see ``Window/close()``): its pending requests fail with
    /// ``NavigationError/Code/windowClosed``. If it was key, the most recently opened remaining
    /// window becomes key (R8.6). Its scene disconnects (`willResignActive`,
    /// `didEnterBackground`, `didDisconnect`, R8.4) after its snapshot is stored on its session
    /// as the state restoration snapshot (R8.5); the session stays in ``openSessions`` until
    /// ``destroySession(_:)`` (R8.3). Closing an unknown or closed window does nothing.
    public func closeWindow(_ id: WindowID) async {
        guard let window = windows.removeValue(forKey: id) else { return }
        order.removeAll { $0 == id }
        if keyWindow == id {
            emit(.resignKey(id))
            keyWindow = order.last
            if let key = keyWindow { emit(.becomeKey(key)) }
        }
        let snapshot = await window.snapshot()
        await window.close()
        disconnect(id, restoration: snapshot)
    }

    /// Closes every window.
    public func closeAll() async {
        for id in order { await closeWindow(id) }
    }
}
