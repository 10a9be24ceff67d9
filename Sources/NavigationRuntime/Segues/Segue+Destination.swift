// Handing data to a segue's destination in `prepare(for:sender:)` in one call.

extension Segue {
    /// Runs `configure` on the destination, isolated to it, if it is a `Destination`: UIKit's
    /// `if let detail = segue.destination as? DetailController { detail.item = item }` in one
    /// call, however many values it sets.
    ///
    /// ```swift
    /// func prepare(for segue: Segue, sender: (any Sendable)?) async throws {
    ///     guard segue.identifier == "showDetail" else { return }
    ///     let item = items[selectedRow]
    ///     try await segue.destination(as: DetailController.self) {
    ///         $0.item = item
    ///         $0.isEditable = false
    ///     }
    /// }
    /// ```
    ///
    /// `configure` runs on the destination's isolation (the window's executor, shared by every
    /// controller of the window, so the hop costs almost nothing), before the destination's
    /// `viewDidLoad` (R1.4): it may set any of the destination's stored properties directly.
    /// Capture values, not the source's state: read what you hand over into locals first, as
    /// above.
    ///
    /// A destination inside a navigation controller (a modal form) is configured with
    /// ``topDestination(as:_:)``.
    ///
    /// - Returns: What `configure` returns.
    /// - Throws: ``NavigationError`` `.unexpectedControllerType` when the destination is not a
    ///   `Destination` (UIKit's `as?` would skip the assignment silently; thrown from
    ///   `prepare`, it fails the transition with `.hookFailed` and changes nothing), or what
    ///   `configure` throws.
    @discardableResult
    public func destination<Destination: ViewController, Result: Sendable>(
        as type: Destination.Type,
        _ configure: @Sendable (isolated Destination) async throws -> Result
    ) async throws -> Result {
        try await configure(cast(destination, to: Destination.self, describing: "destination"))
    }

    /// Runs `configure` on the controller the destination shows: the top of its stack when the
    /// destination is a navigation controller (UIKit's
    /// `(segue.destination as? UINavigationController)?.topViewController as? FormController`:
    /// a modal form presented in its own navigation controller), else the destination itself.
    ///
    /// ```swift
    /// try await segue.topDestination(as: ItemFormController.self) { $0.title = "New Item" }
    /// ```
    ///
    /// Same isolation, timing and errors as ``destination(as:_:)``.
    @discardableResult
    public func topDestination<Destination: ViewController, Result: Sendable>(
        as type: Destination.Type,
        _ configure: @Sendable (isolated Destination) async throws -> Result
    ) async throws -> Result {
        var shown = destination
        if let navigation = destination as? NavigationController, let top = await navigation.topViewController {
            shown = top
        }
        return try await configure(cast(shown, to: Destination.self, describing: "top destination"))
    }

    private func cast<Destination: ViewController>(
        _ controller: any ViewController,
        to type: Destination.Type,
        describing role: String
    ) throws(NavigationError) -> Destination {
        guard let typed = controller as? Destination else {
            throw NavigationError(
                .unexpectedControllerType,
                "The \(role) of segue '\(identifier ?? "nil")' is a \(ControllerSnapshot.className(of: controller)), "
                    + "not a \(Destination.self).",
                window: source.context.window.id,
                controllers: [source.id, controller.id],
                identifier: identifier
            )
        }
        return typed
    }
}
