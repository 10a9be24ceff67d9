// NavStressKit: the app's Swift and Objective-C sources, read once per lint run.

import Foundation
import NavigationRuntime

/// The source files of the app being linted, each read once; every source rule works on these
/// texts (no rule reads a file again).
struct LintSources: Sendable {
    /// One source file.
    struct File: Sendable {
        /// The path, as found.
        var path: String
        /// The contents (invalid UTF-8 repaired).
        var text: String
        /// Whether it is Objective-C (`.m`, `.mm`, `.h`) rather than Swift.
        var isObjectiveC: Bool
    }

    /// The extensions read as sources.
    static let extensions: Set<String> = ["swift", "m", "mm", "h"]

    /// The files, sorted by path.
    var files: [File] = [] {
        didSet { index = nil }
    }

    /// The entries named like sources under the linted folders that were not read (a
    /// dangling link, a FIFO, a folder named `X.swift`, a file that cannot be read), sorted by
    /// path: the command names each one (`navstress: warning: PATH: skipped: why`).
    var skippedEntries: [AppFolder.SkippedEntry] = []

    /// The files scanned once: classes, constants, identifier uses, unwind actions.
    private(set) var index: AppSourceIndex?

    /// Scans the files (once; a later change to ``files`` scans again).
    mutating func scan() {
        guard index == nil, !files.isEmpty else { return }
        var texts: [String: String] = [:]
        for file in files { texts[file.path] = file.text }
        index = AppSourceIndex.scan(sources: texts)
    }

    /// Class name → unwind actions declared (inherited included; `@IBAction` methods and
    /// this library's `unwindActions`), or `nil` when no source file was read (then the
    /// actions cannot be known).
    var unwindActions: [String: Set<String>]? { index?.unwindActions }

    /// The sources a lint run uses: none with `--no-sources`; the files under each `--sources`
    /// path when given; else the files under every folder among the linted paths.
    /// - Throws: ``LintInputError`` naming a `--sources` path that cannot be used.
    /// - Parameters:
    ///   - options: The command line.
    ///   - paths: The linted paths, resolved.
    ///   - resolve: Resolves a `--sources` argument against the current directory.
    static func read(options: LintCommand.Arguments, paths: [URL], resolve: (String) -> URL) throws(LintInputError) -> LintSources {
        if options.noSources { return LintSources() }
        var roots: [URL] = []
        if options.sources.isEmpty {
            roots = paths.filter { AppFolder.kind(of: $0.path) == .directory }
        } else {
            for argument in options.sources {
                let url = resolve(argument)
                switch AppFolder.kind(of: url.path) {
                case .directory, .file: roots.append(url)
                case .missing, .brokenLink, .special:
                    throw LintInputError(path: url.path, AppFolder.problem(readingFile: url.path) ?? "cannot be read")
                }
            }
        }
        var seen = Set<String>()
        var sources = LintSources()
        for root in roots {
            var texts: [String: String] = [:]
            if AppFolder.kind(of: root.path) == .file {
                if extensions.contains(root.pathExtension) {
                    do {
                        texts[root.path] = String(decoding: try Data(contentsOf: root), as: UTF8.self)
                    } catch {
                        throw LintInputError(path: root.path, AppSourceFiles.readFailure(root.path, error))
                    }
                }
            } else {
                let read = AppSourceFiles(under: root)
                texts = read.texts
                sources.skippedEntries += read.skipped.filter { seen.insert(URL(fileURLWithPath: $0.path).standardizedFileURL.path).inserted }
            }
            for (path, text) in texts where seen.insert(URL(fileURLWithPath: path).standardizedFileURL.path).inserted {
                sources.files.append(File(path: path, text: text, isObjectiveC: !path.hasSuffix(".swift")))
            }
        }
        sources.files.sort { $0.path < $1.path }
        sources.skippedEntries.sort { $0.path < $1.path }
        sources.scan()
        return sources
    }
}

/// The seam for the rules that check identifiers in code against the storyboards
/// (`performSegue(withIdentifier:)`, `instantiateViewController(withIdentifier:)`,
/// `UIStoryboard(name:bundle:)`, identifiers compared in `prepare(for:sender:)`): given the
/// app's bundle and its sources, read once, they return more diagnostics, located in the
/// source files.
enum LintSourceRules {
    /// The source rules' findings.
    /// - Parameters:
    ///   - bundle: The app's storyboards.
    ///   - sources: The app's sources.
    /// - Returns: Diagnostics at source locations (``AppLint``); none without sources.
    ///   - isWholeApp: Whether the bundle is the whole app (see ``AppLint/isWholeApp``).
    static func diagnostics(bundle: StoryboardBundle, sources: LintSources, isWholeApp: Bool) -> [StoryboardDiagnostic] {
        guard let index = sources.index else { return [] }
        var lint = AppLint(bundle: bundle, sources: index)
        lint.isWholeApp = isWholeApp
        return lint.diagnostics()
    }
}
