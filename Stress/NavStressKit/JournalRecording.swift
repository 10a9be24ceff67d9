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
/// {"command":"swift run navstress run ...","format":"navstress-recording","version":1}
/// {"final":{...WindowSnapshot...},"start":{...WindowSnapshot...},"window":1}
/// {"event":{...JournalEvent...}}
/// ...
/// ```
///
/// The header comes first; each window's line (its id, final snapshot and, if its journal
/// started after its first commit, the snapshot it started from) is followed by its events,
/// which must all belong to that window.
public struct JournalRecording: Sendable, Hashable {
    /// The format's name in the header.
    public static let format = "navstress-recording"
    /// The format's version.
    public static let version = 1

    /// The command that made the run (it replays it).
    public var command: String
    /// The windows, in the file's order.
    public var windows: [RecordedWindow]

    /// Creates a recording.
    public init(command: String, windows: [RecordedWindow]) {
        self.command = command
        self.windows = windows
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
        var window: WindowID?
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
        try append(Line(format: Self.format, version: Self.version, command: command))
        for window in windows {
            try append(Line(window: window.window, final: window.finalSnapshot, start: window.start))
            for event in window.events { try append(Line(event: event)) }
        }
        return data
    }

    /// Reads a recording written by ``jsonLines()``.
    ///
    /// - Throws: ``ReadError`` naming the first line that is not valid JSON, not one of the
    ///   three kinds of line, or out of place (no header first, an event before any window, an
    ///   event of another window, a window twice). Never traps, whatever the bytes.
    public static func read(_ data: Data) throws(ReadError) -> JournalRecording {
        let decoder = JSONDecoder()
        var recording: JournalRecording?
        var seen: Set<WindowID> = []
        var number = 0
        for slice in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            if slice.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\t") }) {
                continue
            }
            let line: Line
            do {
                line = try decoder.decode(Line.self, from: Data(slice))
            } catch {
                throw ReadError(line: number, message: "not a recording line (\(Self.reason(error)))")
            }
            guard var current = recording else {
                guard line.format == Self.format, line.event == nil, line.window == nil else {
                    throw ReadError(line: number, message: "not a \(Self.format) header")
                }
                guard line.version == Self.version else {
                    throw ReadError(line: number, message: "version \(line.version.map(String.init) ?? "none"), expected \(Self.version)")
                }
                recording = JournalRecording(command: line.command ?? "", windows: [])
                continue
            }
            switch (line.window, line.final, line.event, line.format) {
            case (let id?, let final?, nil, nil):
                guard seen.insert(id).inserted else { throw ReadError(line: number, message: "window \(id) recorded twice") }
                current.windows.append(RecordedWindow(window: id, start: line.start, finalSnapshot: final, events: []))
            case (nil, nil, let event?, nil) where line.start == nil:
                guard let last = current.windows.indices.last else {
                    throw ReadError(line: number, message: "an event before any window line")
                }
                guard event.window == current.windows[last].window else {
                    throw ReadError(line: number, message: "an event of \(event.window) in the journal of \(current.windows[last].window)")
                }
                current.windows[last].events.append(event)
            default:
                throw ReadError(line: number, message: "expected a window line or an event line")
            }
            recording = current
        }
        guard let recording else { throw ReadError(line: 0, message: "empty file: no \(Self.format) header") }
        return recording
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
