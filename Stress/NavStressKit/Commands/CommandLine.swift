import Foundation

/// The `navstress` exit codes (DESIGN §10), as argument-parser's `ExitCode` shapes them.
public struct NavStressExit: Hashable, Sendable {
    /// The numeric code.
    public let rawValue: Int32

    /// Everything held.
    public static let success = NavStressExit(rawValue: 0)
    /// The check failed: lint errors, an invariant violation, a lost request.
    public static let failure = NavStressExit(rawValue: 1)
    /// Bad usage or unreadable input.
    public static let usage = NavStressExit(rawValue: 2)
}

/// A usage error: one line on stderr, exit 2.
public struct UsageError: Error, CustomStringConvertible {
    /// What was wrong.
    public let description: String

    /// Creates a usage error.
    public init(_ description: String) { self.description = description }
}

/// The parsed `--name value` options and flags of one subcommand.
public struct Options {
    private var values: [String: String] = [:]
    private var flags: Set<String> = []
    /// The arguments that are not options, in order.
    public private(set) var positional: [String] = []

    /// Parses `arguments`: `valued` names take a value, `flagNames` do not; anything else that
    /// starts with `--` is a usage error, and so is a valued option given twice (issue 18: the
    /// last value won without a word; `--requests 10 --requests 20` ran 20). No valued option
    /// of a command that parses here may repeat; `lint --bundle` and `--sources`, which do,
    /// are parsed by `lint`.
    public init(_ arguments: [String], valued: Set<String>, flags flagNames: Set<String>) throws {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("--") {
                var name = String(argument.dropFirst(2))
                var inlineValue: String?
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                if valued.contains(name) {
                    guard values[name] == nil else { throw UsageError("--\(name) given twice") }
                    if let inlineValue {
                        values[name] = inlineValue
                    } else {
                        index += 1
                        guard index < arguments.count else { throw UsageError("--\(name) needs a value") }
                        values[name] = arguments[index]
                    }
                } else if flagNames.contains(name) {
                    flags.insert(name)
                } else {
                    throw UsageError("unknown option --\(name)")
                }
            } else {
                positional.append(argument)
            }
            index += 1
        }
    }

    /// Whether a flag was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// A string option.
    public func string(_ name: String) -> String? { values[name] }

    /// An integer option within `range`, or `defaultValue`.
    public func int(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let text = values[name] else { return defaultValue }
        guard let value = Int(text.replacingOccurrences(of: "_", with: "")), range.contains(value) else {
            throw UsageError("--\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }

    /// A fraction option within 0...1, or `defaultValue`.
    public func fraction(_ name: String, default defaultValue: Double) throws -> Double {
        guard let text = values[name] else { return defaultValue }
        guard let value = Double(text), (0...1).contains(value) else {
            throw UsageError("--\(name) takes a number from 0 to 1, not '\(text)'")
        }
        return value
    }
}

/// Refuses a single-value option given a second time: `current` is what the first gave.
/// - Throws: ``UsageError`` `--NAME given twice`.
func refuseRepeated(_ name: String, _ current: String?) throws(UsageError) {
    if current != nil { throw UsageError("\(name) given twice") }
}

/// Writes a line to standard error.
func printError(_ message: String) {
    writeError(message + "\n")
}

/// Writes to standard error as is, after flushing what `print` buffered for standard output:
/// both streams often go to one log (`2>&1` in CI), and a line on standard error must not
/// land in the middle of a line of standard output.
func writeError(_ text: String) {
    fflush(nil)  // every output stream: `stdout` itself is a C global Swift 6 will not read
    FileHandle.standardError.write(Data(text.utf8))
}
