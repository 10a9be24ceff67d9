import Foundation
import NavigationRuntime
import NavigationRuntimeTesting

/// One window's journal as recorded: its events in order and its final snapshot.
public struct RecordedWindow: Sendable, Hashable {
    /// The window.
    public var window: WindowID
    /// The window's tree when its journal was subscribed, if that was after its first commit.
    public var start: WindowSnapshot?
    /// The window's tree when its load ended (before it was closed).
    public var finalSnapshot: WindowSnapshot
    /// The window's journal, from its subscription (before its first commit, or at ``start``)
    /// to its close.
    public var events: [JournalEvent]

    /// Creates a recorded window.
    public init(window: WindowID, start: WindowSnapshot? = nil, finalSnapshot: WindowSnapshot, events: [JournalEvent]) {
        self.window = window
        self.start = start
        self.finalSnapshot = finalSnapshot
        self.events = events
    }
}

/// The journals of a run's windows as a file (`navstress run --record FILE`), which
/// `navstress replay FILE` checks again.
///
/// The format is JSON lines, one object per line, keys sorted, no timestamps, so that two
/// sequential runs with the same seed write the same bytes:
///
/// ```
/// {"command":"swift run navstress run ...","format":"navstress-recording","requests":20000,"version":1,"windows":[1,2]}
/// {"commits":120,"events":410,"final":{...WindowSnapshot...},"start":{...WindowSnapshot...},"window":1}
/// {"event":{...JournalEvent...}}
/// ...
/// ```
///
/// The header comes first, with what the file promises: the windows it holds and the run's
/// requests. Each window's line (its id, its event and commit counts, its final snapshot and,
/// if its journal started after its first commit, the snapshot it started from) is followed
/// by its events, which must all belong to that window. A file cut short (after its header,
/// between windows, inside a journal, inside its last line) reads, and ``missing`` says what
/// it lacks; `replay` fails on it (exit 1). Files written before the promises were recorded
/// (no `windows` in the header, no counts on window lines) read as before.
///
/// Reading is linear in the file's length: events are appended in place.
public struct JournalRecording: Sendable, Hashable {
    /// The format's name in the header.
    public static let format = "navstress-recording"
    /// The format's version.
    public static let version = 1

    /// The command that made the run (it replays it).
    public var command: String
    /// The windows, in the file's order.
    public var windows: [RecordedWindow]
    /// The run's requests, as the header records them (`nil`: not recorded).
    public var requests: Int?
    /// What a file read by ``read(_:)`` promised and lacks (windows, events, commits, a cut
    /// last line), one sentence each; empty for a complete file or a recording made in memory.
    public var missing: [String] = []
    /// The windows whose journal a file read by ``read(_:)`` holds only in part (their
    /// window line promised more events): their check would only report the cut.
    public var cutShort: Set<WindowID> = []

    /// Creates a recording.
    /// - Parameters:
    ///   - command: The command that made the run.
    ///   - windows: The windows' journals.
    ///   - requests: The run's requests, recorded in the header.
    public init(command: String, windows: [RecordedWindow], requests: Int? = nil) {
        self.command = command
        self.windows = windows
        self.requests = requests
    }

    /// Why a recording could not be read: the line (from 1) and what was wrong with it.
    public struct ReadError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The line, from 1 (0: the file as a whole).
        public var line: Int
        /// What was wrong.
        public var message: String

        /// `line N: message`.
        public var description: String { line > 0 ? "line \(line): \(message)" : message }
    }

    /// One line of the file.
    private struct Line: Codable {
        var format: String?
        var version: Int?
        var command: String?
        /// Header: the windows the file holds, in order.
        var windows: [WindowID]?
        /// Header: the run's requests.
        var requests: Int?
        var window: WindowID?
        /// Window line: how many events follow it.
        var events: Int?
        /// Window line: how many of them are commits.
        var commits: Int?
        var final: WindowSnapshot?
        var start: WindowSnapshot?
        var event: JournalEvent?
    }

    private static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The recording as JSON lines (UTF-8), each line ending in a newline.
    public func jsonLines() throws -> Data {
        let encoder = Self.encoder()
        var data = Data()
        func append(_ line: Line) throws {
            data.append(try encoder.encode(line))
            data.append(UInt8(ascii: "\n"))
        }
        try append(Line(format: Self.format, version: Self.version, command: command, windows: windows.map(\.window), requests: requests))
        for window in windows {
            let commits = window.events.count { Self.isCommit($0) }
            try append(Line(window: window.window, events: window.events.count, commits: commits, final: window.finalSnapshot, start: window.start))
            for event in window.events { try append(Line(event: event)) }
        }
        return data
    }

    /// Reads a recording written by ``jsonLines()``, in time linear in its length.
    ///
    /// A file cut short is read as far as it goes, and ``missing`` says what the header and
    /// the window lines promised that is not there (a last line cut in the middle, with no
    /// newline after it, is such a cut, not a malformed line).
    /// - Throws: ``ReadError`` naming the first line that is not valid JSON, not one of the
    ///   three kinds of line, or out of place (no header first, an event before any window, an
    ///   event of another window, a window twice). Never traps, whatever the bytes.
    public static func read(_ data: Data) throws(ReadError) -> JournalRecording {
        let decoder = JSONDecoder()
        // The state lives in locals mutated in place: copying the recording per line made a
        // read quadratic in the file's length (issue 13 finding 6).
        var header: Line?
        var windows: [RecordedWindow] = []
        var promised: [(events: Int?, commits: Int?)] = []
        var seen: Set<WindowID> = []
        var missing: [String] = []
        // One copy of the file, read by index: event lines (all but a few) are read by
        // ``EventLineReader`` without JSONDecoder (issue 13: it spent 75% of a replay there).
        let bytes = [UInt8](data)
        let endsInNewline = bytes.last == UInt8(ascii: "\n")
        var number = 0
        var lineStart = 0
        var isLast = false
        while !isLast {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            isLast = lineEnd == bytes.count
            let range = lineStart..<lineEnd
            lineStart = lineEnd + 1
            number += 1
            if bytes[range].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\t") }) {
                continue
            }
            func append(_ event: JournalEvent) throws(ReadError) {
                guard let last = windows.indices.last else {
                    throw ReadError(line: number, message: "an event before any window line")
                }
                guard event.window == windows[last].window else {
                    throw ReadError(line: number, message: "an event of \(event.window) in the journal of \(windows[last].window)")
                }
                windows[last].events.append(event)
            }
            if header != nil, let event = EventLineReader.event(in: bytes, range) {
                try append(event)
                continue
            }
            let line: Line
            do {
                line = try decoder.decode(Line.self, from: Data(bytes[range]))
            } catch {
                // A last line with no newline after it that starts as every line does is a cut.
                if header != nil, isLast, !endsInNewline, bytes[range].starts(with: [UInt8(ascii: "{"), UInt8(ascii: "\"")]) {
                    missing.append("the file ends inside line \(number) (cut in the middle of a line)")
                    break
                }
                if error is ControllerSnapshot.TooDeep || WindowSnapshot.nestsTooDeep(bytes[range]) {
                    // A snapshot nests through `children` and `presented`; other deep JSON
                    // (`[[[...]]]`, `{"a":{"a":...}}`) is worded for what it is (issue 18).
                    guard error is ControllerSnapshot.TooDeep || Self.nestsControllers(bytes[range]) else {
                        throw ReadError(line: number, message: "too deep: JSON nested deeper than a snapshot of Window.maximumDepth (\(Window.maximumDepth)) controllers can be, which no recording line is")
                    }
                    throw ReadError(line: number, message: "too deep: a snapshot deeper than Window.maximumDepth (\(Window.maximumDepth)) controllers, which no window can hold")
                }
                throw ReadError(line: number, message: "not a recording line (\(Self.reason(error)))")
            }
            guard header != nil else {
                guard line.format == Self.format, line.event == nil, line.window == nil else {
                    throw ReadError(line: number, message: "not a \(Self.format) header")
                }
                guard line.version == Self.version else {
                    throw ReadError(line: number, message: "version \(line.version.map(String.init) ?? "none"), expected \(Self.version)")
                }
                // A window promised twice (`"windows":[1,1]`) is a malformed header, not two windows.
                var promisedOnce = Set<WindowID>()
                if let twice = line.windows?.first(where: { !promisedOnce.insert($0).inserted }) {
                    throw ReadError(line: number, message: "not a \(Self.format) header: window \(twice) is promised twice")
                }
                header = line
                continue
            }
            switch (line.window, line.final, line.event, line.format) {
            case (let id?, let final?, nil, nil):
                guard seen.insert(id).inserted else { throw ReadError(line: number, message: "window \(id) recorded twice") }
                windows.append(RecordedWindow(window: id, start: line.start, finalSnapshot: final, events: []))
                promised.append((line.events, line.commits))
            case (nil, nil, let event?, nil) where line.start == nil:
                try append(event)
            default:
                throw ReadError(line: number, message: "expected a window line or an event line")
            }
        }
        guard let header else { throw ReadError(line: 0, message: "empty file: no \(Self.format) header") }
        missing += Self.lacking(windows: windows, promised: promised, header: header)
        var recording = JournalRecording(command: header.command ?? "", windows: windows, requests: header.requests)
        recording.missing = missing
        for (window, promise) in zip(windows, promised) where window.events.count < (promise.events ?? 0) {
            recording.cutShort.insert(window.window)
        }
        return recording
    }

    /// What the header and window lines promised that the windows read lack.
    private static func lacking(windows: [RecordedWindow], promised: [(events: Int?, commits: Int?)], header: Line) -> [String] {
        var missing: [String] = []
        if let promisedWindows = header.windows {
            let present = Set(windows.map(\.window))
            let absent = promisedWindows.filter { !present.contains($0) }
            if !absent.isEmpty {
                let names = absent.prefix(10).map(\.description).joined(separator: ", ") + (absent.count > 10 ? ", ..." : "")
                missing.append("\(absent.count) of \(promisedWindows.count) windows promised by the header are not in the file (\(names))")
            }
        }
        for (window, promise) in zip(windows, promised) {
            let commits = window.events.count { isCommit($0) }
            // Which commits are missing, said when the counts show some are (a gap with the
            // counts intact is the checker's `sequence gap` violation).
            let gaps = missingCommits(window)
            if let events = promise.events, window.events.count < events {
                var text = "\(window.window): \(window.events.count) of \(events) events"
                if let promisedCommits = promise.commits { text += ", \(commits) of \(promisedCommits) commits" }
                missing.append(text + " (its journal is cut short\(gaps.map { "; " + $0 } ?? ""))")
            } else if let promisedCommits = promise.commits, commits != promisedCommits {
                missing.append("\(window.window): \(commits) commits, its window line promises \(promisedCommits)\(gaps.map { " (" + $0 + ")" } ?? "")")
            }
        }
        return missing
    }

    /// The commits' sequence numbers a window's journal skips, in words (`missing commit s57`,
    /// `missing commits s57, s58`), or `nil` when there is no gap. Commits are numbered from
    /// the start snapshot's sequence (0 without one) plus 1, one by one: a number below the last
    /// commit read that no commit has is a gap (a journal cut at its end has none).
    static func missingCommits(_ window: RecordedWindow) -> String? {
        let first = (window.start?.sequence ?? 0) &+ 1
        var seen = Set<UInt64>()
        var last = first &- 1
        for event in window.events where isCommit(event) {
            seen.insert(event.sequence)
            last = max(last, event.sequence)
        }
        guard last >= first else { return nil }
        // At most the commits read plus 10 steps: a forged count far beyond them is not walked.
        var absent: [UInt64] = []
        var sequence = first
        while sequence <= last, absent.count < 10 {
            if !seen.contains(sequence) { absent.append(sequence) }
            if sequence == last { break }
            sequence += 1
        }
        guard !absent.isEmpty else { return nil }
        let span = last - first
        let inRange = UInt64(seen.count { $0 >= first && $0 <= last })
        let total = span - inRange == UInt64.max ? absent.count : Int(clamping: span - inRange + 1)
        let names = absent.map { "s\($0)" }.joined(separator: ", ") + (total > absent.count ? ", ... (\(total) in all)" : "")
        return "missing commit\(total == 1 ? "" : "s") \(names)"
    }

    /// Whether a line holds controller snapshots (a `"children":` or `"presented":` key): what
    /// tells a snapshot too deep apart from other JSON too deep. Linear in the line.
    static func nestsControllers(_ line: ArraySlice<UInt8>) -> Bool {
        for key in [#""children":"#, #""presented":"#] where line.firstRange(of: Array(key.utf8)) != nil { return true }
        return false
    }

    /// Whether an event is a commit.
    static func isCommit(_ event: JournalEvent) -> Bool {
        if case .committed = event.kind { true } else { false }
    }

    /// The decoder's error in a few words, without the file's bytes.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted: "invalid JSON"
        case DecodingError.keyNotFound(let key, _): "missing \(key.stringValue)"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "bad value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        default: "undecodable"
        }
    }

    /// Checks every window's journal again: the ``InvariantChecker`` (which replays it through
    /// the ``ReferenceModel`` from the window's first commit or from its start snapshot)
    /// against the final snapshot.
    public func check() -> [(window: WindowID, report: InvariantChecker.Report)] {
        windows.map { ($0.window, InvariantChecker.check(events: $0.events, finalSnapshot: $0.finalSnapshot, start: $0.start)) }
    }
}
