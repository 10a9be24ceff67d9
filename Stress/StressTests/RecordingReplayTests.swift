import Foundation
import NavigationRuntime
import NavigationRuntimeTesting
@testable import NavStressKit
import Testing

/// `navstress run --record` and `navstress replay`: sequential runs replay byte for byte, a
/// recording round-trips through the checker, corruptions are reported exactly, and malformed
/// files are typed errors (exit 2), never traps.
@Suite struct RecordingReplayTests {
    static func sequential(_ scenario: Scenario, seed: UInt64 = 11) -> LoadConfiguration {
        var configuration = LoadConfiguration()
        configuration.scenario = scenario.rawValue
        configuration.windows = 1
        configuration.tasks = 1
        configuration.requests = 300
        configuration.cancelRate = 0.3
        configuration.seed = seed
        configuration.recordsEveryWindow = true
        return configuration
    }

    static func recording(_ configuration: LoadConfiguration) async throws -> JournalRecording {
        let report = try await LoadDriver.run(configuration)
        #expect(report.held, "\(configuration.replayCommand)")
        return try #require(report.recording)
    }

    @Test(arguments: Scenario.allCases)
    func sameSeed_oneWindowOneTask_recordsTheSameBytes(_ scenario: Scenario) async throws {
        let configuration = Self.sequential(scenario)
        let first = try await Self.recording(configuration).jsonLines()
        let second = try await Self.recording(configuration).jsonLines()
        #expect(first == second, "\(configuration.replayCommand)")
        var other = configuration
        other.seed = 12
        #expect(try await Self.recording(other).jsonLines() != first, "another seed, another run")
    }

    @Test func recording_roundTripsThroughReplay_withVerdictHeld() async throws {
        let recording = try await Self.recording(Self.sequential(.reentrant))
        let data = try recording.jsonLines()
        #expect(try JournalRecording.read(data) == recording)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("navstress-roundtrip-\(UInt64.random(in: 0...UInt64.max)).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try data.write(to: file)
        let verdict = try ReplayCommand.verdict(file: file.path)
        #expect(verdict.held)
        #expect(verdict.text.hasSuffix("verdict     held"))
        #expect(verdict.windows.map(\.violations) == [[]])
        #expect(verdict.windows.map(\.commits) == [recording.windows[0].events.filter { if case .committed = $0.kind { true } else { false } }.count])
        #expect(await NavStress.main(["replay", file.path]) == 0)
    }

    @Test func runCommand_record_writesAFileReplayReads() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("navstress-run-\(UInt64.random(in: 0...UInt64.max)).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let status = await NavStress.main(["run", "--windows", "2", "--tasks", "2", "--requests", "200", "--record", file.path, "--json"])
        #expect(status == 0)
        let recording = try JournalRecording.read(try Data(contentsOf: file))
        #expect(recording.windows.map(\.window) == [WindowID(1), WindowID(2)])
        let violations = recording.check().map(\.report.violations)
        #expect(violations == [[], []])
    }

    @Test func failingRun_recordsItsFailedWindows_andNamesTheFile() async throws {
        var report = try await LoadDriver.run(Self.sequential(.demo))
        #expect(RunCommand.recordingPath(for: report, requested: nil) == nil, "held: nothing to record unasked")
        #expect(RunCommand.recordingPath(for: report, requested: "asked.jsonl") == "asked.jsonl")
        // The same report as a failure: one request lost.
        report.lost = 1
        #expect(RunCommand.recordingPath(for: report, requested: nil) == "navstress-failure-seed11.jsonl")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("navstress-failed-\(UInt64.random(in: 0...UInt64.max)).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        RunCommand.write(&report, to: file.path)
        #expect(report.recordedTo == file.path)
        #expect(report.text.contains("\nrecorded    \(file.path) (check it again: navstress replay \(file.path))"))
        #expect(report.text.contains("\nverdict     FAILED\nrerun       swift run navstress run --scenario demo"))
        #expect(try ReplayCommand.verdict(file: file.path).held, "the journals themselves held; the request was lost")
        var unwritable = report
        RunCommand.write(&unwritable, to: "/nonexistent/dir/x.jsonl")
        #expect(unwritable.recordingError == "/nonexistent/dir/x.jsonl: its folder /nonexistent/dir does not exist")
    }

    /// The demo run's recording with one event replaced.
    static func corrupted(_ replace: (JournalEvent) -> JournalEvent?) async throws -> JournalRecording {
        var recording = try await Self.recording(Self.sequential(.demo))
        var replaced = false
        recording.windows[0].events = recording.windows[0].events.map { event in
            guard !replaced, let new = replace(event) else { return event }
            replaced = true
            return new
        }
        #expect(replaced)
        return recording
    }

    @Test func sequenceGap_isReportedExactly() async throws {
        let recording = try await Self.corrupted { event in
            guard case .committed = event.kind, event.sequence == 5 else { return nil }
            return JournalEvent(window: event.window, sequence: 6, request: event.request, kind: event.kind)
        }
        let checked = recording.check()
        #expect(checked.map(\.report.violations) == [[
            "sequence gap: 6 committed where 5 was next",
            "sequence gap: 6 committed where 7 was next",
        ]])
        let verdict = try Self.replay(recording)
        #expect(!verdict.held)
        #expect(verdict.text.hasSuffix("verdict     violated"))
    }

    @Test func popOfTheRoot_isReportedExactly() async throws {
        var corruptedEvent: JournalEvent?
        let recording = try await Self.corrupted { event in
            guard case .committed(.push(let navigation, _)) = event.kind, event.sequence == 2 else { return nil }
            // The first push onto [home]: replace it by a pop of home, the stack's root.
            let new = JournalEvent(
                window: event.window, sequence: event.sequence, request: event.request,
                kind: .committed(.pop(navigation: navigation, removed: [ControllerID(2)]))
            )
            corruptedEvent = new
            return new
        }
        let event = try #require(corruptedEvent)
        #expect(recording.check().map(\.report.violations) == [[
            "not linearizable: replay stopped at \(event): pop of [#2] pops the root of #1"
        ]])
        #expect(try Self.replay(recording).held == false)
    }

    static func replay(_ recording: JournalRecording) throws -> ReplayCommand.Verdict {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("navstress-corrupt-\(UInt64.random(in: 0...UInt64.max)).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try recording.jsonLines().write(to: file)
        return try ReplayCommand.verdict(file: file.path)
    }

    static let header = #"{"command":"x","format":"navstress-recording","version":1}"#
    static let windowLine = #"{"final":{"root":null,"sequence":0,"traits":{"horizontalSizeClass":"regular","verticalSizeClass":"regular"},"transitionInFlight":false,"window":1},"window":1}"#

    @Test func malformedRecordings_areTypedErrors_withTheLine() throws {
        func error(_ text: String) -> JournalRecording.ReadError? {
            do {
                _ = try JournalRecording.read(Data(text.utf8))
                return nil
            } catch {
                return error
            }
        }
        #expect(error("")?.description == "empty file: no navstress-recording header")
        #expect(error("not json\n")?.description == "line 1: not a recording line (invalid JSON)")
        #expect(error(#"{"event":{}}"#)?.description == "line 1: not a recording line (missing window)")
        #expect(error(#"{"format":"other","version":1}"#)?.description == "line 1: not a navstress-recording header")
        #expect(error(#"{"format":"navstress-recording","version":9}"#)?.description == "line 1: version 9, expected 1")
        let event = #"{"event":{"kind":{"began":{}},"request":1,"sequence":0,"window":2}}"#
        #expect(error(Self.header + "\n" + event)?.description == "line 2: an event before any window line")
        #expect(error([Self.header, Self.windowLine, event].joined(separator: "\n"))?.description == "line 3: an event of W2 in the journal of W1")
        #expect(error([Self.header, Self.windowLine, Self.windowLine].joined(separator: "\n"))?.description == "line 3: window W1 recorded twice")
        #expect(error([Self.header, #"{"window":1}"#].joined(separator: "\n"))?.description == "line 2: expected a window line or an event line")
        #expect(error(Self.header + "\n" + String(repeating: "[", count: 100_000))?.line == 2)
        #expect(try JournalRecording.read(Data((Self.header + "\n\n" + Self.windowLine + "\n").utf8)).windows.count == 1)
    }

    @Test func hostileNumbers_areViolations_notTraps() throws {
        let commits = [UInt64.max, 0].map { sequence in
            #"{"event":{"kind":{"committed":{"_0":{"setTraits":{"_0":{"horizontalSizeClass":"compact","verticalSizeClass":"regular"}}}}},"request":1,"sequence":\#(sequence),"window":1}}"#
        }
        let recording = try JournalRecording.read(Data(([Self.header, Self.windowLine] + commits).joined(separator: "\n").utf8))
        #expect(recording.check().map(\.report.violations) == [[]])
    }

    @Test func replayCommand_exitCodes() async throws {
        #expect(await NavStress.main(["replay"]) == 2)
        #expect(await NavStress.main(["replay", "/nonexistent/recording.jsonl"]) == 2)
        #expect(await NavStress.main(["replay", "a", "b"]) == 2)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("navstress-malformed-\(UInt64.random(in: 0...UInt64.max)).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("{\"format\":\"navstress-recording\",\"version\":1}\n{]\n".utf8).write(to: file)
        #expect(await NavStress.main(["replay", file.path]) == 2)
        #expect(await NavStress.main(["run", "--record"]) == 2)
    }

    /// A two-window recording's lines (header, then each window's line and events).
    static func twoWindowLines() async throws -> [String] {
        var configuration = Self.sequential(.demo)
        configuration.windows = 2
        configuration.requests = 200
        let recording = try await Self.recording(configuration)
        #expect(recording.requests == 200)
        let text = String(decoding: try recording.jsonLines(), as: UTF8.self)
        return text.split(separator: "\n").map(String.init)
    }

    static func replay(lines: [String], trailingNewline: Bool = true) async throws -> (ReplayCommand.Verdict, Int32) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("navstress-cut-\(UInt64.random(in: 0...UInt64.max)).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data((lines.joined(separator: "\n") + (trailingNewline ? "\n" : "")).utf8).write(to: file)
        let verdict = try ReplayCommand.verdict(file: file.path)
        return (verdict, await NavStress.main(["replay", file.path]))
    }

    @Test func recordingHeader_promisesWindowsAndRequests_andWindowLinesTheirCounts() async throws {
        let lines = try await Self.twoWindowLines()
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["windows"] as? [Int] == [1, 2])
        #expect(header["requests"] as? Int == 200)
        let window = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        let second = try #require(lines.firstIndex { $0.hasPrefix(#"{"commits":"#) && $0.hasSuffix(#""window":2}"#) })
        #expect(window["events"] as? Int == second - 2)
        let (verdict, status) = try await Self.replay(lines: lines)
        #expect(verdict.missing == [])
        #expect(verdict.held)
        #expect(status == 0)
    }

    @Test func truncatedRecordings_failWithExit1_andSayWhatIsMissing() async throws {
        let lines = try await Self.twoWindowLines()
        let second = try #require(lines.firstIndex { $0.hasPrefix(#"{"commits":"#) && $0.hasSuffix(#""window":2}"#) })
        let firstWindow = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        let events = try #require(firstWindow["events"] as? Int)
        let commits = try #require(firstWindow["commits"] as? Int)

        // Cut right after the header.
        var (verdict, status) = try await Self.replay(lines: [lines[0]])
        #expect(verdict.missing == ["2 of 2 windows promised by the header are not in the file (W1, W2)"])
        #expect(!verdict.held)
        #expect(verdict.text.hasSuffix("verdict     incomplete recording"))
        #expect(status == 1)

        // A whole window missing.
        (verdict, status) = try await Self.replay(lines: Array(lines[..<second]))
        #expect(verdict.missing == ["1 of 2 windows promised by the header are not in the file (W2)"])
        #expect(verdict.windows.map(\.violations) == [[]])
        #expect(status == 1)

        // W1's journal cut after ten events, inside the eleventh line (no newline at the end).
        let cut = Array(lines[..<12]) + [String(lines[12].prefix(20))]
        (verdict, status) = try await Self.replay(lines: cut, trailingNewline: false)
        let keptCommits = lines[2..<12].count { $0.contains(#"{"committed":"#) }
        #expect(verdict.missing == [
            "the file ends inside line 13 (cut in the middle of a line)",
            "1 of 2 windows promised by the header are not in the file (W2)",
            "W1: 10 of \(events) events, \(keptCommits) of \(commits) commits (its journal is cut short)",
        ])
        #expect(verdict.cutShort == [WindowID(1)])
        #expect(verdict.text.contains("W1 not checked (its journal is cut short)"))
        #expect(status == 1)

        // One commit line of W1 removed (the rest intact): the count no longer matches.
        let commit = try #require(lines[2..<second].firstIndex { $0.contains(#"{"committed":"#) })
        var withoutCommit = lines
        withoutCommit.remove(at: commit)
        (verdict, status) = try await Self.replay(lines: withoutCommit)
        // Issue 18: the gap is named (the first commit is s1).
        #expect(verdict.missing == ["W1: \(events - 1) of \(events) events, \(commits - 1) of \(commits) commits (its journal is cut short; missing commit s1)"])
        #expect(status == 1)

        // A recording written before the promises (no counts) reads as before.
        let old = lines.map { line in
            line.replacingOccurrences(of: #","windows":[1,2]"#, with: "")
                .replacingOccurrences(of: #"^\{"commits":[0-9]+,"events":[0-9]+,"#, with: "{", options: .regularExpression)
        }
        #expect(!old[1].contains("events"))
        (verdict, status) = try await Self.replay(lines: Array(old[..<second]))
        #expect(verdict.missing == [])
        #expect(status == 0)
    }
}
