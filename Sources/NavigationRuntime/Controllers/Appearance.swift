/// Where a controller is in UIKit's appearance state machine (UIKIT-SEMANTICS §0).
///
/// `disappeared → appearing → appeared → disappearing → disappeared`, plus the cancel edges
/// `appearing → disappearing` and `disappearing → appearing`.
public enum AppearanceState: String, Sendable, Hashable, Codable {
    /// Not on screen. The initial state.
    case disappeared
    /// Between `viewWillAppear` and `viewDidAppear`.
    case appearing
    /// On screen.
    case appeared
    /// Between `viewWillDisappear` and `viewDidDisappear`.
    case disappearing
}

/// One callback the runtime delivered to a controller, as the journal and recorders log it.
public enum ControllerCallback: Sendable, Hashable, Codable, CustomStringConvertible {
    /// `viewDidLoad()`: the first time the controller was needed on screen (R6.1).
    case viewDidLoad
    /// `viewWillAppear(_:)`.
    case viewWillAppear(animated: Bool)
    /// `viewDidAppear(_:)`.
    case viewDidAppear(animated: Bool)
    /// `viewWillDisappear(_:)`.
    case viewWillDisappear(animated: Bool)
    /// `viewDidDisappear(_:)`.
    case viewDidDisappear(animated: Bool)
    /// `willMove(toParent:)`, with the new parent or `nil` when the controller is being removed.
    case willMove(toParent: ControllerID?)
    /// `didMove(toParent:)`, with the parent the controller ended with.
    case didMove(toParent: ControllerID?)

    public var description: String {
        switch self {
        case .viewDidLoad: "viewDidLoad"
        case .viewWillAppear(let animated): "viewWillAppear(\(animated))"
        case .viewDidAppear(let animated): "viewDidAppear(\(animated))"
        case .viewWillDisappear(let animated): "viewWillDisappear(\(animated))"
        case .viewDidDisappear(let animated): "viewDidDisappear(\(animated))"
        case .willMove(let parent): "willMove(toParent: \(parent.map(\.description) ?? "nil"))"
        case .didMove(let parent): "didMove(toParent: \(parent.map(\.description) ?? "nil"))"
        }
    }
}

extension AppearanceState: CustomStringConvertible {
    /// The case's name (its `rawValue`), also where a change, an outcome or an event that holds it
    /// is printed (not the module-qualified `NavigationRuntime.…`).
    public var description: String { rawValue }
}
