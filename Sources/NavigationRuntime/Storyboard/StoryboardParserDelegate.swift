// NavigationRuntime: Interface Builder loader.

import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The SAX delegate behind ``StoryboardLoader``: one pass, a stack of small frames, and the
/// scene being read. It keeps only what the value model needs and ignores every other
/// element and attribute.
final class StoryboardParserDelegate: NSObject, XMLParserDelegate {
    private enum Role: UInt8 { case other, document, scenes, scene, objects, controller, connections }

    private struct Frame {
        var name: String
        /// The element's attributes, kept (a reference, no copy) to read the `id` of a segue's
        /// triggering element only when a segue appears.
        var attributes: [String: String]
        var role: Role

        var id: String? { attributes["id"] }
    }

    private struct PendingScene {
        var sceneID: String
        var location: StoryboardSourceLocation
        var controller: StoryboardScene?
        var segues: [StoryboardSegue] = []
        var exitIDs: [String] = []
        var additionalControllerKinds: [StoryboardControllerKind] = []
    }

    let file: String
    /// The first failure; parsing is aborted when it is set.
    private(set) var failure: StoryboardError?
    private var frames: [Frame] = []
    private var sawRoot = false
    private var initialViewControllerID: String?
    private var scenes: [StoryboardScene] = []
    private var current: PendingScene?
    private var elementIDs = Set<String>()
    private var endLine = 1
    private var endColumn = 1

    init(file: String) {
        self.file = file
        frames.reserveCapacity(64)
    }

    /// The storyboard read, after a successful parse.
    func finish() throws(StoryboardError) -> Storyboard {
        if let failure { throw failure }
        guard sawRoot else { throw StoryboardError(.malformedXML, "no root element (empty document)", file: file, line: 1, column: 1) }
        guard frames.isEmpty else {
            let open = frames.last?.name ?? "document"
            throw StoryboardError(.malformedXML, "unexpected end of file: <\(open)> is not closed (truncated file?)", file: file, line: endLine, column: endColumn)
        }
        let storyboard = Storyboard(file: file, initialViewControllerID: initialViewControllerID, scenes: scenes)
        try StoryboardContainment.checkAcyclic(storyboard)
        return storyboard
    }

    private func location(_ parser: XMLParser) -> StoryboardSourceLocation {
        StoryboardSourceLocation(file: file, line: parser.lineNumber, column: parser.columnNumber)
    }

    private func fail(_ parser: XMLParser, _ code: StoryboardError.Code, _ message: String) {
        guard failure == nil else { return }
        failure = StoryboardError(code, message, at: location(parser))
        parser.abortParsing()
    }

    private func register(_ id: String, _ parser: XMLParser) {
        if !elementIDs.insert(id).inserted {
            fail(parser, .duplicateElementID, "element id '\(id)' is used twice")
        }
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes: [String: String] = [:]
    ) {
        guard failure == nil else { return }
        guard sawRoot else {
            sawRoot = true
            guard elementName == "document", let type = attributes["type"], type.contains("Storyboard") else {
                fail(parser, .notAStoryboard, "root element <\(elementName)> is not an Interface Builder storyboard document")
                return
            }
            initialViewControllerID = attributes["initialViewController"]
            frames.append(Frame(name: elementName, attributes: [:], role: .document))
            return
        }
        let parentRole = frames.last?.role ?? .other
        var role = Role.other
        switch elementName {
        case "scenes" where parentRole == .document:
            role = .scenes
        case "scene" where parentRole == .scenes:
            role = .scene
            guard let sceneID = attributes["sceneID"] else {
                return fail(parser, .missingAttribute, "<scene> has no sceneID")
            }
            current = PendingScene(sceneID: sceneID, location: location(parser))
        case "objects" where parentRole == .scene:
            role = .objects
        case "connections":
            role = .connections
        case "segue":
            if let kind = attributes["kind"] { readSegue(parser, kind: kind, attributes) }
        default:
            if parentRole == .objects { role = readSceneObject(parser, elementName, attributes) }
        }
        frames.append(Frame(name: elementName, attributes: attributes, role: role))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard failure == nil else { return }
        guard let frame = frames.popLast(), frame.name == elementName else {
            return fail(parser, .malformedXML, "unexpected end tag </\(elementName)>")
        }
        guard frame.role == .scene, let scene = current else { return }
        current = nil
        endLine = parser.lineNumber
        endColumn = parser.columnNumber
        guard var controller = scene.controller else {
            failure = StoryboardError(.missingController, "scene '\(scene.sceneID)' has no view controller", at: scene.location)
            parser.abortParsing()
            return
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
    private func readSceneObject(_ parser: XMLParser, _ name: String, _ attributes: [String: String]) -> Role {
        guard current != nil else { return .other }
        if name == "exit" {
            guard let id = attributes["id"] else {
                fail(parser, .missingAttribute, "<exit> has no id")
                return .other
            }
            register(id, parser)
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
            fail(parser, .multipleControllers, "scene '\(current?.sceneID ?? "")' has a second controller <\(name)>")
            return .other
        }
        guard let id = attributes["id"] else {
            fail(parser, .missingAttribute, "<\(name)> has no id")
            return .other
        }
        register(id, parser)
        var reference: StoryboardReference?
        if name == "viewControllerPlaceholder" {
            let storyboardName = attributes["storyboardName"]
            if let storyboardName, !StoryboardLoader.isValidReferenceName(storyboardName) {
                fail(parser, .invalidReferenceName, "storyboard reference name '\(storyboardName)' must be a plain file name in the same folder")
                return .other
            }
            reference = StoryboardReference(
                storyboardName: storyboardName, referencedIdentifier: attributes["referencedIdentifier"],
                bundleIdentifier: attributes["bundleIdentifier"])
        }
        current?.controller = StoryboardScene(
            controllerID: id, kind: StoryboardControllerKind(name),
            storyboardIdentifier: attributes["storyboardIdentifier"], customClass: attributes["customClass"],
            customModule: attributes["customModule"], reference: reference, controllerLocation: location(parser))
        return .controller
    }

    private func readSegue(_ parser: XMLParser, kind: String, _ attributes: [String: String]) {
        guard current != nil else {
            return fail(parser, .segueOutsideScene, "<segue kind=\"\(kind)\"> is outside any scene")
        }
        guard let id = attributes["id"] else { return fail(parser, .missingAttribute, "<segue> has no id") }
        guard let destination = attributes["destination"] else {
            return fail(parser, .missingDestination, "segue '\(id)' has no destination")
        }
        let segueKind = StoryboardSegueKind(kind)
        if segueKind == .relationship, attributes["relationship"] == nil {
            return fail(parser, .missingAttribute, "relationship segue '\(id)' has no relationship attribute")
        }
        if segueKind == .unwind, attributes["unwindAction"] == nil {
            return fail(parser, .missingAttribute, "unwind segue '\(id)' has no unwindAction")
        }
        register(id, parser)
        let segue = StoryboardSegue(
            id: id, identifier: attributes["identifier"], sourceControllerID: "", destinationID: destination,
            kind: segueKind, relationship: attributes["relationship"], unwindAction: attributes["unwindAction"],
            customClass: attributes["customClass"], customModule: attributes["customModule"],
            modalPresentationStyle: attributes["modalPresentationStyle"],
            modalTransitionStyle: attributes["modalTransitionStyle"],
            animates: attributes["animates"].map { $0 != "NO" }, trigger: trigger(attributes["trigger"]),
            location: location(parser))
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

    func parserDidEndDocument(_ parser: XMLParser) {
        endLine = parser.lineNumber
        endColumn = parser.columnNumber
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard failure == nil else { return }
        failure = StoryboardError(
            .malformedXML, "not well-formed XML (XML error \((parseError as NSError).code))", file: file,
            line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
    }

    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        fail(parser, .forbiddenEntity, "entity declaration '\(name)' is refused")
    }

    func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
        fail(parser, .forbiddenEntity, "external entity '\(name)' is refused")
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        fail(parser, .forbiddenEntity, "external entity '\(name)' is refused")
        return nil
    }
}
