import Foundation
import NavigationRuntime
@testable import NavStressKit
import Testing

/// Hostile input and faults, the smaller findings (issue 18): unreadable sources named,
/// reference cycles inside one storyboard named by placeholder, recordings with a gap or a
/// window promised twice, deep JSON worded for what it is, long step lines capped in messages,
/// references resolved through a scene index.
@Suite struct SmallFindingsCommandTests {
    // MARK: 1. Unreadable source entries of an app folder

    /// Finding 1: a dangling link, a FIFO and a folder named like a source (`.swift`, `.m`,
    /// `.h`) were passed over in silence by lint, drive and run (and graph --sources). Each
    /// names them as it names storyboard entries: `navstress: warning: PATH: skipped: why`.
    @Test func unreadableSourceEntries_areNamedByEveryCommand() async throws {
        let (root, relative, absolute) = try HostileInputCommandTests.folderWithUnreadableEntries(
            [
                "Main.storyboard": StoryboardAppCommandTests.document(initial: "a", StoryboardAppCommandTests.scene("a")),
                "Good.swift": "final class Good {}\n",
            ],
            dangling: "Dangling.swift", fifo: "f.m", directory: "X.h"
        )
        defer { try? FileManager.default.removeItem(at: root) }

        let lint = LintCommand.run([root.path], currentDirectory: root.path)
        #expect(lint.status == 0)
        #expect(lint.errorOutput == relative.map { $0 + "\n" }.joined())
        let graph = StoryboardCommands.runGraph(["--sources", root.path, root.path])
        #expect(graph.status == 0)
        #expect(graph.errorOutput == absolute.map { $0 + "\n" }.joined())
        let drive = try await StoryboardAppCommandTests.drive(root.path, steps: "traits compact\n")
        #expect(drive.exit == .success)
        #expect(drive.warnings == absolute)
        var configuration = LoadConfiguration()
        configuration.storyboard = root.path
        configuration.windows = 1
        configuration.tasks = 1
        configuration.requests = 10
        let report = try await LoadDriver.run(configuration)
        #expect(report.skippedEntries.map { FileProblem.skippedWarning($0) } == absolute)
    }

    // MARK: 2. A reference cycle inside one storyboard

    /// Finding 2: two placeholders X and Y of Main whose `referencedIdentifier`s name each
    /// other read `storyboard reference cycle Main -> Main -> Main`. The chain names them.
    @Test func referenceCycleInsideOneStoryboard_namesThePlaceholders() async throws {
        let root = try HostileInputCommandTests.folder([
            "Main.storyboard": StoryboardAppCommandTests.document(
                initial: "x",
                StoryboardAppCommandTests.scene(
                    "x", kind: "viewControllerPlaceholder", attributes: #"storyboardIdentifier="X" referencedIdentifier="Y""#),
                StoryboardAppCommandTests.scene(
                    "y", kind: "viewControllerPlaceholder", attributes: #"storyboardIdentifier="Y" referencedIdentifier="X""#))
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("Main.storyboard").path
        let drive = await #expect(throws: UsageError.self) { try await StoryboardAppCommandTests.drive(file, steps: "back\n") }
        #expect(drive?.description.hasSuffix(": storyboard reference cycle Main:X -> Main:Y -> Main:X") == true, "\(String(describing: drive))")
        let lint = LintCommand.run([file], currentDirectory: root.path)
        #expect(lint.status == 1)
        #expect(lint.output.contains("storyboard reference cycle Main:X -> Main:Y -> Main:X"), "\(lint.output)")
        #expect(lint.output.contains("storyboard reference cycle Main:Y -> Main:X -> Main:Y"), "\(lint.output)")
        #expect(!lint.output.contains("Main -> Main"), "\(lint.output)")
    }

    // MARK: 3. replay: a gap in the commits; a window promised twice

    /// Finding 3: a commit line deleted from the middle of a recording was reported as
    /// "W1: N-1 of N events, C-1 of C commits (its journal is cut short)" without saying which
    /// commit; a header promising W1 twice was read and reported as `(W1, W1)`.
    @Test func replay_namesTheMissingCommits_andRefusesAWindowPromisedTwice() async throws {
        let lines = try await RecordingReplayTests.twoWindowLines()
        let second = try #require(lines.firstIndex { $0.hasPrefix(#"{"commits":"#) && $0.hasSuffix(#""window":2}"#) })
        let firstWindow = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        let events = try #require(firstWindow["events"] as? Int)
        let commits = try #require(firstWindow["commits"] as? Int)
        #expect(commits > 12)
        var withoutTwo = lines
        for sequence in [11, 7] {
            let commit = try #require(withoutTwo[2..<second].firstIndex {
                $0.contains(#"{"committed":"#) && $0.contains(#","sequence":\#(sequence),"window":1}"#)
            })
            withoutTwo.remove(at: commit)
        }
        var (verdict, status) = try await RecordingReplayTests.replay(lines: withoutTwo)
        #expect(verdict.missing == ["W1: \(events - 2) of \(events) events, \(commits - 2) of \(commits) commits (its journal is cut short; missing commits s7, s11)"])
        #expect(status == 1)

        let twice = lines[0].replacingOccurrences(of: #""windows":[1,2]"#, with: #""windows":[1,1]"#)
        #expect(twice != lines[0])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("navstress-twice-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(([twice] + lines[1..<second]).joined(separator: "\n").utf8 + [UInt8(ascii: "\n")]).write(to: file)
        let error = #expect(throws: UsageError.self) { try ReplayCommand.verdict(file: file.path) }
        #expect(error?.description == "\(file.path): line 1: not a navstress-recording header: window W1 is promised twice")
        status = await NavStress.main(["replay", file.path])
        #expect(status == 2)
        _ = verdict
        verdict = try await RecordingReplayTests.replay(lines: lines).0
        #expect(verdict.held)
    }

    // MARK: 4. replay: deep JSON that is no snapshot

    /// Finding 4: a line of 1,000 nested arrays read "a snapshot deeper than
    /// Window.maximumDepth (200)": it is worded for what it is, deep JSON; a snapshot nested
    /// too deep through `children` still reads as one.
    @Test func replay_deepJSONThatIsNoSnapshot_isWordedForWhatItIs() async throws {
        let header = #"{"format":"navstress-recording","version":1}"#
        let arrays = String(repeating: "[", count: 1_000) + String(repeating: "]", count: 1_000)
        let objects = String(repeating: #"{"a":"#, count: 1_000) + "1" + String(repeating: "}", count: 1_000)
        let jsonMessage = "too deep: JSON nested deeper than a snapshot of Window.maximumDepth (200) controllers can be, which no recording line is"
        for deep in [arrays, objects] {
            let error = #expect(throws: JournalRecording.ReadError.self) { try JournalRecording.read(Data((header + "\n" + deep + "\n").utf8)) }
            #expect(error?.description == "line 2: " + jsonMessage)
        }
        var controller = #"{"appearance":"appeared","children":[],"className":"C","id":1,"kind":"content"}"#
        for id in 2...300 { controller = #"{"appearance":"appeared","children":["# + controller + #"],"className":"C","id":\#(id),"kind":"content"}"# }
        let window = #"{"final":{"root":"# + controller + #","sequence":0,"traits":{"horizontalSizeClass":"regular","verticalSizeClass":"regular"},"transitionInFlight":false,"window":1},"window":1}"#
        let snapshot = #expect(throws: JournalRecording.ReadError.self) { try JournalRecording.read(Data((header + "\n" + window + "\n").utf8)) }
        #expect(snapshot?.description == "line 2: too deep: a snapshot deeper than Window.maximumDepth (200) controllers, which no window can hold")

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("navstress-deep-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data((header + "\n" + arrays + "\n").utf8).write(to: file)
        let usage = #expect(throws: UsageError.self) { try ReplayCommand.verdict(file: file.path) }
        #expect(usage?.description == "\(file.path): line 2: " + jsonMessage)
        #expect(await NavStress.main(["replay", file.path]) == 2)
    }

    // MARK: 5. drive: a step line of megabytes

    /// Finding 5: a 10 MB steps line was echoed whole in its error (and again on standard
    /// output). Messages echo its first 200 characters and how long it is.
    @Test func drive_aHugeStepLine_isEchoedCapped() async throws {
        let root = try HostileInputCommandTests.folder([
            "Main.storyboard": StoryboardAppCommandTests.document(initial: "a", StoryboardAppCommandTests.scene("a"))
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("Main.storyboard").path
        let long = String(repeating: "x", count: 1_000_000)
        let capped = String(repeating: "x", count: 200) + "… (1000000 characters)"

        // Refused before any step: an unknown verb, a verb with a long argument.
        let unknown = try await StoryboardAppCommandTests.drive(file, steps: long + "\n")
        #expect(unknown.exit == .usage)
        #expect(unknown.errors.count == 1)
        #expect(unknown.errors.first?.hasSuffix(":1: unknown step '\(capped)' (steps: segue, perform, unwind, back, dismiss, select-tab, traits, handles, expect)") == true)
        let back = try await StoryboardAppCommandTests.drive(file, steps: "back " + long + "\n")
        #expect(back.errors.first?.hasSuffix(":1: 'back' takes no arguments, not '\(String(("back " + long).prefix(200)))… (1000005 characters)'") == true)

        // Run and failed: the output line and the error each echo it capped.
        let segue = try await StoryboardAppCommandTests.drive(file, steps: "segue a " + long + "\n")
        #expect(segue.exit == .failure)
        let shown = String(("segue a " + long).prefix(200)) + "… (1000008 characters)"
        #expect(segue.output.hasPrefix("step 1: \(shown) -> failed (scene 'a' has no segue '\(capped)' (R1.3; it has none)), top a\n"), "\(segue.output.prefix(600))")
        #expect(segue.errors.count == 1)
        #expect(segue.errors.first?.hasPrefix("navstress: error: /") == true)
        #expect(segue.errors.first?.hasSuffix(":1: step 1 '\(shown)' failed: scene 'a' has no segue '\(capped)' (R1.3; it has none) (--keep-going runs on)") == true)
        #expect(segue.output.count + segue.errors.joined().count < 10_000)
        #expect(DriveStep.echo(String(repeating: "y", count: 200)) == String(repeating: "y", count: 200))
    }
}
