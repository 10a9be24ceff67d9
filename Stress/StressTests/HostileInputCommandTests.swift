import Foundation
import NavigationRuntime
@testable import NavStressKit
import Testing

/// Hostile input to `navstress` (issue 18 findings 1, 2 and 8): a containment cycle through a
/// reference and containment deeper than `Window.maximumDepth` are refused with exit 2 before
/// anything runs (before: SIGSEGV); paths are named for what they are, never by a Foundation
/// error code; an option the command would ignore is refused.
@Suite struct HostileInputCommandTests {
    static func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("navstress-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in files { try text.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8) }
        return root
    }

    /// A folder of `files` beside three entries no command can read: a dangling symbolic link
    /// named `dangling`, a FIFO named `fifo` and a directory named `directory`. Returns the
    /// folder and the warnings a command prints for them, in path order, with the paths
    /// relative to the folder and absolute.
    static func folderWithUnreadableEntries(
        _ files: [String: String], dangling: String, fifo: String, directory: String
    ) throws -> (root: URL, relative: [String], absolute: [String]) {
        let root = try folder(files)
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: root.appendingPathComponent(dangling).path, withDestinationPath: "nowhere")
        guard mkfifo(root.appendingPathComponent(fifo).path, 0o644) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: fifo])
        }
        try manager.createDirectory(at: root.appendingPathComponent(directory), withIntermediateDirectories: false)
        let reasons = [
            (dangling, "is a symbolic link that leads nowhere (or in a loop)"),
            (fifo, "is not a regular file (a device, FIFO or socket)"),
            (directory, "is a directory, not a file"),
        ].sorted { $0.0 < $1.0 }
        return (
            root,
            reasons.map { "navstress: warning: \($0.0): skipped: \($0.1)" },
            reasons.map { "navstress: warning: \(root.appendingPathComponent($0.0).path): skipped: \($0.1)" }
        )
    }

    static let selfRootedNavigation = StoryboardAppCommandTests.document(
        initial: "nav",
        StoryboardAppCommandTests.scene(
            "nav", kind: "navigationController", attributes: "storyboardIdentifier=\"Nav\"",
            body: "<connections><segue destination=\"p\" kind=\"relationship\" relationship=\"rootViewController\" id=\"r\"/></connections>"),
        StoryboardAppCommandTests.scene("p", kind: "viewControllerPlaceholder", attributes: "referencedIdentifier=\"Nav\""))

    @Test func navigationRootedInAReferenceToItself_driveAndRunExit2_lintExit1() async throws {
        let root = try Self.folder(["Main.storyboard": Self.selfRootedNavigation])
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("Main.storyboard").path
        let error = await #expect(throws: UsageError.self) { try await StoryboardAppCommandTests.drive(file, steps: "back\n") }
        #expect(error?.description.hasPrefix(file + ":") == true)
        #expect(error?.description.hasSuffix("containment cycle through storyboard references Main:nav -> Main:p -> Main:nav: a controller would contain itself") == true, "\(String(describing: error))")
        #expect(await NavStress.main(["drive", file, "--steps", "/dev/null"]) == 2)
        #expect(await NavStress.main(["run", "--storyboard", file, "--requests", "10"]) == 2)
        #expect(await NavStress.main(["lint", file]) == 1)
    }

    @Test func containmentDeeperThanTheLimit_driveAndRunExit2() async throws {
        var scenes: [String] = []
        let depth = Window.maximumDepth + 1
        for level in 0..<depth {
            let destination = level + 1 == depth ? "leaf" : "t\(level + 1)"
            scenes.append(StoryboardAppCommandTests.scene(
                "t\(level)", kind: "tabBarController",
                body: "<connections><segue destination=\"\(destination)\" kind=\"relationship\" relationship=\"viewControllers\" id=\"r\(level)\"/></connections>"))
        }
        scenes.append(StoryboardAppCommandTests.scene("leaf"))
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="t0">
            <scenes>
            \(scenes.joined(separator: "\n"))
            </scenes>
            </document>
            """
        let root = try Self.folder(["Deep.storyboard": xml])
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("Deep.storyboard").path
        let error = await #expect(throws: UsageError.self) { try await StoryboardAppCommandTests.drive(file, steps: "back\n") }
        #expect(error?.description.hasSuffix("the containment of scene 't0' is 202 controllers deep, deeper than Window.maximumDepth (200)") == true, "\(String(describing: error))")
        #expect(await NavStress.main(["run", "--storyboard", file, "--requests", "10"]) == 2)
    }

    @Test func pathsAreNamedForWhatTheyAre_optionsThatWouldBeIgnoredAreRefused() async throws {
        let root = try Self.folder([:])
        defer { try? FileManager.default.removeItem(at: root) }
        // `--record DIR` was "NSCocoaErrorDomain error 512" after the whole run.
        #expect(FileProblem.unwritable(root.path) == "\(root.path): is a directory, not a file")
        #expect(FileProblem.unwritable("/nonexistent-navstress/x.jsonl") == "/nonexistent-navstress/x.jsonl: its folder /nonexistent-navstress does not exist")
        #expect(FileProblem.unreadable("/dev/zero") == "/dev/zero: is not a regular file (a device, FIFO or socket)")
        #expect(await NavStress.main(["run", "--record", root.path, "--requests", "10"]) == 2)
        let replay = #expect(throws: UsageError.self) { try ReplayCommand.verdict(file: root.path) }
        #expect(replay?.description == "\(root.path): is a directory, not a file")
        #expect(await NavStress.main(["bench", "push", "--passes", "3"]) == 2)
        #expect(await NavStress.main(["bench", "explore", root.path, "--passes", "0"]) == 2)
        #expect(await NavStress.main(["bench", "storyboards", root.path, "--iterations", "5000"]) == 2)
        #expect(await NavStress.main(["bench", "segue", "extra"]) == 2)
    }

    @Test func replay_aSnapshotTooDeep_isToldApartFromInvalidJSON() throws {
        let header = #"{"format":"navstress-recording","version":1}"#
        let deep = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        let error = #expect(throws: JournalRecording.ReadError.self) { try JournalRecording.read(Data((header + "\n" + deep + "\n").utf8)) }
        #expect(error?.description.contains("too deep") == true, "\(String(describing: error))")
        let broken = #expect(throws: JournalRecording.ReadError.self) { try JournalRecording.read(Data((header + "\n{nope\n").utf8)) }
        #expect(broken?.description.contains("too deep") == false)
    }
}
