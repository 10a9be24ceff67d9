// Tests: a deliberately simple counter over raw storyboard XML, independent of the loader,
// to check `inspect` against. It follows DESIGN §11's counting rules literally.

import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Counts elements and attributes of a storyboard with its own XMLParser pass.
final class IndependentStoryboardCounter: NSObject, XMLParserDelegate {
    var initial: String?
    var scenes = 0
    var controllersByType: [String: Int] = [:]
    var segues = 0
    var seguesByKind: [String: Int] = [:]
    var relationships: [String: Int] = [:]
    var unwindActions = Set<String>()
    var customSegueClasses: [String: Int] = [:]
    var storyboardIdentifiers = Set<String>()
    var placeholders = 0
    private var path: [String] = []

    /// Parses the data and returns the counter; `nil` if the XML does not parse.
    static func count(_ data: Data) -> IndependentStoryboardCounter? {
        let counter = IndependentStoryboardCounter()
        let parser = XMLParser(data: data)
        parser.delegate = counter
        return parser.parse() ? counter : nil
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes: [String: String] = [:]
    ) {
        if elementName == "document" { initial = attributes["initialViewController"] }
        if elementName == "scene" { scenes += 1 }
        if elementName == "viewControllerPlaceholder" { placeholders += 1 }
        let isSceneObject = path.count >= 2 && path[path.count - 1] == "objects" && path[path.count - 2] == "scene"
        if isSceneObject, elementName.hasSuffix("Controller") || elementName == "viewControllerPlaceholder" {
            controllersByType[elementName, default: 0] += 1
            if let identifier = attributes["storyboardIdentifier"] { storyboardIdentifiers.insert(identifier) }
        }
        if elementName == "segue", let kind = attributes["kind"] {
            segues += 1
            seguesByKind[kind, default: 0] += 1
            if kind == "relationship", let relationship = attributes["relationship"] {
                relationships[relationship, default: 0] += 1
            }
            if let action = attributes["unwindAction"] { unwindActions.insert(action) }
            if let customClass = attributes["customClass"] { customSegueClasses[customClass, default: 0] += 1 }
        }
        path.append(elementName)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        path.removeLast()
    }
}
