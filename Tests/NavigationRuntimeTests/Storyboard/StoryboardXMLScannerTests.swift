// Tests for the storyboard XML scanner: each construct, each error at its exact line and
// column, and the same elements, attributes and positions as XMLParser on every fixture.

import Foundation
import Testing

@testable import NavigationRuntime

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One start tag as seen by a parser: name, attributes and the position of its `<`.
struct ScannedStartTag: Equatable, CustomStringConvertible {
    var name: String
    var attributes: [String: String]
    var line: Int
    var column: Int

    var description: String { "<\(name) \(attributes.sorted { $0.key < $1.key })> at \(line):\(column)" }
}

@Suite struct StoryboardXMLScannerTests {
    /// Every event of a document: start tags as `ScannedStartTag`, end tags as `nil`.
    static func events(_ xml: String) throws(StoryboardError) -> [ScannedStartTag?] {
        try events(Array(xml.utf8))
    }

    static func events(_ bytes: [UInt8]) throws(StoryboardError) -> [ScannedStartTag?] {
        var scanner = StoryboardXMLScanner(bytes, file: "t.xml")
        var result: [ScannedStartTag?] = []
        while let event = try scanner.next() {
            switch event {
            case .start(let element):
                let location = scanner.location(of: element.offset)
                // The position tracked while scanning equals the one counted from the start.
                #expect(location.line == element.line && location.column == element.column)
                result.append(
                    ScannedStartTag(
                        name: element.name, attributes: element.attributes.dictionary, line: location.line,
                        column: location.column))
            case .end:
                result.append(nil)
            }
        }
        return result
    }

    static func error(_ xml: String) -> StoryboardError? { error(Array(xml.utf8)) }

    static func error(_ bytes: [UInt8]) -> StoryboardError? {
        do {
            _ = try events(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// Expects a `.malformedXML` error at `line:column` whose message contains `fragment`.
    static func expectMalformed(
        _ xml: String, line: Int, column: Int, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let error = error(xml) else {
            Issue.record("no error for \(xml.debugDescription)", sourceLocation: sourceLocation)
            return
        }
        #expect(error.code == .malformedXML, "\(error)", sourceLocation: sourceLocation)
        #expect(error.file == "t.xml", sourceLocation: sourceLocation)
        #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
        #expect(error.column == column, "\(error)", sourceLocation: sourceLocation)
        #expect(error.message.contains(fragment), "\(error)", sourceLocation: sourceLocation)
    }

    // MARK: - Constructs

    @Test func declarationCommentsInstructionsCDATAAndText_areSkipped() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <!-- a comment with <tags> & ampersands -->
            <?pi some data?>
            <root a="1">text <![CDATA[<not a tag> & ]] ]]> more<!----><?x y?>
              <child b='2' c="3"/>&amp;&#10;
            </root>
            <!-- trailing -->
            <?trailing?>

            """
        let events = try Self.events(xml)
        #expect(
            events == [
                ScannedStartTag(name: "root", attributes: ["a": "1"], line: 4, column: 1),
                ScannedStartTag(name: "child", attributes: ["b": "2", "c": "3"], line: 5, column: 3),
                nil, nil,
            ])
    }

    @Test func attributeValues_decodePredefinedEntitiesAndCharacterReferences() throws {
        let xml = """
            <r a="&amp;&lt;&gt;&quot;&apos;" b="&#10;&#x41;&#65;&#X42;" c='say "hi" &amp; &apos;bye&apos;' d="x&#x1F600;é" e=""/>
            """
        // `&#X42;` is not a character reference (the x must be lower case).
        let badColumn = try #require(xml.utf8.firstRange(of: "&#X42;".utf8)).lowerBound.utf16Offset(in: xml) + 1
        #expect(Self.error(xml)?.column == badColumn)
        #expect(Self.error(xml)?.message.contains("invalid character reference '&#X42;'") == true)
        let valid = xml.replacingOccurrences(of: "&#X42;", with: "&#0066;")
        let events = try Self.events(valid)
        #expect(
            events.first??.attributes == [
                "a": "&<>\"'", "b": "\nAAB", "c": "say \"hi\" & 'bye'", "d": "x😀é", "e": "",
            ])
    }

    @Test func attributeValues_normalizeLiteralWhitespace() throws {
        let events = try Self.events("<r a=\"1\t2\n3\r\n4\r5\" b=\"&#9;&#13;\"/>")
        #expect(events.first??.attributes == ["a": "1 2 3 4 5", "b": "\t\r"])
    }

    @Test func whitespace_whereverLegal() throws {
        let xml = "\n \t<r\n  a = \"1\"\n\t b\n=\n'2'  ><s\t/><t ></t\n></r >\n"
        let events = try Self.events(xml)
        #expect(
            events == [
                ScannedStartTag(name: "r", attributes: ["a": "1", "b": "2"], line: 2, column: 3),
                ScannedStartTag(name: "s", attributes: [:], line: 6, column: 7),
                nil,
                ScannedStartTag(name: "t", attributes: [:], line: 6, column: 12),
                nil, nil,
            ])
    }

    @Test func carriageReturns_areWhitespace() throws {
        let events = try Self.events("<?xml version=\"1.0\"?>\r\n<r\r\n a=\"1\"\r\n>\r\n<s/>\r\n</r>\r\n")
        #expect(
            events == [
                ScannedStartTag(name: "r", attributes: ["a": "1"], line: 2, column: 1),
                ScannedStartTag(name: "s", attributes: [:], line: 5, column: 1),
                nil, nil,
            ])
    }

    @Test func manyAttributes_duplicatesFoundInLinearTime() throws {
        let many = (0..<50_000).map { "a\($0)=\"\($0)\"" }.joined(separator: " ")
        let events = try Self.events("<r \(many)/>")
        #expect(events.first??.attributes.count == 50_000)
        let clock = ContinuousClock()
        let start = clock.now
        let error = Self.error("<r \(many) a49999=\"again\"/>")
        #expect(error?.message == "attribute 'a49999' appears twice")
        #expect(clock.now - start < .seconds(20))
        Self.expectMalformed("<r a0=\"\" a1=\"\" a2=\"\" a3=\"\" a4=\"\" a5=\"\" a6=\"\" a7=\"\" a8=\"\" a9=\"\" a10=\"\" a11=\"\" a12=\"\" a13=\"\" a14=\"\" a15=\"\" a16=\"\" a3=\"\"/>", line: 1, column: 113, "attribute 'a3' appears twice")
    }

    @Test func selfClosingTags_andNamesWithPunctuation() throws {
        let events = try Self.events("\u{FEFF}<a:b x-y.z_1=\"v\"><_c/><é.d/></a:b>")
        #expect(events.compactMap { $0?.name } == ["a:b", "_c", "é.d"])
        #expect(events.count == 6)
        #expect(events[0]?.column == 4)  // after the byte order mark's 3 bytes
        #expect(events[0]?.attributes == ["x-y.z_1": "v"])
    }

    @Test func deepNesting_usesNoRecursion() throws {
        let depth = 100_000
        let xml = String(repeating: "<v>", count: depth) + String(repeating: "</v>", count: depth)
        let events = try Self.events(xml)
        #expect(events.count == 2 * depth)
    }

    // MARK: - Errors, each at its exact line and column

    @Test func mismatchedEndTag_isReportedAtTheEndTag() {
        Self.expectMalformed("<r>\n  <a>\n  </b>\n</r>", line: 3, column: 3, "mismatched end tag </b>: <a> (opened at 2:3)")
        Self.expectMalformed("<r/></r>", line: 1, column: 5, "end tag </r> without a start tag")
        Self.expectMalformed("<r></r\n x>", line: 2, column: 2, "expected '>' to close the end tag </r>")
    }

    @Test func unclosedElement_isReportedAtTheEndOfFile() {
        Self.expectMalformed("<r>\n  <a>\n", line: 3, column: 1, "<a> (opened at 2:3) is not closed")
        Self.expectMalformed("<r>\n<a b=\"1", line: 2, column: 8, "inside the value of attribute 'b' (opened at 2:6)")
        Self.expectMalformed("<r>\n<a b", line: 2, column: 5, "inside the start tag <a> (opened at 2:1)")
        Self.expectMalformed("<r><!-- abc", line: 1, column: 12, "inside a comment (opened at 1:4)")
        Self.expectMalformed("<r><![CDATA[ abc ]]", line: 1, column: 20, "inside a CDATA section (opened at 1:4)")
        Self.expectMalformed("<?xml version=\"1.0\"", line: 1, column: 20, "inside the XML declaration (opened at 1:1)")
        Self.expectMalformed("<r><?pi abc", line: 1, column: 12, "inside a processing instruction (opened at 1:4)")
        Self.expectMalformed("<r></", line: 1, column: 6, "inside a tag")
        Self.expectMalformed("<r><", line: 1, column: 4, "unexpected end of file after '<'")
        Self.expectMalformed("", line: 1, column: 1, "no root element")
        Self.expectMalformed("  <!-- only a comment -->\n", line: 2, column: 1, "no root element")
    }

    @Test func malformedAttributes_failAtTheirLineAndColumn() {
        Self.expectMalformed("<r a=\"x<y\"/>", line: 1, column: 8, "'<' in the value of attribute 'a'")
        Self.expectMalformed("<r a=\"1\" a=\"2\"/>", line: 1, column: 10, "attribute 'a' appears twice")
        Self.expectMalformed("<r a=\"1\"b=\"2\"/>", line: 1, column: 9, "expected whitespace before an attribute")
        Self.expectMalformed("<r a=1/>", line: 1, column: 6, "attribute 'a' has an unquoted value")
        Self.expectMalformed("<r a/>", line: 1, column: 5, "expected '=' after attribute 'a'")
        Self.expectMalformed("<r 1a=\"\"/>", line: 1, column: 4, "expected an attribute name")
        Self.expectMalformed("<r a=\"1\" / >", line: 1, column: 11, "expected '>' after '/'")
        Self.expectMalformed("< r/>", line: 1, column: 2, "expected an element name")
    }

    @Test func malformedReferences_failAtTheirLineAndColumn() {
        Self.expectMalformed("<r a=\"&foo;\"/>", line: 1, column: 7, "unknown entity '&foo;'")
        Self.expectMalformed("<r>\n&nbsp;</r>", line: 2, column: 1, "unknown entity '&nbsp;'")
        Self.expectMalformed("<r a=\"a & b\"/>", line: 1, column: 9, "'&' not followed by a reference")
        Self.expectMalformed("<r a=\"&amp\"/>", line: 1, column: 7, "'&' not followed by a reference")
        for bad in ["&#0;", "&#;", "&#x;", "&#xD800;", "&#x110000;", "&#xFFFE;", "&#99999999999999999999;", "&#x1G;"] {
            Self.expectMalformed("<r a=\"\(bad)\"/>", line: 1, column: 7, "character reference")
        }
        Self.expectMalformed("<r a=\"&#x1G;\"/>", line: 1, column: 7, "invalid character reference '&#x1G;'")
    }

    @Test func illegalBytes_failAtTheirLineAndColumn() {
        Self.expectMalformed("<r>\u{0}</r>", line: 1, column: 4, "NUL byte")
        Self.expectMalformed("<r a=\"\u{0}\"/>", line: 1, column: 7, "NUL byte")
        Self.expectMalformed("<r><!-- \u{0} --></r>", line: 1, column: 9, "NUL byte")
        Self.expectMalformed("<r>\n\u{1B}</r>", line: 2, column: 1, "illegal control character 0x1B")
        Self.expectMalformed("<r>]]></r>", line: 1, column: 4, "']]>' in character data")
    }

    @Test func malformedDocumentStructure_failsAtItsLineAndColumn() {
        Self.expectMalformed("<r/><s/>", line: 1, column: 5, "a second root element")
        Self.expectMalformed("x<r/>", line: 1, column: 1, "content before the root element")
        Self.expectMalformed("<r/>\nx", line: 2, column: 1, "content after the root element")
        Self.expectMalformed(" <?xml version=\"1.0\"?><r/>", line: 1, column: 2, "XML declaration")
        Self.expectMalformed("<r><?XML x?></r>", line: 1, column: 4, "XML declaration")
        Self.expectMalformed("<r><!-- a -- b --></r>", line: 1, column: 11, "'--' inside a comment")
        Self.expectMalformed("<![CDATA[x]]><r/>", line: 1, column: 1, "CDATA section outside the root element")
        Self.expectMalformed("<r><!ELEMENT r ANY></r>", line: 1, column: 4, "unknown markup declaration")
        Self.expectMalformed("<r><?pi\u{1}?></r>", line: 1, column: 8, "expected whitespace after the processing instruction target")
    }

    @Test func xmlDeclaration_isChecked() throws {
        #expect(try Self.events("<?xml version='1.1' encoding=\"utf-8\" standalone='yes' ?><r/>").count == 2)
        #expect(try Self.events("<?xml version=\"1.0\"?>\n<r/>").count == 2)
        Self.expectMalformed("<?xml?><r/>", line: 1, column: 1, "XML declaration without a version")
        Self.expectMalformed("<?xml encoding=\"UTF-8\"?><r/>", line: 1, column: 7, "unexpected 'encoding'")
        Self.expectMalformed("<?xml version=\"1.0\" x=\"0\"?><r/>", line: 1, column: 21, "unexpected 'x'")
        Self.expectMalformed("<?xml version=\"1.0\" standalone=-no\"?><r/>", line: 1, column: 32, "unquoted value")
        Self.expectMalformed("<?xml version=\"2.0\"?><r/>", line: 1, column: 16, "invalid version '2.0'")
        Self.expectMalformed("<?xml version=\"1.0\" standalone=\"maybe\"?><r/>", line: 1, column: 33, "invalid standalone 'maybe'")
        Self.expectMalformed("<?xml version=\"1.0\"encoding=\"UTF-8\"?><r/>", line: 1, column: 20, "expected whitespace")
    }

    @Test func documentTypeDeclarations_areRefused() {
        let doctype = Self.error("<?xml version=\"1.0\"?>\n<!DOCTYPE r SYSTEM \"http://example.invalid/x.dtd\">\n<r/>")
        #expect(doctype?.code == .forbiddenDocumentType)
        #expect(doctype?.line == 2)
        #expect(doctype?.column == 1)
        let entity = Self.error("<r><!ENTITY x \"y\"></r>")
        #expect(entity?.code == .forbiddenEntity)
        #expect(entity?.column == 4)
        // Through the loader, the byte guard refuses them first, with the same codes.
        let bomb = "<?xml version=\"1.0\"?>\n<!DOCTYPE r [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;\">]>\n<r x=\"&b;\"/>"
        #expect(throws: StoryboardError(.forbiddenEntity, "")) { try StoryboardLoader.load(xml: bomb) }
    }

    @Test func invalidUTF8AndNUL_throughTheLoader_areTypedErrorsWithLocations() {
        let bytes = Array("<document type=\"x.Storyboard\">\n  <a b=\"".utf8) + [0xC3, 0x28] + Array("\"/></document>".utf8)
        do {
            _ = try StoryboardLoader.load(data: Data(bytes), file: "bad.storyboard")
            Issue.record("loaded invalid UTF-8")
        } catch {
            #expect(error.code == .malformedXML)
            #expect(error.line == 2)
            #expect(error.column == 9)
        }
        let nul = Array("<document type=\"x.Storyboard\">\n  <a b=\"".utf8) + [0] + Array("\"/></document>".utf8)
        do {
            _ = try StoryboardLoader.load(data: Data(nul), file: "bad.storyboard")
            Issue.record("loaded a NUL byte")
        } catch {
            #expect(error.code == .malformedXML)
            #expect(error.file == "bad.storyboard")
            #expect(error.line == 2)
            #expect(error.column == 9)
        }
    }

    @Test func everyPrefixOfAFixture_endsInATypedErrorNeverACrash() throws {
        let url = try #require(StoryboardFixtures.named("bartjacobs"))
        let bytes = [UInt8](StoryboardFixtures.data(url))
        var errors = 0
        for end in stride(from: 0, to: bytes.count, by: 7) {
            if let error = Self.error(Array(bytes[..<end])) {
                #expect(error.code == .malformedXML, "prefix \(end): \(error)")
                errors += 1
            } else {
                // Only a prefix that ends right after the root's end tag (plus whitespace) is whole.
                #expect(String(decoding: bytes[..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("</document>"))
            }
        }
        #expect(errors > 0)
    }
}

/// The differential test: on every fixture, the scanner sees exactly the start tags XMLParser
/// sees, with the same attributes and the same positions.
@Suite struct StoryboardXMLScannerDifferentialTests {
    /// Collects XMLParser's start tags, each moved from the position libxml2 reports (just after
    /// the tag's `>`) back to the tag's `<`.
    final class Collector: NSObject, XMLParserDelegate {
        let bytes: [UInt8]
        let lineStarts: [Int]
        var tags: [ScannedStartTag] = []

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            lineStarts = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
        }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes: [String: String] = [:]
        ) {
            var offset = min(lineStarts[parser.lineNumber - 1] + parser.columnNumber - 1, bytes.count) - 1
            while offset > 0, bytes[offset] != 0x3C { offset -= 1 }
            // The line that holds the offset: the last line start <= offset (binary search).
            var (low, high) = (0, lineStarts.count - 1)
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            let line = low
            tags.append(ScannedStartTag(name: elementName, attributes: attributes, line: line + 1, column: offset - lineStarts[line] + 1))
        }
    }

    @Test(arguments: StoryboardFixtures.all)
    func scanner_whenFixture_seesWhatXMLParserSees(_ url: URL) throws {
        let bytes = [UInt8](StoryboardFixtures.data(url))
        let collector = Collector(bytes)
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = collector
        #expect(parser.parse())
        let scanned = try StoryboardXMLScannerTests.events(bytes)
        let starts = scanned.compactMap { $0 }
        #expect(starts.count == collector.tags.count)
        #expect(scanned.count == 2 * starts.count)  // every start has its end
        for (mine, theirs) in zip(starts, collector.tags) where mine != theirs {
            Issue.record("\(url.lastPathComponent): scanner \(mine) != XMLParser \(theirs)")
            break
        }
    }
}

extension StoryboardXMLScannerDifferentialTests {
    /// Seeded mutations of the fixtures (the fuzz test's): the scanner accepts exactly the
    /// documents XMLParser accepts, and on those it sees the same start tags at the same places.
    @Test func scanner_whenFixturesMutated_acceptsWhatXMLParserAcceptsWithTheSameTags() throws {
        var rng = SplitMix64(seed: StoryboardFuzzTests.seed ^ 0xD1FF)
        var compared = (accepted: 0, refused: 0)
        for index in 0..<600 * StoryboardFuzzTests.scale {
            let (name, original) = StoryboardFuzzTests.corpus[Int.random(in: 0..<StoryboardFuzzTests.corpus.count, using: &rng)]
            var bytes = original
            let mutations = StoryboardFuzzTests.Mutation.allCases
            for _ in 0..<Int.random(in: 1...2, using: &rng) {
                bytes = StoryboardFuzzTests.mutate(bytes, mutations[Int.random(in: 0..<mutations.count, using: &rng)], &rng)
            }
            // XMLParser traps on some invalid UTF-8: only documents the byte guard passes reach it.
            guard !bytes.contains(0), (try? StoryboardDocumentGuard.check(Data(bytes), file: "x")) != nil else { continue }
            let collector = Collector(bytes)
            let parser = XMLParser(data: Data(bytes))
            parser.delegate = collector
            // On Linux, parse() can return true after reporting an error: check parserError too.
            let theirs = parser.parse() && parser.parserError == nil
            let mine = try? StoryboardXMLScannerTests.events(bytes)
            let context = "case \(index) of \(name), seed 0x\(String(StoryboardFuzzTests.seed, radix: 16))"
            #expect((mine != nil) == theirs, "\(context): XMLParser \(theirs ? "accepts" : "refuses") it")
            if theirs, let mine {
                #expect(mine.compactMap { $0 } == collector.tags, "\(context)")
                compared.accepted += 1
            } else {
                compared.refused += 1
            }
        }
        #expect(compared.accepted > 50)
        #expect(compared.refused > 50)
    }
}
