import Foundation
import NavigationRuntime

#if canImport(FoundationXML)
import FoundationXML
#endif

/// `navstress bench storyboards DIR`: load + lint every storyboard of a folder, next to a bare
/// XMLParser pass that only counts elements (the floor) and, when `python3` is there, an
/// xml.etree script that counts the same elements. Best of several passes each, same run.
enum StoryboardBenchmark {
    /// Counts elements; nothing else.
    private final class Counter: NSObject, XMLParserDelegate {
        var count = 0
        func parser(
            _ parser: XMLParser,
            didStartElement elementName: String,
            namespaceURI: String?,
            qualifiedName: String?,
            attributes: [String: String]
        ) {
            count += 1
        }
    }

    /// Measures the storyboards of `directory`, best of `passes`, and returns ns per file;
    /// prints the counts and the ratios first unless `json` (issue 18: with `--json` they came
    /// before the JSON object, which was then no JSON output).
    static func run(directory: String, passes: Int, json: Bool = false) throws -> [(name: String, nanoseconds: Double)] {
        let folder = URL(fileURLWithPath: directory)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            switch AppFolder.kind(of: directory) {
            case .missing: throw UsageError("\(directory): no such folder")
            case .file, .special: throw UsageError("\(directory): is not a folder")
            default: throw UsageError("\(directory): cannot read the folder")
            }
        }
        let candidates = names.filter { $0.hasSuffix(".storyboard") }.sorted().map { folder.appendingPathComponent($0) }
        guard !candidates.isEmpty else { throw UsageError("no .storyboard file in '\(directory)'") }
        // Only what loads is measured and counted (issue 18 finding 8: a file that failed to
        // load was counted as loaded); what did not is named on stderr.
        var loaded: [(file: URL, data: Data)] = []
        var skipped = 0
        for file in candidates {
            guard AppFolder.kind(of: file.path) == .file, let data = try? Data(contentsOf: file) else {
                let reason = FileProblem.unreadableReason(file.path) ?? "cannot be read"
                printError(FileProblem.skippedWarning(AppFolder.SkippedEntry(path: file.path, reason: reason)))
                skipped += 1
                continue
            }
            do {
                _ = try StoryboardLoader.load(data: data, file: file.path)
                loaded.append((file, data))
            } catch {
                FileHandle.standardError.write(Data("navstress: warning: \(StoryboardApp.located(error)): skipped\n".utf8))
                skipped += 1
            }
        }
        guard !loaded.isEmpty else { throw UsageError("\(directory): no .storyboard file loads (\(skipped) skipped)") }
        let files = loaded.map(\.file)
        let contents = loaded.map(\.data)
        let bytes = contents.reduce(0) { $0 + $1.count }

        var elements = 0
        let bare = best(of: passes) {
            elements = 0
            for data in contents {
                let counter = Counter()
                let parser = XMLParser(data: data)
                parser.delegate = counter
                _ = parser.parse()
                elements += counter.count
            }
        }
        var diagnostics = 0
        let lint = StoryboardLint(checksReferences: false)
        let loadAndLint = best(of: passes) {
            diagnostics = 0
            for (file, data) in zip(files, contents) {
                if let storyboard = try? StoryboardLoader.load(data: data, file: file.path) {
                    diagnostics += lint.diagnostics(for: storyboard).count
                }
            }
        }
        if !json { print("storyboards: \(files.count) files loaded\(skipped > 0 ? " (\(skipped) skipped)" : ""), \(bytes) bytes, \(elements) elements, \(diagnostics) diagnostics") }
        var results: [(name: String, nanoseconds: Double)] = [
            ("bare XMLParser element count (per file)", bare / Double(files.count)),
            ("load + lint (per file)", loadAndLint / Double(files.count)),
        ]
        if let python = pythonSeconds(folder: folder.path, passes: passes) {
            results.append(("python xml.etree element count (per file)", python * 1e9 / Double(files.count)))
        }
        guard !json else { return results }
        print(String(format: "ratios: load+lint / bare = %.2f", loadAndLint / bare)
            + (results.count > 2 ? String(format: ", python / (load+lint) = %.2f", results[2].nanoseconds / results[1].nanoseconds) : ""))
        return results
    }

    private static func best(of passes: Int, _ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        var best = Double.infinity
        for _ in 0..<passes {
            let start = clock.now
            body()
            let elapsed = clock.now - start
            best = min(best, Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9)
        }
        return best
    }

    /// Runs Stress/bench/count_elements.py (found from the working directory) and reads its
    /// best time in seconds; `nil` when python3 or the script is missing.
    private static func pythonSeconds(folder: String, passes: Int) -> Double? {
        let script = FileManager.default.currentDirectoryPath + "/Stress/bench/count_elements.py"
        guard FileManager.default.fileExists(atPath: script) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, folder, String(passes)]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: output, as: UTF8.self).split(separator: " ").first.flatMap { Double($0) }
    }
}
