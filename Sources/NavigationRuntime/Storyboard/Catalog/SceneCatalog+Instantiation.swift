// Instantiation as UIKit spells it: by storyboard ID, and of the initial view controller
// (UIStoryboard's `instantiateViewController(withIdentifier:)` and
// `instantiateInitialViewController()`). A controller lives in a window (its context binds it to
// the window's executor), so each call names the window.

extension SceneCatalog {
    /// Makes the controller of the scene with this storyboard ID (UIKit's
    /// `instantiateViewController(withIdentifier:)`), in `window`.
    ///
    /// A storyboard's catalog finds scenes by their Storyboard ID (`storyboardIdentifier` in
    /// Interface Builder) only, as UIKit does: an element id (`BYZ-38-t0r`) is not an
    /// identifier. A catalog built in Swift also finds a scene with no storyboard identifier by
    /// its ``Scene/identifier``.
    ///
    /// - Throws: ``NavigationError`` `.unknownStoryboardIdentifier` (UIKit raises
    ///   `NSInvalidArgumentException`, "Storyboard doesn't contain a view controller with
    ///   identifier", and the app stops; here the caller decides), or `.invalidStoryboard` with
    ///   the reason when the catalog refuses the scene (``SceneCatalog/refusal(of:)``).
    public func instantiateViewController(withIdentifier identifier: String, in window: Window) throws(NavigationError)
        -> any ViewController
    {
        guard let sceneIdentifier = storyboardIdentifiers[identifier],
            let controller = instantiate(sceneIdentifier, in: window)
        else {
            if let reason = storyboardIdentifiers[identifier].flatMap(refusal(of:)) {
                throw NavigationError(.invalidStoryboard, "The view controller with identifier '\(identifier)' cannot be instantiated: \(reason).", window: window.id, identifier: identifier)
            }
            throw NavigationError(
                .unknownStoryboardIdentifier,
                "Storyboard doesn't contain a view controller with identifier '\(identifier)'.",
                window: window.id,
                identifier: identifier
            )
        }
        return controller
    }

    /// Makes the controller of the scene with this storyboard ID as a `Controller` (UIKit's
    /// `instantiateViewController(identifier:)` with its generic result): the registered
    /// class of the scene must be that type.
    ///
    /// ```swift
    /// let detail = try catalog.instantiateViewController(withIdentifier: "Detail", in: window, as: DetailController.self)
    /// await detail.show(item)
    /// ```
    ///
    /// - Throws: ``NavigationError`` `.unknownStoryboardIdentifier`, or
    ///   `.unexpectedControllerType` naming the type made (the controller made is discarded: it
    ///   never entered the window's tree).
    public func instantiateViewController<Controller: ViewController>(
        withIdentifier identifier: String,
        in window: Window,
        as type: Controller.Type
    ) throws(NavigationError) -> Controller {
        let controller = try instantiateViewController(withIdentifier: identifier, in: window)
        guard let typed = controller as? Controller else {
            throw NavigationError(
                .unexpectedControllerType,
                "The view controller with identifier '\(identifier)' is a \(ControllerSnapshot.className(of: controller)), "
                    + "not a \(Controller.self).",
                window: window.id,
                controllers: [controller.id],
                identifier: identifier
            )
        }
        return typed
    }

    /// Makes the initial view controller (UIKit's `instantiateInitialViewController()`: the
    /// storyboard's "Is Initial View Controller"), in `window`.
    ///
    /// ```swift
    /// let window = Window()
    /// try await window.setRootViewController(catalog.instantiateInitialViewController(in: window))
    /// ```
    ///
    /// - Throws: ``NavigationError`` `.invalidStoryboard` when the catalog names no initial
    ///   scene, or names one it does not have (UIKit returns `nil`, which apps force-unwrap).
    public func instantiateInitialViewController(in window: Window) throws(NavigationError) -> any ViewController {
        guard let initial = initialSceneIdentifier else {
            throw NavigationError(.invalidStoryboard, "The storyboard has no initial view controller.", window: window.id)
        }
        guard let controller = instantiate(initial, in: window) else {
            if let reason = refusal(of: initial) {
                throw NavigationError(.invalidStoryboard, "The storyboard's initial view controller cannot be instantiated: \(reason).", window: window.id, identifier: initial)
            }
            throw NavigationError(
                .invalidStoryboard,
                "The storyboard's initial view controller '\(initial)' is not one of its scenes.",
                window: window.id,
                identifier: initial
            )
        }
        return controller
    }
}

extension ViewController {
    /// The catalog this controller was instantiated from (UIKit's `storyboard`: "the storyboard
    /// from which the view controller originated"), or `nil` for a controller made in code.
    ///
    /// ```swift
    /// let detail = try storyboard?.instantiateViewController(withIdentifier: "Detail", in: context.window)
    /// ```
    public nonisolated var storyboard: SceneCatalog? { context.catalog }
}
