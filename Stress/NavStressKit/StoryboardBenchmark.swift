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

    static func run(directory: String, passes: Int) throws -> [(name: String, nanoseconds: Double)] {
        let folder = URL(fileURLWithPath: directory)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            throw UsageError("cannot read the folder '\(directory)'")
        }
        let files = names.filter { $0.hasSuffix(".storyboard") }.sorted().map { folder.appendingPathComponent($0) }
        guard !files.isEmpty else { throw UsageError("no .storyboard file in '\(directory)'") }
        let contents = files.compactMap { try? Data(contentsOf: $0) }
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
        print("storyboards: \(files.count) files, \(bytes) bytes, \(elements) elements, \(diagnostics) diagnostics")
        var results: [(name: String, nanoseconds: Double)] = [
            ("bare XMLParser element count (per file)", bare / Double(files.count)),
            ("load + lint (per file)", loadAndLint / Double(files.count)),
        ]
        if let python = pythonSeconds(folder: folder.path, passes: passes) {
            results.append(("python xml.etree element count (per file)", python * 1e9 / Double(files.count)))
        }
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
