import Foundation

extension Application {
    /// Opens a new window showing the tree of `snapshot`, rebuilt through `catalog`: UIKit's
    /// state restoration (R8.5), with a ``WindowSnapshot`` as the stored activity.
    ///
    /// What is rebuilt: the structure, each controller's kind and scene, the selected tabs,
    /// the presentations with their styles, and the window's traits (they override
    /// `configuration.traits`). Content controllers come from their scene's factory;
    /// navigation, tab bar, split and page view controllers are rebuilt by kind around their
    /// rebuilt children (a container's scene, if any, is kept). A container's children are
    /// the snapshot's, not its scene's relationships: a tab bar whose tabs the app set in
    /// code comes back with them, and so does one whose storyboard has since dropped a tab's
    /// relationship but kept its scene. So does UIKit: Apple's *About the UI restoration
    /// process* says that a navigation controller's `decodeRestorableState(with:)` is what
    /// links it to its children again, from the archive, each child made again by its
    /// restoration identifier. A child whose scene is
    /// gone is the one difference: UIKit does not restore a view controller it cannot make
    /// (the rest comes back without it); here it is ``RestorationProblem/Reason/unknownScene(_:)``
    /// and nothing opens (all or nothing). Appearance states are not
    /// copied: the visible path appears as in any transition, so a snapshot taken between
    /// transitions comes back equal (``WindowSnapshot/normalized()``: ids are renumbered).
    ///
    /// `catalog` must know every scene the snapshot names. For an app of several storyboards
    /// (references between them), that is ``StoryboardBundle/mergedCatalog(registry:initial:)``:
    /// one storyboard's own catalog instantiates a referenced scene through the reference, but
    /// does not list it, so restoring with it fails with ``RestorationProblem/Reason/unknownScene(_:)``
    /// for every scene of another storyboard.
    ///
    /// The steps, each finishing before the next starts:
    /// 1. the whole tree is validated without building anything (every problem this step
    ///    finds is listed, not only the first);
    /// 2. the controllers are built off-window (only the scenes' factories run); a problem
    ///    only building finds (a scene whose factory makes another kind of controller than
    ///    the snapshot says, an embedded subtree the factory no longer makes) is reported
    ///    here, so only for a snapshot step 1 accepted;
    /// 3. the tree is installed in a new window in ONE transition (the root, with its selected
    ///    tabs and its presentations linked in before it enters: one root change, one commit,
    ///    sequence number 1), and only then is the window opened (listed in ``openWindows``;
    ///    key if it is the first).
    ///
    /// A snapshot with no root opens an empty window.
    ///
    /// What is not in a snapshot: a controller's own state (UIKit's `encodeRestorableState`)
    /// and the delegates an app sets after instantiating a controller (Xcode's Master-Detail
    /// template sets the split view controller's delegate in its app delegate). Set them again
    /// on the restored window's controllers, as an app delegate does after UIKit's state
    /// restoration, which asks no delegate while it decodes the tree: a restored split view
    /// controller entering a compact window collapses without asking one. A page view
    /// controller's data source and delegate are the ones its scene's factory sets.
    ///
    /// - Returns: ``RestorationOutcome/restored(_:)`` with the open window, or
    ///   ``RestorationOutcome/failed(_:)`` listing every ``RestorationProblem``: an unknown or
    ///   missing scene, a scene of the wrong kind, a duplicated id, a `selectedIndex` out of
    ///   range or on a non-tab-bar, a split with the wrong children, a navigation controller in a
    ///   stack, a presentation from a place that cannot present, a missing or stray
    ///   presentation style, a tree deeper than ``RestorationProblem/maximumDepth``, a failed
    ///   install. On failure no window is open (a window id may have been used up).
    /// - Note: Cancelling the calling task before the install commits fails with
    ///   ``RestorationProblem/Reason/cancelled``.
    public func restore(
        _ snapshot: WindowSnapshot,
        catalog: SceneCatalog,
        configuration: Window.Configuration = Window.Configuration()
    ) async -> RestorationOutcome {
        let outcome = await Window.restoring(snapshot, catalog: catalog, id: makeWindowID(), configuration: configuration)
        guard case .restored(let window) = outcome else { return outcome }
        register(window)
        return .restored(window)
    }

    /// Decodes a snapshot's JSON (as `JSONEncoder` writes ``WindowSnapshot``) and restores it
    /// (see ``restore(_:catalog:configuration:)``).
    ///
    /// Foundation's `JSONDecoder` reads the data. It accepts some JSON that is not strict: a
    /// trailing comma, a key given twice (the first value is kept, where most readers keep the
    /// last), UTF-16; and it ignores keys a snapshot does not have. A snapshot this runtime
    /// wrote has none of these.
    ///
    /// - Returns: ``RestorationOutcome/failed(_:)`` with one
    ///   ``RestorationProblem/Reason/malformedJSON(_:)`` problem if the data is not a
    ///   snapshot (truncated, not JSON, a value of the wrong type, an unknown style, a
    ///   missing key, a number its field cannot hold: each named with its field's path), or
    ///   one ``RestorationProblem/Reason/tooDeep`` problem if it nests deeper than a tree of
    ///   ``Window/maximumDepth`` controllers can (valid JSON or not: depth is checked first,
    ///   without parsing); nothing is opened.
    public func restore(
        json: Data,
        catalog: SceneCatalog,
        configuration: Window.Configuration = Window.Configuration()
    ) async -> RestorationOutcome {
        let snapshot: WindowSnapshot
        if JSONNesting.exceeds(json, limit: JSONNesting.snapshotLimit) != nil {
            // Too deep to be a snapshot a window can hold, whether or not it is valid JSON.
            return .failed([RestorationProblem(path: "", controller: nil, reason: .tooDeep)])
        }
        do {
            snapshot = try JSONDecoder().decode(WindowSnapshot.self, from: json)
        } catch let error as ControllerSnapshot.TooDeep {
            return .failed([RestorationProblem(path: String(error.path.drop { $0 == "." }), controller: nil, reason: .tooDeep)])
        } catch {
            // Truncated data, a syntax error or a number its field cannot hold come as data
            // corrupted at no field: where and why are worked out here.
            var misfit: String?
            if case DecodingError.dataCorrupted(let context) = error, context.codingPath.isEmpty {
                misfit = SnapshotJSONProblems.first(in: json)
            }
            return .failed([RestorationProblem(path: "", controller: nil, reason: .malformedJSON(misfit ?? Self.explain(error)))])
        }
        return await restore(snapshot, catalog: catalog, configuration: configuration)
    }

    /// A one-line account of a decoding error: where, and what.
    private static func explain(_ error: any Error) -> String {
        /// The field's path and a colon, or nothing for the whole snapshot.
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.isEmpty ? "" : codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined() + ": "
        }
        guard let error = error as? DecodingError else { return String(describing: error) }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return path(context.codingPath) + context.debugDescription
        case .keyNotFound(let key, let context):
            return path(context.codingPath) + "missing key '\(key.stringValue)'"
        @unknown default:
            return String(describing: error)
        }
    }
}
