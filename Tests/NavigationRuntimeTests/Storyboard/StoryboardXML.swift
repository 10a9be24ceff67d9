// Tests: minimal Interface Builder documents written inline.

import Foundation

/// Builds small storyboard XML documents for loader and lint tests.
enum StoryboardXML {
    /// A whole document.
    static func document(initial: String? = nil, _ scenes: String...) -> String {
        let initialAttribute = initial.map { " initialViewController=\"\($0)\"" } ?? ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"\(initialAttribute)>
                <scenes>
            \(scenes.joined(separator: "\n"))
                </scenes>
            </document>
            """
    }

    /// One scene around a controller element; `body` goes inside the controller, `extra` beside it.
    static func scene(
        _ id: String, kind: String = "viewController", attributes: String = "", body: String = "", extra: String = ""
    ) -> String {
        """
                <scene sceneID="scene-\(id)">
                    <objects>
                        <\(kind) id="\(id)"\(attributes.isEmpty ? "" : " " + attributes) sceneMemberID="viewController">
                            \(body)
                        </\(kind)>
                        \(extra)
                    </objects>
                </scene>
        """
    }

    /// A segue inside the controller's own `<connections>`.
    static func connections(_ segues: String...) -> String {
        "<connections>" + segues.joined() + "</connections>"
    }

    /// A button holding segues.
    static func button(_ id: String, _ segues: String...) -> String {
        "<view key=\"view\" id=\"view-\(id)\"><subviews><button id=\"\(id)\"><connections>" + segues.joined()
            + "</connections></button></subviews></view>"
    }

    /// A `<segue>` element.
    static func segue(_ id: String, to destination: String, kind: String = "show", _ more: String = "") -> String {
        "<segue destination=\"\(destination)\" kind=\"\(kind)\" id=\"\(id)\"\(more.isEmpty ? "" : " " + more)/>"
    }
}
