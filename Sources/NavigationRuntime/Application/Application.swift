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
    private var windows: [WindowID: Window] = [:]
    private var order: [WindowID] = []
    private var nextWindow: UInt64 = 0
    /// The key window, if any (exactly one while any window is open, R8.6).
    public private(set) var keyWindow: WindowID?
    /// The routes ``open(url:in:animated:policy:)`` consults (see ``register(deepLinks:)``).
    var deepLinkRouter: DeepLinkRouter?

    /// Creates an application with no window.
    public init() {}

    /// Opens a new window; the first window opened becomes the key window.
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
    func register(_ window: Window) {
        windows[window.id] = window
        order.append(window.id)
        if keyWindow == nil { keyWindow = window.id }
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
        keyWindow = id
    }

    /// Closes a window (see ``Window/close()``): its pending requests fail with
    /// ``NavigationError/Code/windowClosed``. If it was key, the most recently opened remaining
    /// window becomes key. Closing an unknown or closed window does nothing.
    public func closeWindow(_ id: WindowID) async {
        guard let window = windows.removeValue(forKey: id) else { return }
        order.removeAll { $0 == id }
        if keyWindow == id { keyWindow = order.last }
        await window.close()
    }

    /// Closes every window.
    public func closeAll() async {
        for id in order { await windows[id]?.close() }
        windows.removeAll()
        order.removeAll()
        keyWindow = nil
    }
}
