// NavStressKit: the storyboard subcommands of `navstress`.

/// What a storyboard subcommand produced: its exit status and both output streams.
/// ``StoryboardCommands`` prints these; tests assert on them directly.
public struct StoryboardCommandResult: Sendable, Equatable {
    /// 0 success, 1 the check failed (lint errors), 2 bad usage or unreadable input.
    public var status: Int32
    /// What goes to standard output.
    public var output: String
    /// What goes to standard error (one line per problem).
    public var errorOutput: String

    /// Creates a result.
    /// - Parameters:
    ///   - status: The exit status.
    ///   - output: Standard output text.
    ///   - errorOutput: Standard error text.
    public init(status: Int32, output: String = "", errorOutput: String = "") {
        self.status = status
        self.output = output
        self.errorOutput = errorOutput
    }

    /// Exit status 0.
    public static let success: Int32 = 0
    /// Exit status 1: the check failed.
    public static let checkFailed: Int32 = 1
    /// Exit status 2: bad usage or unreadable input.
    public static let usage: Int32 = 2
}
