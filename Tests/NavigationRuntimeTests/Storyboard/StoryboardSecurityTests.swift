// Tests: hostile documents end in typed errors: no XXE, no entity expansion, no escaping the folder.

import Foundation
import Testing

@testable import NavigationRuntime

@Suite struct StoryboardSecurityTests {
    typealias XML = StoryboardXML

    func code(_ xml: String) -> StoryboardError.Code? {
        do {
            _ = try StoryboardLoader.load(xml: xml, file: "evil.storyboard")
            return nil
        } catch {
            return error.code
        }
    }

    @Test func externalEntity_isRefusedBeforeParsing() {
        let xxe = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE document [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" initialViewController="&xxe;"><scenes/></document>
            """
        #expect(code(xxe) == .forbiddenEntity)
    }

    @Test func billionLaughs_isRefusedBeforeParsing() {
        var entities = "<!ENTITY lol0 \"lol\">"
        for level in 1...9 {
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        let bomb = """
            <?xml version="1.0"?>
            <!DOCTYPE document [\(entities)]>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" initialViewController="&lol9;"><scenes/></document>
            """
        let start = ContinuousClock.now
        #expect(code(bomb) == .forbiddenEntity)
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test func externalDTD_isRefused() {
        let external = """
            <?xml version="1.0"?>
            <!DOCTYPE document SYSTEM "http://example.invalid/evil.dtd">
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB"><scenes/></document>
            """
        #expect(code(external) == .forbiddenDocumentType)
        do {
            _ = try StoryboardLoader.load(xml: external, file: "evil.storyboard")
        } catch {
            #expect(error.line == 2)
            #expect(error.column == 1)
        }
    }

    @Test func nonUTF8Declaration_isRefused() {
        let declared = "<?xml version=\"1.0\" encoding=\"UTF-7\"?><document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\"/>"
        #expect(code(declared) == .notAStoryboard)
    }

    @Test(arguments: ["../Secret", "sub/Other", "..", "a\\b", ""])
    func referenceName_whenPathLike_isRefused(_ name: String) {
        let xml = XML.document(
            initial: "a", XML.scene("a", body: XML.connections(XML.segue("s", to: "p"))),
            XML.scene("p", kind: "viewControllerPlaceholder", attributes: "storyboardName=\"\(name)\""))
        #expect(code(xml) == .invalidReferenceName)
        #expect(!StoryboardLoader.isValidReferenceName(name))
    }

    @Test func reference_throughSymlinkOutsideFolder_isNotFollowed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sb-sec-\(UUID().uuidString)")
        let inside = root.appendingPathComponent("inside")
        let outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try XML.document(initial: "x", XML.scene("x")).write(to: outside.appendingPathComponent("Secret.storyboard"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            at: inside.appendingPathComponent("Secret.storyboard"), withDestinationURL: outside.appendingPathComponent("Secret.storyboard"))
        let main = inside.appendingPathComponent("Main.storyboard")
        try XML.document(
            initial: "a", XML.scene("a", body: XML.connections(XML.segue("s", to: "p"))),
            XML.scene("p", kind: "viewControllerPlaceholder", attributes: "storyboardName=\"Secret\"")
        ).write(to: main, atomically: true, encoding: .utf8)
        let storyboard = try StoryboardLoader.load(contentsOf: main)
        #expect(throws: StoryboardError(.referencedFileNotFound, "")) {
            try StoryboardLoader.resolveReference(try #require(storyboard.scene(controllerID: "p")), in: storyboard)
        }
        #expect(StoryboardLint().diagnostics(for: storyboard).map(\.ruleID) == ["missing-reference"])
    }

    /// FoundationXML on Linux traps on an invalid UTF-8 byte in an element name (found by the
    /// fuzz test); the loader refuses invalid UTF-8 before parsing.
    @Test func invalidUTF8InElementName_isTypedErrorNotACrash() {
        let bytes = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"x.Storyboard\"><sc".utf8) + [0xFF]
            + Array("ene sceneID=\"a\"/></document>".utf8)
        do {
            _ = try StoryboardLoader.load(data: Data(bytes), file: "evil.storyboard")
            Issue.record("loaded invalid UTF-8")
        } catch {
            #expect(error.code == .malformedXML)
            #expect(error.line == 2)
            #expect(error.column == 34)
            #expect(error.message == "invalid UTF-8 byte 0xFF")
        }
        for bad: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            #expect(throws: StoryboardError(.malformedXML, "")) { try StoryboardLoader.load(data: Data(Array("<document a=\"".utf8) + bad)) }
        }
        #expect(throws: Never.self) { try StoryboardLoader.load(xml: StoryboardXML.document(initial: "a", StoryboardXML.scene("a", attributes: "customClass=\"Café€𝄞\""))) }
    }

    @Test func reference_toAFIFO_isRefusedWithoutBlocking() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("Pipe.storyboard").path, 0o600) == 0)
        let main = folder.appendingPathComponent("Main.storyboard")
        try XML.document(
            initial: "a", XML.scene("a", body: XML.connections(XML.segue("s", to: "p"))),
            XML.scene("p", kind: "viewControllerPlaceholder", attributes: "storyboardName=\"Pipe\"")
        ).write(to: main, atomically: true, encoding: .utf8)
        let diagnostics = StoryboardLint().diagnostics(for: try StoryboardLoader.load(contentsOf: main))
        #expect(diagnostics.map(\.ruleID) == ["missing-reference"])
    }

    @Test func deepNesting_endsInValueOrTypedError() {
        let depth = 5_000
        let body = String(repeating: "<v>", count: depth) + String(repeating: "</v>", count: depth)
        let xml = XML.document(initial: "a", XML.scene("a", body: body))
        do {
            let storyboard = try StoryboardLoader.load(xml: xml)
            #expect(storyboard.scenes.count == 1)
        } catch {
            #expect(error.code == .malformedXML)
        }
    }
}
