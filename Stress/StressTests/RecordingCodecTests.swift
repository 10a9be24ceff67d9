import Foundation
import NavigationRuntime
import NavigationRuntimeTesting
@testable import NavStressKit
import Testing

/// The recording's writer (`JSONEncoder`) and its reader (``EventLineReader`` for event lines,
/// `JSONDecoder` for the rest and for anything the event reader does not recognise) agree:
/// seeded random events of every kind round-trip, the event reader takes every line the writer
/// writes, and on any line it never disagrees with `JSONDecoder`.
@Suite struct RecordingCodecTests {
    // MARK: - Random events

    /// A kind's name; exhaustive, so a new kind fails to compile here until it is generated.
    static func name(_ kind: JournalEvent.Kind) -> String {
        switch kind {
        case .accepted: "accepted"
        case .began: "began"
        case .committed: "committed"
        case .entered: "entered"
        case .cancelled: "cancelled"
        case .failed: "failed"
        case .vetoed: "vetoed"
        case .noChange: "noChange"
        case .dropped: "dropped"
        case .superseded: "superseded"
        case .deferred: "deferred"
        case .noDestination: "noDestination"
        case .callback: "callback"
        case .windowClosed: "windowClosed"
        case .warning: "warning"
        }
    }

    static let kindNames: Set<String> = [
        "accepted", "began", "committed", "entered", "cancelled", "failed", "vetoed", "noChange", "dropped",
        "superseded", "deferred", "noDestination", "callback", "windowClosed", "warning",
    ]

    /// A change's name; exhaustive, like ``name(_:)-kind``.
    static func name(_ change: CommittedChange) -> String {
        switch change {
        case .setRoot: "setRoot"
        case .removeRoot: "removeRoot"
        case .push: "push"
        case .pop: "pop"
        case .setStack: "setStack"
        case .setPages: "setPages"
        case .present: "present"
        case .dismiss: "dismiss"
        case .selectTab: "selectTab"
        case .replaceSecondary: "replaceSecondary"
        case .setCollapsed: "setCollapsed"
        case .setColumns: "setColumns"
        case .setTraits: "setTraits"
        case .addChild: "addChild"
        case .removeFromParent: "removeFromParent"
        case .composite: "composite"
        }
    }

    static let changeNames: Set<String> = [
        "setRoot", "removeRoot", "push", "pop", "setStack", "setPages", "present", "dismiss", "selectTab", "replaceSecondary",
        "setCollapsed", "setColumns", "setTraits", "addChild", "removeFromParent", "composite",
    ]

    /// The names of a change and of every change inside it.
    static func names(in change: CommittedChange) -> [String] {
        if case .composite(let changes) = change { return ["composite"] + changes.flatMap(names(in:)) }
        return [name(change)]
    }

    /// Seeded random events, ids included up to `UInt64.max`.
    struct Generator {
        var rng: SplitMix64

        mutating func below(_ bound: Int) -> Int { Int(rng.next() % UInt64(bound)) }
        mutating func bool() -> Bool { rng.next() & 1 == 0 }
        mutating func id<Tag: IdentifierTag>() -> Identifier<Tag> {
            switch below(4) {
            case 0: Identifier(0)
            case 1: Identifier(UInt64.max)
            default: Identifier(UInt64(below(10_000)))
            }
        }
        mutating func ids() -> [ControllerID] { (0..<below(4)).map { _ in id() } }
        mutating func maybe<T>(_ make: (inout Generator) -> T) -> T? { bool() ? make(&self) : nil }
        mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }

        /// Plain words mostly; sometimes what JSON escapes (quotes, backslashes, control
        /// characters), non-ASCII text, slashes and the empty string.
        mutating func text() -> String {
            pick([
                "push", "performSegue detail", "invalidRequest", "", "a/b", "Unbalanced calls to begin/end appearance transitions",
                "quote \" and \\ backslash", "tab\tnew\nline", "\u{1}", "Zürich ✓ 🚀", "app://detail/42",
            ])
        }

        mutating func traits() -> Traits {
            Traits(horizontalSizeClass: pick([.compact, .regular]), verticalSizeClass: pick([.compact, .regular]))
        }

        mutating func change(depth: Int = 0) -> CommittedChange {
            switch below(depth < 3 ? 16 : 15) {
            case 0: .setRoot(id())
            case 1: .removeRoot
            case 2: .push(navigation: id(), pushed: id())
            case 3: .pop(navigation: id(), removed: ids())
            case 4: .setStack(navigation: id(), stack: ids())
            case 5: .present(presenter: id(), presented: id(), style: pick(PresentationStyle.allCases))
            case 6: .dismiss(presenter: id(), removed: ids())
            case 7: .selectTab(tabBar: id(), index: pick([0, 1, 4, Int.max]))
            case 8: .replaceSecondary(split: id(), secondary: maybe { $0.id() })
            case 9: .setCollapsed(split: id(), collapsed: bool())
            case 10: .setColumns(split: id(), collapsed: bool())
            case 11: .setTraits(traits())
            case 12: .addChild(parent: id(), child: id())
            case 13: .removeFromParent(parent: id(), child: id())
            case 14: .setPages(page: id(), pages: ids())
            default: .composite((0..<below(4)).map { _ in change(depth: depth + 1) })
            }
        }

        mutating func controller(depth: Int = 0) -> ControllerSnapshot {
            ControllerSnapshot(
                id: id(),
                scene: maybe { $0.text() },
                className: pick(["UINavigationController", "HomeController", "Détail"]),
                kind: pick([.content, .navigation, .tabBar, .split, .page]),
                appearance: pick([.disappeared, .appearing, .appeared, .disappearing]),
                children: depth < 3 ? (0..<below(3)).map { _ in controller(depth: depth + 1) } : [],
                selectedIndex: maybe { $0.pick([0, 2, Int.max]) },
                presentationStyle: maybe { $0.pick(PresentationStyle.allCases) },
                presented: depth < 3 ? maybe { $0.controller(depth: depth + 1) } : nil,
                columns: maybe { generator in (0..<generator.below(4)).map { _ in generator.pick([.primary, .secondary, .compact]) } }
            )
        }

        mutating func callback() -> ControllerCallback {
            switch below(7) {
            case 0: .viewDidLoad
            case 1: .viewWillAppear(animated: bool())
            case 2: .viewDidAppear(animated: bool())
            case 3: .viewWillDisappear(animated: bool())
            case 4: .viewDidDisappear(animated: bool())
            case 5: .willMove(toParent: maybe { $0.id() })
            default: .didMove(toParent: maybe { $0.id() })
            }
        }

        mutating func kind() -> JournalEvent.Kind {
            switch below(15) {
            case 0: .accepted(text())
            case 1: .began
            case 2: .committed(change())
            case 3: .entered(controller())
            case 4: .cancelled
            case 5: .failed(text())
            case 6: .vetoed
            case 7: .noChange
            case 8: .dropped
            case 9: .superseded
            case 10: .deferred
            case 11: .noDestination(text())
            case 12: .callback(id(), callback())
            case 13: .windowClosed
            default: .warning(text())
            }
        }

        mutating func event(window: WindowID) -> JournalEvent {
            JournalEvent(window: window, sequence: pick([0, 1, 77, UInt64.max]), request: maybe { $0.id() }, kind: kind())
        }
    }

    /// A recording of two windows with `count` random events each.
    static func randomRecording(seed: UInt64, count: Int) -> JournalRecording {
        var generator = Generator(rng: SplitMix64(seed: seed))
        let windows = [WindowID(1), WindowID(UInt64.max)].map { window in
            RecordedWindow(
                window: window,
                start: generator.maybe { $0.snapshot(window) },
                finalSnapshot: generator.snapshot(window),
                events: (0..<count).map { _ in generator.event(window: window) }
            )
        }
        return JournalRecording(command: "navstress run --seed \(seed)", windows: windows, requests: count)
    }

    /// The event lines of a recording's file: `(bytes, range)` of each.
    static func eventLines(_ data: Data) -> [[UInt8]] {
        data.split(separator: UInt8(ascii: "\n")).map { [UInt8]($0) }.filter { $0.starts(with: Array(#"{"event":"#.utf8)) }
    }

    /// How `JSONDecoder` reads an event line (the reader's meaning before the event reader).
    static func decoded(_ line: [UInt8]) -> JournalEvent? {
        struct Line: Decodable { var event: JournalEvent }
        return try? JSONDecoder().decode(Line.self, from: Data(line)).event
    }

    // MARK: - Tests

    @Test func randomEvents_ofEveryKindAndChange_roundTripThroughWriterAndReader() throws {
        let run = StressRun("RecordingCodecTests", salt: 13)
        let recording = Self.randomRecording(seed: run.seed, count: 1_500)
        let events = recording.windows.flatMap(\.events)
        #expect(Set(events.map { Self.name($0.kind) }) == Self.kindNames, "\(run)")
        let changes = events.flatMap { event -> [String] in
            if case .committed(let change) = event.kind { return Self.names(in: change) }
            return []
        }
        #expect(Set(changes) == Self.changeNames, "\(run)")
        #expect(events.contains { if case .committed(.removeRoot) = $0.kind { true } else { false } }, "\(run)")

        let data = try recording.jsonLines()
        let read = try JournalRecording.read(data)
        #expect(read == recording, "\(run)")
        #expect(read.missing == [], "\(run)")

        // Every line the writer writes is read by the event reader, except strings JSON
        // escapes (left to JSONDecoder); and both read it the same.
        let lines = Self.eventLines(data)
        #expect(lines.count == events.count, "\(run)")
        var fast = 0
        for (line, event) in zip(lines, events) {
            let escapes = line.contains(UInt8(ascii: "\\"))
            let quick = EventLineReader.event(in: line, line.indices)
            #expect(quick == (escapes ? nil : event), "\(run) \(String(decoding: line, as: UTF8.self))")
            #expect(Self.decoded(line) == event, "\(run)")
            if quick != nil { fast += 1 }
        }
        #expect(fast > events.count / 2, "\(run)")
    }

    @Test(arguments: Scenario.allCases)
    func everyEventLineOfARun_isReadByTheEventReader(_ scenario: Scenario) async throws {
        let recording = try await RecordingReplayTests.recording(RecordingReplayTests.sequential(scenario))
        let data = try recording.jsonLines()
        let lines = Self.eventLines(data)
        let events = recording.windows.flatMap(\.events)
        #expect(lines.count == events.count)
        for (line, event) in zip(lines, events) {
            #expect(EventLineReader.event(in: line, line.indices) == event, "\(String(decoding: line, as: UTF8.self))")
        }
        #expect(try JournalRecording.read(data) == recording)
    }

    /// Lines an older or another writer could have made: other key orders, whitespace,
    /// `null` for an absent value. `JSONDecoder` reads them, so the recording reads them.
    @Test func otherSpellingsOfAnEvent_readAsBefore() throws {
        let event = JournalEvent(window: WindowID(1), sequence: 3, request: nil, kind: .committed(.push(navigation: ControllerID(1), pushed: ControllerID(4))))
        let spellings = [
            #"{"event":{"kind":{"committed":{"_0":{"push":{"navigation":1,"pushed":4}}}},"sequence":3,"window":1}}"#,
            #"{"event":{"window":1,"sequence":3,"kind":{"committed":{"_0":{"push":{"pushed":4,"navigation":1}}}}}}"#,
            #"{ "event" : { "kind" : {"committed":{"_0":{"push":{"navigation":1,"pushed":4}}}}, "request" : null, "sequence" : 3, "window" : 1 } }"#,
            #"{"event":{"kind":{"committed":{"_0":{"push":{"navigation":1,"pushed":4}}}},"sequence":3,"window":1}}  "#,
            #"{"event":{"kind":{"committed":{"_0":{"push":{"navigation":1,"pushed":4,"animated":true}}}},"sequence":3,"window":1}}"#,
        ]
        for spelling in spellings {
            let text = [RecordingReplayTests.header, RecordingReplayTests.windowLine, spelling].joined(separator: "\n")
            #expect(try JournalRecording.read(Data(text.utf8)).windows[0].events == [event], "\(spelling)")
        }
        // Only the first is the writer's own spelling.
        #expect(spellings.map { EventLineReader.event(in: Array($0.utf8), 0..<$0.utf8.count) != nil } == [true, false, false, false, false])
    }

    @Test func malformedEventLines_failWithTheirLine_neverTrap() {
        func error(_ line: String) -> String? {
            let text = [RecordingReplayTests.header, RecordingReplayTests.windowLine, line, ""].joined(separator: "\n")
            do {
                _ = try JournalRecording.read(Data(text.utf8))
                return nil
            } catch {
                return error.description
            }
        }
        let push = #"{"push":{"navigation":1,"pushed":4}}"#
        #expect(error(#"{"event":{"kind":{"committed":{"_0":\#(push)}},"sequence":03,"window":1}}"#) == "line 3: not a recording line (invalid JSON)")
        #expect(error(#"{"event":{"kind":{"committed":{"_0":\#(push)}},"sequence":-3,"window":1}}"#)?.hasPrefix("line 3: not a recording line") == true)
        #expect(error(#"{"event":{"kind":{"committed":{"_0":\#(push)}},"sequence":18446744073709551616,"window":1}}"#)?.hasPrefix("line 3: not a recording line") == true)
        #expect(error(#"{"event":{"kind":{"committed":{"_0":{"push":{"navigation":1}}}},"sequence":3,"window":1}}"#) == "line 3: not a recording line (missing pushed)")
        #expect(error(#"{"event":{"kind":{"committed":{"_0":{"hop":{}}}},"sequence":3,"window":1}}"#)?.hasPrefix("line 3: not a recording line") == true)
        #expect(error(#"{"event":{"kind":{"began":{}},"sequence":3,"window":1}}x"#) == "line 3: not a recording line (invalid JSON)")
        #expect(error(#"{"event":{"kind":{"began":{}},"sequence":3,"window":2}}"#) == "line 3: an event of W2 in the journal of W1")
        #expect(error("{\"event\":{\"kind\":{\"accepted\":{\"_0\":\"\u{FF}\"}},\"sequence\":3,\"window\":1}}") == nil, "valid UTF-8 (ÿ)")
        let invalidUTF8 = Array(#"{"event":{"kind":{"accepted":{"_0":""#.utf8) + [0xFF] + Array(#""}},"sequence":3,"window":1}}"#.utf8)
        #expect(EventLineReader.event(in: invalidUTF8, invalidUTF8.indices) == nil)
        // Nesting far beyond any limit: refused as too deep (told apart from invalid JSON, issue
        // 18), and nothing overflows the stack.
        let deep = 100_000
        let composite = String(repeating: #"{"composite":{"_0":["#, count: deep) + String(repeating: "]}}", count: deep)
        #expect(error(#"{"event":{"kind":{"committed":{"_0":\#(composite)}},"sequence":3,"window":1}}"#)?.hasPrefix("line 3: too deep") == true)
        let tree = String(repeating: #"{"appearance":"appeared","children":["#, count: deep)
        #expect(error(#"{"event":{"kind":{"entered":{"_0":\#(tree)"#)?.hasPrefix("line 3: too deep") == true)
    }

    /// Seeded byte mutations of the writer's lines: whatever the event reader accepts,
    /// `JSONDecoder` reads as the same event.
    @Test func mutatedLines_theEventReaderNeverDisagreesWithJSONDecoder() throws {
        let run = StressRun("RecordingCodecTests.mutated", salt: 14)
        var rng = SplitMix64(seed: run.seed)
        let lines = Self.eventLines(try Self.randomRecording(seed: run.seed, count: 200).jsonLines())
        let alphabet = Array(#"{}[]:,"0123456789-.e\ _tfnaxr"#.utf8) + [0x00, 0x0A, 0xC3, 0xFF]
        var accepted = 0
        for round in 0..<(4_000 * StressRun.scale) {
            var line = lines[Int(rng.next() % UInt64(lines.count))]
            for _ in 0...(rng.next() % 3) {
                let at = Int(rng.next() % UInt64(line.count + 1))
                let byte = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                switch rng.next() % 4 {
                case 0 where at < line.count: line.remove(at: at)
                case 1: line.insert(byte, at: at)
                case 2 where at < line.count: line[at] = byte
                default: line.removeSubrange(at...)
                }
            }
            guard let quick = EventLineReader.event(in: line, line.indices) else { continue }
            accepted += 1
            #expect(Self.decoded(line) == quick, "\(run) round \(round): \(String(decoding: line, as: UTF8.self))")
        }
        #expect(accepted > 0, "\(run)")
    }
}

extension RecordingCodecTests.Generator {
    mutating func snapshot(_ window: WindowID) -> WindowSnapshot {
        WindowSnapshot(window: window, sequence: pick([0, 12, UInt64.max]), traits: traits(), transitionInFlight: bool(), root: maybe { $0.controller() })
    }
}
