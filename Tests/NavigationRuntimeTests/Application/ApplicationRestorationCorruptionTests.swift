import Foundation
import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// R8.5 with bad input (DESIGN §8): a corrupted snapshot or JSON is a typed outcome, never a
/// crash, and never leaves a window open half-built.
@Suite struct ApplicationRestorationCorruptionTests {
    private let catalog = RestorationScenes.catalog

    /// One seeded corruption: the bytes to restore, and what the outcome must be.
    private struct Corruption {
        var name: String
        var json: Data
        /// `nil`: any typed outcome will do (a random byte may land in a class name).
        var expected: ((RestorationProblem.Reason) -> Bool)?
    }

    @Test func thousandCorruptedSnapshots_typedOutcome_noHalfBuiltWindow_R8_5() async throws {
        let baseSeed: UInt64 = 0xC0_22A7
        let app = Application()
        var failures: [String: Int] = [:]
        var restoredCount = 0
        for index in 0..<1_000 {
            let seed = baseSeed &+ UInt64(index)
            var generator = SnapshotGenerator(seed: seed)
            let corruption = try corrupt(generator.snapshot(), using: &generator)
            let outcome = await app.restore(json: corruption.json, catalog: catalog, configuration: .immediate)
            switch outcome {
            case .failed(let problems):
                failures[corruption.name, default: 0] += 1
                #expect(!problems.isEmpty, "seed \(seed) \(corruption.name)")
                if let expected = corruption.expected {
                    #expect(problems.contains { expected($0.reason) }, "seed \(seed) \(corruption.name): \(problems)")
                }
                #expect(await app.openWindows.isEmpty, "seed \(seed) \(corruption.name): a failed restore opened a window")
            case .restored(let window):
                restoredCount += 1
                #expect(corruption.expected == nil, "seed \(seed) \(corruption.name) restored")
                // Whatever restored is complete: the decoded snapshot's whole shape, committed.
                let decoded = try JSONDecoder().decode(WindowSnapshot.self, from: corruption.json)
                let snapshot = await window.snapshot()
                #expect(snapshot.structure == decoded.structure, "seed \(seed) \(corruption.name): half-built")
                #expect(!snapshot.transitionInFlight)
                #expect(await app.openWindows.map(\.id) == [window.id])
                await app.closeWindow(window.id)
            }
        }
        // Every kind of corruption was drawn and failed at least once.
        #expect(failures.count == 13, "\(failures)")
        #expect(restoredCount < 100, "most corruptions must be caught, \(restoredCount) restored")
    }

    private func corrupt(_ snapshot: WindowSnapshot, using generator: inout SnapshotGenerator) throws -> Corruption {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var value = snapshot
        let paths = Self.paths(in: snapshot)
        func encoded() throws -> Data { try encoder.encode(value) }
        func edit(_ path: NodePath, _ body: (inout ControllerSnapshot) -> Void) {
            guard var root = value.root else { return }
            Self.edit(&root, path[...], body)
            value.root = root
        }
        let contentPaths = paths.filter { Self.node(snapshot, at: $0)?.kind == .content }
        switch generator.int(0...12) {
        case 0:
            edit(generator.pick(contentPaths)) { $0.scene = "nowhere" }
            return Corruption(name: "unknownScene", json: try encoded()) {
                if case .unknownScene("nowhere") = $0 { true } else { false }
            }
        case 1:
            edit(generator.pick(contentPaths)) { $0.scene = nil }
            return Corruption(name: "missingScene", json: try encoded()) { $0 == .missingScene }
        case 2:
            // A content scene claimed as a container: its factory makes content (found while building).
            edit(generator.pick(contentPaths)) { $0.kind = generator.pick([.navigation, .tabBar, .split]) }
            return Corruption(name: "wrongKind", json: try encoded()) {
                switch $0 {
                case .kindMismatch, .missingSelectedIndex, .splitChildren, .navigationInStack: true
                default: false
                }
            }
        case 3:
            let path = generator.pick(paths)
            let bad = generator.pick([-1, 3, 7, Int.max, Int.min])
            let over = generator.int(0...3)
            edit(path) { node in
                node.selectedIndex = node.kind == .tabBar && bad >= 0 ? node.children.count + over : bad
            }
            return Corruption(name: "badIndex", json: try encoded()) {
                switch $0 {
                case .selectedIndexOutOfRange, .unexpectedSelectedIndex: true
                default: false
                }
            }
        case 4:
            // A cycle written out: a node presents a copy of the root (same ids).
            let copy = value.root
            edit(generator.pick(paths)) { node in
                node.presented = copy
                node.children = node.kind == .content ? [] : node.children
            }
            return Corruption(name: "cycle", json: try encoded()) {
                if case .duplicateID = $0 { true } else { false }
            }
        case 5:
            let first = generator.pick(paths)
            let duplicate = Self.node(snapshot, at: generator.pick(paths))?.id ?? ControllerID(0)
            edit(first) { $0.children.append(ControllerSnapshot(
                id: duplicate, scene: "home", className: "HomeController", kind: .content, appearance: .disappeared
            )) }
            return Corruption(name: "duplicatedID", json: try encoded()) {
                switch $0 {
                case .duplicateID, .embeddedChildren, .splitChildren, .selectedIndexOutOfRange: true
                default: false
                }
            }
        case 6:
            // A split with no column or three (one is a split with a primary only, valid).
            let extra = ControllerSnapshot(
                id: ControllerID(1), scene: "home", className: "HomeController", kind: .content, appearance: .disappeared
            )
            edit(generator.pick(paths)) { node in
                node = ControllerSnapshot(
                    id: ControllerID(2), className: "UISplitViewController", kind: .split, appearance: .disappeared,
                    children: generator.chance(0.5) ? [] : [node, extra, extra]
                )
            }
            return Corruption(name: "splitChildren", json: try encoded()) {
                switch $0 {
                case .splitChildren, .duplicateID: true
                default: false
                }
            }
        case 7:
            // A presentation from a hidden place, or with no style.
            let hidden = paths.filter { !Self.isOnVisiblePath(snapshot, $0) }
            let presented = ControllerSnapshot(
                id: ControllerID(3), scene: "detail", className: "DetailController", kind: .content,
                appearance: .disappeared, presentationStyle: hidden.isEmpty ? nil : .pageSheet
            )
            edit(hidden.isEmpty ? [] : generator.pick(hidden)) { node in
                node.presented = presented
            }
            return Corruption(name: "notPresentable", json: try encoded()) {
                switch $0 {
                case .presentationNotAllowedHere, .missingPresentationStyle: true
                default: false
                }
            }
        case 8:
            let path = generator.pick(paths)
            edit(path) { $0.presentationStyle = path.last == .presented ? nil : .formSheet }
            return Corruption(name: "styles", json: try encoded()) {
                switch $0 {
                case .missingPresentationStyle, .unexpectedPresentationStyle: true
                default: false
                }
            }
        case 9:
            // A navigation controller pushed onto a stack (R4.3).
            let nested = ControllerSnapshot(
                id: ControllerID(4), className: "UINavigationController", kind: .navigation, appearance: .disappeared,
                children: [.init(id: ControllerID(5), scene: "home", className: "HomeController", kind: .content, appearance: .disappeared)]
            )
            let stack = ControllerSnapshot(id: ControllerID(6), className: "UINavigationController", kind: .navigation, appearance: .disappeared, children: [nested])
            edit(generator.pick(paths)) { node in
                node.children = node.kind == .content ? [] : node.children
                node.presented = node.presented ?? stack
                node.presented?.presentationStyle = .fullScreen
                node.presented?.children = [nested]
                node.presented?.kind = .navigation
            }
            return Corruption(name: "navigationInStack", json: try encoded()) {
                switch $0 {
                case .navigationInStack, .presentationNotAllowedHere, .missingScene, .embeddedChildren: true
                default: false
                }
            }
        case 10:
            let data = try encoded()
            let cut = generator.int(0...(data.count - 1))
            return Corruption(name: "truncated", json: data.prefix(cut)) {
                if case .malformedJSON = $0 { true } else { false }
            }
        case 11:
            var text = String(decoding: try encoded(), as: UTF8.self)
            let (find, replacement) = generator.pick([
                ("\"id\":", "\"id\":-"), ("\"kind\":\"", "\"kind\":\"bogus"), ("\"children\":[", "\"children\":{"),
                ("\"appearance\":\"", "\"appearance\":1,\"x\":\""), ("\"traits\":{", "\"traits\":["),
                ("\"className\":", "\"className\":null,\"y\":"), ("\"window\":", "\"window\":\"W\",\"z\":"),
            ])
            if let range = text.range(of: find) { text.replaceSubrange(range, with: replacement) }
            // `ControllerKind` is an open set: any name decodes, and the validator refuses one it
            // does not know.
            let unknownKind = find == "\"kind\":\""
            return Corruption(name: "wrongTypes", json: Data(text.utf8)) {
                switch $0 {
                case .unknownKind(let kind): unknownKind && kind.rawValue.hasPrefix("bogus")
                case .malformedJSON: !unknownKind
                default: false
                }
            }
        default:
            var data = try encoded()
            let position = generator.int(0...(data.count - 1))
            data[data.startIndex + position] = UInt8(generator.int(32...126))
            return Corruption(name: "randomByte", json: data, expected: nil)
        }
    }

    // MARK: - Paths into a snapshot

    private enum Step: Hashable {
        case child(Int)
        case presented
    }

    private typealias NodePath = [Step]

    private static func paths(in snapshot: WindowSnapshot) -> [NodePath] {
        var result: [NodePath] = []
        func visit(_ node: ControllerSnapshot, _ path: NodePath) {
            result.append(path)
            for index in node.children.indices { visit(node.children[index], path + [.child(index)]) }
            if let presented = node.presented { visit(presented, path + [.presented]) }
        }
        if let root = snapshot.root { visit(root, []) }
        return result
    }

    private static func node(_ snapshot: WindowSnapshot, at path: NodePath) -> ControllerSnapshot? {
        var current = snapshot.root
        for step in path {
            switch step {
            case .child(let index): current = current?.children[index]
            case .presented: current = current?.presented
            }
        }
        return current
    }

    private static func isOnVisiblePath(_ snapshot: WindowSnapshot, _ path: NodePath) -> Bool {
        var current = snapshot.root
        for step in path {
            guard let node = current else { return false }
            switch step {
            case .child(let index):
                guard SnapshotGenerator.isVisible(child: index, of: node) else { return false }
                current = node.children[index]
            case .presented:
                current = node.presented
            }
        }
        return true
    }

    private static func edit(_ node: inout ControllerSnapshot, _ path: ArraySlice<Step>, _ body: (inout ControllerSnapshot) -> Void) {
        guard let step = path.first else {
            body(&node)
            return
        }
        switch step {
        case .child(let index):
            edit(&node.children[index], path.dropFirst(), body)
        case .presented:
            if var presented = node.presented {
                edit(&presented, path.dropFirst(), body)
                node.presented = presented
            }
        }
    }

    // MARK: - Each rule on its own

    @Test func everyProblemIsListed_withItsPath() async throws {
        let app = Application()
        let snapshot = WindowSnapshot(
            window: WindowID(1), sequence: 1, traits: .regular, transitionInFlight: false,
            root: ControllerSnapshot(
                id: ControllerID(1), className: "UITabBarController", kind: .tabBar, appearance: .appeared,
                children: [
                    ControllerSnapshot(id: ControllerID(2), scene: "ghost", className: "X", kind: .content, appearance: .appeared),
                    ControllerSnapshot(id: ControllerID(2), className: "Y", kind: .content, appearance: .disappeared),
                ],
                selectedIndex: 5
            )
        )
        let problems = await app.restore(snapshot, catalog: catalog).problems
        #expect(problems.map(\.description) == [
            "root (#1): selectedIndexOutOfRange(5, count: 2)",
            "root.children[0] (#2): unknownScene(\"ghost\")",
            "root.children[1] (#2): duplicateID(firstAt: \"root.children[0]\")",
            "root.children[1] (#2): missingScene",
        ])
        #expect(await app.openWindows.isEmpty)
    }

    /// A text the snapshot brings (a scene identifier, a kind's name, a value the decoder
    /// refused) is kept whole in the reason, and cut in the description: a hostile snapshot
    /// does not make a 100,000-character log line.
    @Test func aLongTextFromTheSnapshot_isCutInTheDescription_keptInTheReason() async throws {
        let app = Application()
        let long = String(repeating: "x", count: 10_000)
        let cut = "\"" + String(repeating: "x", count: RestorationProblem.maximumEchoedCharacters) + "\"… (10000 characters)"
        let snapshot = WindowSnapshot(
            window: WindowID(1), sequence: 1, traits: .regular, transitionInFlight: false,
            root: ControllerSnapshot(
                id: ControllerID(1), className: "UINavigationController", kind: .navigation, appearance: .appeared,
                children: [
                    ControllerSnapshot(id: ControllerID(2), scene: long, className: "X", kind: .content, appearance: .appeared),
                    ControllerSnapshot(id: ControllerID(3), scene: "home", className: "X", kind: ControllerKind(rawValue: long), appearance: .appeared),
                ]
            )
        )
        let problems = await app.restore(snapshot, catalog: catalog).problems
        #expect(problems.map(\.reason) == [.unknownScene(long), .unknownKind(ControllerKind(rawValue: long))])
        #expect(problems.map(\.description) == [
            "root.children[0] (#2): unknownScene(\(cut))",
            "root.children[1] (#3): unknownKind(\(cut))",
        ])
        // At the limit, the text is shown whole.
        let limit = String(repeating: "y", count: RestorationProblem.maximumEchoedCharacters)
        let atLimit = RestorationProblem(path: "root", controller: nil, reason: .unknownScene(limit))
        #expect(atLimit.description == "root: unknownScene(\"\(limit)\")")

        // The decoder quotes the value it refused: cut too.
        var json = try JSONEncoder().encode(
            WindowSnapshot(
                window: WindowID(1), sequence: 1, traits: .regular, transitionInFlight: false,
                root: ControllerSnapshot(id: ControllerID(1), scene: "home", className: "X", kind: .content, appearance: .appeared)
            ))
        let text = String(decoding: json, as: UTF8.self)
        json = Data(text.replacingOccurrences(of: "\"appeared\"", with: "\"\(long)\"").utf8)
        let malformed = await app.restore(json: json, catalog: catalog).problems
        guard case .malformedJSON(let explanation)? = malformed.first?.reason, malformed.count == 1 else {
            Issue.record("expected one malformedJSON problem, got \(malformed)")
            return
        }
        #expect(explanation.contains(long))
        let description = malformed[0].description
        #expect(description.hasPrefix("snapshot: malformedJSON(\""))
        #expect(description.hasSuffix(" characters))"))
        #expect(description.count < RestorationProblem.maximumEchoedCharacters + 100, "\(description.count) characters")
        #expect(await app.openWindows.isEmpty)
    }

    /// The JSON of a window's snapshot (window 1, sequence 7, regular) with this root, its keys
    /// sorted.
    private static func sortedJSON(_ root: ControllerSnapshot) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let snapshot = WindowSnapshot(window: WindowID(1), sequence: 7, traits: .regular, transitionInFlight: false, root: root)
        return String(decoding: try encoder.encode(snapshot), as: UTF8.self)
    }

    /// Valid JSON with a number its field cannot hold: Foundation's decoder says only "The
    /// given data was not valid JSON.", with no field; the problem names the field and the number.
    @Test func aNumberItsFieldCannotHold_isNamedWithItsPath() async throws {
        let app = Application()
        let base = try Self.sortedJSON(
            ControllerSnapshot(
                id: ControllerID(1), className: "UINavigationController", kind: .navigation, appearance: .appeared,
                children: [ControllerSnapshot(id: ControllerID(2), scene: "home", className: "H", kind: .content, appearance: .appeared)]
            ))
        // The JSON as written restores.
        #expect(await app.restore(json: Data(base.utf8), catalog: catalog).window != nil)
        for window in await app.openWindows { await app.closeWindow(window.id) }
        let cases: [(String, String, String)] = [
            ("\"id\":2", "\"id\":-2", ".root.children[0].id: -2 is not a whole number from 0 to 18446744073709551615"),
            ("\"id\":2", "\"id\":2.5", ".root.children[0].id: 2.5 is not a whole number from 0 to 18446744073709551615"),
            ("\"sequence\":7", "\"sequence\":18446744073709551616", ".sequence: 18446744073709551616 is not a whole number from 0 to 18446744073709551615"),
            ("\"sequence\":7", "\"sequence\":1e400", ".sequence: the number 1e400 is beyond any number type"),
            ("\"id\":2", "\"id\":-1e400", ".root.children[0].id: the number -1e400 is beyond any number type"),
        ]
        for (find, replacement, expected) in cases {
            #expect(base.contains(find), "\(find) in \(base)")
            let json = Data(base.replacingOccurrences(of: find, with: replacement).utf8)
            let problems = await app.restore(json: json, catalog: catalog).problems
            #expect(problems.map(\.reason) == [.malformedJSON(expected)], "\(replacement)")
        }
        // A decoding error that names its field keeps the decoder's words.
        let wrongType = Data(base.replacingOccurrences(of: "\"id\":2", with: "\"id\":\"two\"").utf8)
        let problems = await app.restore(json: wrongType, catalog: catalog).problems
        guard case .malformedJSON(let explanation)? = problems.first?.reason else {
            Issue.record("\(problems)")
            return
        }
        #expect(explanation.hasPrefix(".root.children[0].id: "), "\(explanation)")
        #expect(await app.openWindows.isEmpty)
    }

    /// JSON that is not valid (truncated, a syntax error, a second document): Foundation's
    /// decoder says only "The given data was not valid JSON."; the problem says where (the field
    /// being read and the byte) and what.
    @Test func invalidJSON_saysWhereAndWhat() async throws {
        let app = Application()
        let json = try Self.sortedJSON(
            ControllerSnapshot(id: ControllerID(1), scene: "home", className: "H", kind: .content, appearance: .appeared))
        /// The byte offset of `text` in the JSON, plus `plus`.
        func offset(of text: String, plus: Int = 0) throws -> Int {
            let range = try #require(json.range(of: text))
            return json.utf8.distance(from: json.startIndex, to: range.lowerBound) + plus
        }
        let insideKey = try offset(of: #""className""#, plus: 4)
        let insideValue = try offset(of: #""home""#, plus: 3)
        let afterID = try offset(of: #""id":1"#, plus: 6)
        let cases: [(String, String)] = [
            ("", "at byte 0: the data ends where a value should be"),
            ("{", "at byte 1: the data ends inside an object, where a key should be"),
            (String(json.utf8.prefix(insideKey))!, ".root at byte \(insideKey): the data ends inside a string"),
            (String(json.utf8.prefix(insideValue))!, ".root.scene at byte \(insideValue): the data ends inside a string"),
            (String(json.utf8.prefix(afterID))!, ".root at byte \(afterID): the data ends inside an object"),
            (json + " garbage", "at byte \(json.utf8.count + 1): unexpected 'g' after the end of the document"),
            (json + json, "at byte \(json.utf8.count): unexpected '{' after the end of the document"),
            (json.replacingOccurrences(of: #""id":1,"#, with: #""id":1 "#), ".root at byte \(afterID + 1): unexpected '\"' where ',' or '}' should be"),
            (json.replacingOccurrences(of: #""home""#, with: "home"), ".root.scene at byte \(insideValue - 3): unexpected 'h' where a value should be"),
            ("hello", "at byte 0: unexpected 'h' where a value should be"),
            (json.replacingOccurrences(of: #""home""#, with: #""ho\ud800me""#), ".root.scene at byte \(insideValue): \\ud800 is half a surrogate pair, with no other half"),
            (json.replacingOccurrences(of: #""home""#, with: #""ho\udc00me""#), ".root.scene at byte \(insideValue): \\udc00 is half a surrogate pair, with no other half"),
        ]
        for (text, expected) in cases {
            let problems = await app.restore(json: Data(text.utf8), catalog: catalog).problems
            #expect(problems.map(\.reason) == [.malformedJSON(expected)], "\(text)")
        }
        // A whole surrogate pair is a character: the JSON is valid, the scene unknown.
        let pair = await app.restore(json: Data(json.replacingOccurrences(of: #""home""#, with: #""ho\ud83d\ude00me""#).utf8), catalog: catalog)
        #expect(pair.problems.map(\.reason) == [.unknownScene("ho😀me")])
        // A missing key of the whole snapshot: no path, no stray colon; a quote in the
        // description stays a quote.
        let missing = await app.restore(json: Data(json.replacingOccurrences(of: #""traits""#, with: #""trait""#).utf8), catalog: catalog)
        #expect(missing.problems.map(\.description) == ["snapshot: malformedJSON(\"missing key 'traits'\")"])
        #expect(await app.openWindows.isEmpty)
    }

    /// A description escapes what would break a log line (a newline, a NUL, an escape
    /// character, a quote, a backslash) as a JSON string does, and leaves the rest.
    /// A reason's enum payloads print by their case name, not module-qualified.
    @Test func aDescription_namesStylesAndColumns_byTheirCase() {
        #expect(
            RestorationProblem(path: "root.presented", controller: ControllerID(3), reason: .unexpectedPresentationStyle(.popover)).description
                == "root.presented (#3): unexpectedPresentationStyle(popover)")
        #expect(
            RestorationProblem(path: "root", controller: nil, reason: .splitColumns([.primary, .secondary], collapsed: true)).description
                == "root: splitColumns([primary, secondary], collapsed: true)")
    }

    @Test func aDescription_escapesControlCharacters_only() {
        let problem = RestorationProblem(path: "root", controller: nil, reason: .unknownScene("a\nb\0c\u{1B}[2Jd\"e\\f'g é"))
        #expect(problem.description == #"root: unknownScene("a\nb\u0000c\u001b[2Jd\"e\\f'g é")"#)
    }

    @Test func sceneOfAnotherKind_failsWhileBuilding_andOpensNothing() async throws {
        let app = Application()
        let snapshot = WindowSnapshot(
            window: WindowID(1), sequence: 1, traits: .regular, transitionInFlight: false,
            root: ControllerSnapshot(
                id: ControllerID(1), scene: "nav", className: "UINavigationController", kind: .content, appearance: .appeared
            )
        )
        #expect(await app.restore(snapshot, catalog: catalog).problems.map(\.reason) == [
            .kindMismatch(snapshot: .content, scene: .navigation),
        ])
        var embedding = snapshot
        embedding.root?.scene = "embedding"
        #expect(await app.restore(embedding, catalog: catalog).problems.map(\.reason) == [.embeddedChildren(1)])
        #expect(await app.openWindows.isEmpty)
    }

    @Test func tooDeep_isAProblem_notACrash() async throws {
        let app = Application()
        var node = ControllerSnapshot(id: ControllerID(1), scene: "home", className: "H", kind: .content, appearance: .appeared)
        for depth in 2...300 {
            var presenter = ControllerSnapshot(id: ControllerID(UInt64(depth)), scene: "home", className: "H", kind: .content, appearance: .appeared)
            node.presentationStyle = .pageSheet
            presenter.presented = node
            node = presenter
        }
        let snapshot = WindowSnapshot(window: WindowID(1), sequence: 1, traits: .regular, transitionInFlight: false, root: node)
        // The one depth limit holds in encoding too (Window.maximumDepth): such a tree has no JSON.
        #expect(throws: ControllerSnapshot.TooDeep.self) { try JSONEncoder().encode(snapshot) }
        let problems = await app.restore(snapshot, catalog: catalog).problems
        #expect(problems.map(\.reason).contains(.tooDeep), "\(problems.prefix(3))")
        #expect(await app.openWindows.isEmpty)
    }

    @Test func cancelledBeforeInstall_opensNothing() async throws {
        let app = Application()
        var generator = SnapshotGenerator(seed: 7)
        let snapshot = generator.snapshot()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await app.restore(snapshot, catalog: catalog)
        }
        #expect(await task.value.problems.map(\.reason) == [.cancelled])
        #expect(await app.openWindows.isEmpty)
    }
}
