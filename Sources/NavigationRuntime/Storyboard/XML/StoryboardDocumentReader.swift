// NavigationRuntime: Interface Builder loader.

/// The reader behind ``StoryboardLoader``: pulls start and end tags from a
/// ``StoryboardXMLScanner`` in one pass, keeps a stack of small frames and the scene being
/// read, and ignores every element and attribute the value model does not need.
struct StoryboardDocumentReader {
    private enum Role: UInt8 { case other, document, scenes, scene, objects, controller, connections }

    private struct Frame {
        var name: String
        /// The element's `id`, for the triggering element of a segue.
        var id: String?
        var role: Role
    }

    private struct PendingScene {
        var sceneID: String
        var location: StoryboardSourceLocation
        var controller: StoryboardScene?
        var segues: [StoryboardSegue] = []
        var exitIDs: [String] = []
        var additionalControllerKinds: [StoryboardControllerKind] = []
    }

    private var scanner: StoryboardXMLScanner
    private var frames: [Frame] = []
    private var sawRoot = false
    private var initialViewControllerID: String?
    private var scenes: [StoryboardScene] = []
    private var current: PendingScene?
    private var elementIDs = Set<String>()

    /// Creates a reader.
    /// - Parameters:
    ///   - bytes: The document's bytes, already checked by ``StoryboardDocumentGuard``.
    ///   - file: The path to report in locations and errors.
    init(_ bytes: [UInt8], file: String) {
        scanner = StoryboardXMLScanner(bytes, file: file)
        frames.reserveCapacity(64)
    }

    /// Reads the whole document.
    /// - Returns: The storyboard.
    /// - Throws: ``StoryboardError``: the first syntax or storyboard error, at the `<` of the
    ///   tag concerned.
    mutating func read() throws(StoryboardError) -> Storyboard {
        while let event = try scanner.next() {
            switch event {
            case .start(let element): try didStart(element)
            case .end: try didEnd()
            }
        }
        let storyboard = Storyboard(file: scanner.file, initialViewControllerID: initialViewControllerID, scenes: scenes)
        try StoryboardContainment.checkAcyclic(storyboard)
        return storyboard
    }

    private func location(_ element: StoryboardXMLElement) -> StoryboardSourceLocation {
        StoryboardSourceLocation(file: scanner.file, line: element.line, column: element.column)
    }

    private func failure(
        _ element: StoryboardXMLElement, _ code: StoryboardError.Code, _ message: String
    ) -> StoryboardError {
        StoryboardError(code, message, at: location(element))
    }

    private mutating func register(_ id: String, _ element: StoryboardXMLElement) throws(StoryboardError) {
        if !elementIDs.insert(id).inserted {
            throw failure(element, .duplicateElementID, "element id '\(id)' is used twice")
        }
    }

    private mutating func didStart(_ element: StoryboardXMLElement) throws(StoryboardError) {
        let name = element.name
        let attributes = element.attributes
        guard sawRoot else {
            sawRoot = true
            guard name == "document", let type = attributes["type"], type.contains("Storyboard") else {
                throw failure(element, .notAStoryboard, "root element <\(name)> is not an Interface Builder storyboard document")
            }
            initialViewControllerID = attributes["initialViewController"]
            frames.append(Frame(name: name, id: nil, role: .document))
            return
        }
        let parentRole = frames.last?.role ?? .other
        var role = Role.other
        switch name {
        case "scenes" where parentRole == .document:
            role = .scenes
        case "scene" where parentRole == .scenes:
            role = .scene
            guard let sceneID = attributes["sceneID"] else {
                throw failure(element, .missingAttribute, "<scene> has no sceneID")
            }
            current = PendingScene(sceneID: sceneID, location: location(element))
        case "objects" where parentRole == .scene:
            role = .objects
        case "connections":
            role = .connections
        case "segue":
            guard let kind = attributes["kind"] else {
                // `<segue reference="ID"/>` points back at a segue declared elsewhere
                // (`<inferredMetricsTieBreakers>`): not a segue of its own.
                if attributes["reference"] != nil { break }
                // Interface Builder writes a kind on every segue it declares: one without is a
                // corrupt file. Refused here, at its `<`, as a segue without an id or a
                // destination is (a missing required attribute is the loader's error, never a
                // lint finding), rather than dropped: dropped, lint passed it, inspect counted
                // no segue and drive said the scene had no such segue (issue 18).
                throw failure(
                    element, .missingAttribute, attributes["id"].map { "segue '\($0)' has no kind" } ?? "<segue> has no kind")
            }
            try readSegue(element, kind: kind)
        default:
            if parentRole == .objects { role = try readSceneObject(element) }
        }
        frames.append(Frame(name: name, id: attributes["id"], role: role))
    }

    private mutating func didEnd() throws(StoryboardError) {
        // The scanner has matched the end tag to its start tag.
        guard let frame = frames.popLast(), frame.role == .scene, let scene = current else { return }
        current = nil
        guard var controller = scene.controller else {
            throw StoryboardError(.missingController, "scene '\(scene.sceneID)' has no view controller", at: scene.location)
        }
        controller.sceneID = scene.sceneID
        controller.location = scene.location
        controller.exitIDs = scene.exitIDs
        controller.additionalControllerKinds = scene.additionalControllerKinds
        controller.segues = scene.segues
        for index in controller.segues.indices { controller.segues[index].sourceControllerID = controller.controllerID }
        scenes.append(controller)
    }

    /// A direct child of a scene's `<objects>`: the controller, an exit, or something ignored.
    private mutating func readSceneObject(_ element: StoryboardXMLElement) throws(StoryboardError) -> Role {
        guard current != nil else { return .other }
        let name = element.name
        let attributes = element.attributes
        if name == "exit" {
            guard let id = attributes["id"] else { throw failure(element, .missingAttribute, "<exit> has no id") }
            try register(id, element)
            current?.exitIDs.append(id)
            return .other
        }
        // The scene's controller is its `sceneMemberID="viewController"` object (or, in documents
        // without scene member ids, its controller-named object). Other controller-named objects,
        // such as a legacy `searchDisplayController`, are kept only as additional kinds.
        let member = attributes["sceneMemberID"]
        let looksLikeController = name.hasSuffix("Controller") || name == "viewControllerPlaceholder"
        let isController =
            member == "viewController" || (member == nil && looksLikeController && name != "searchDisplayController")
        guard isController else {
            if looksLikeController { current?.additionalControllerKinds.append(StoryboardControllerKind(name)) }
            return .other
        }
        guard current?.controller == nil else {
            throw failure(element, .multipleControllers, "scene '\(current?.sceneID ?? "")' has a second controller <\(name)>")
        }
        guard let id = attributes["id"] else { throw failure(element, .missingAttribute, "<\(name)> has no id") }
        try register(id, element)
        var reference: StoryboardReference?
        if name == "viewControllerPlaceholder" {
            let storyboardName = attributes["storyboardName"]
            if let storyboardName, !StoryboardLoader.isValidReferenceName(storyboardName) {
                throw failure(
                    element, .invalidReferenceName,
                    "storyboard reference name '\(storyboardName)' must be a plain file name in the same folder")
            }
            reference = StoryboardReference(
                storyboardName: storyboardName, referencedIdentifier: attributes["referencedIdentifier"],
                bundleIdentifier: attributes["bundleIdentifier"])
        }
        let controllerLocation = location(element)
        let pageStyle = name == "pageViewController" ? try readPageStyle(element) : nil
        current?.controller = StoryboardScene(
            controllerID: id, kind: StoryboardControllerKind(name),
            storyboardIdentifier: attributes["storyboardIdentifier"], customClass: attributes["customClass"],
            customModule: attributes["customModule"], customModuleProvider: attributes["customModuleProvider"],
            reference: reference, controllerLocation: controllerLocation, pageStyle: pageStyle)
        return .controller
    }

    /// A `<pageViewController>`'s attributes (R5.13); a value Interface Builder never writes is
    /// a typed error rather than a silent default.
    private func readPageStyle(_ element: StoryboardXMLElement) throws(StoryboardError) -> StoryboardPageStyle {
        let attributes = element.attributes
        func value<Value: RawRepresentable<String>>(_ name: String, _: Value.Type) throws(StoryboardError) -> Value? {
            guard let raw = attributes[name] else { return nil }
            guard let parsed = Value(rawValue: raw) else {
                throw failure(element, .invalidAttribute, "<pageViewController> has \(name)=\"\(raw)\", which Interface Builder never writes")
            }
            return parsed
        }
        return StoryboardPageStyle(
            transitionStyle: try value("transitionStyle", PageViewController.TransitionStyle.self) ?? .pageCurl,
            navigationOrientation: try value("navigationOrientation", PageViewController.NavigationOrientation.self) ?? .horizontal,
            spineLocation: try value("spineLocation", PageViewController.SpineLocation.self),
            isDoubleSided: attributes["doubleSided"] == "YES"
        )
    }

    private mutating func readSegue(_ element: StoryboardXMLElement, kind: String) throws(StoryboardError) {
        let attributes = element.attributes
        guard current != nil else {
            throw failure(element, .segueOutsideScene, "<segue kind=\"\(kind)\"> is outside any scene")
        }
        guard let id = attributes["id"] else { throw failure(element, .missingAttribute, "<segue> has no id") }
        guard let destination = attributes["destination"] else {
            throw failure(element, .missingDestination, "segue '\(id)' has no destination")
        }
        let segueKind = StoryboardSegueKind(kind)
        if segueKind == .relationship, attributes["relationship"] == nil {
            throw failure(element, .missingAttribute, "relationship segue '\(id)' has no relationship attribute")
        }
        if segueKind == .unwind, attributes["unwindAction"] == nil {
            throw failure(element, .missingAttribute, "unwind segue '\(id)' has no unwindAction")
        }
        try register(id, element)
        let segue = StoryboardSegue(
            id: id, identifier: attributes["identifier"], sourceControllerID: "", destinationID: destination,
            kind: segueKind, relationship: attributes["relationship"], unwindAction: attributes["unwindAction"],
            customClass: attributes["customClass"], customModule: attributes["customModule"],
            customModuleProvider: attributes["customModuleProvider"],
            modalPresentationStyle: attributes["modalPresentationStyle"],
            modalTransitionStyle: attributes["modalTransitionStyle"],
            animates: attributes["animates"].map { $0 != "NO" }, trigger: trigger(attributes["trigger"]),
            location: location(element))
        current?.segues.append(segue)
    }

    /// The owner of the `<connections>` that holds the segue being read.
    private func trigger(_ action: String?) -> StoryboardSegueTrigger {
        let count = frames.count
        let owner: Frame?
        if count >= 2, frames[count - 1].role == .connections {
            owner = frames[count - 2]
        } else {
            owner = frames.last
        }
        guard let owner else { return StoryboardSegueTrigger(kind: .other, action: action) }
        let kind: StoryboardTriggerKind =
            owner.role == .controller ? .controller : StoryboardTriggerKind.forElement(named: owner.name)
        return StoryboardSegueTrigger(kind: kind, elementID: owner.id, elementName: owner.name, action: action)
    }
}
