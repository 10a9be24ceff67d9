import Foundation
import NavigationRuntime

/// What is wrong with a path, in words a user can act on (never a Foundation error code):
/// `PATH: is a directory`, `PATH: its folder does not exist`, ...
enum FileProblem {
    /// Why `path` cannot be written as a file, if it is plain before trying.
    static func unwritable(_ path: String) -> String? {
        switch AppFolder.kind(of: path) {
        case .directory: return "\(path): is a directory, not a file"
        case .special: return "\(path): is not a regular file (a device, FIFO or socket)"
        case .brokenLink: return "\(path): is a symbolic link that leads nowhere (or in a loop)"
        case .file, .missing: break
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if AppFolder.kind(of: folder) != .directory { return "\(path): its folder \(folder) does not exist" }
        return nil
    }

    /// Why `path` cannot be read as a file, if it is plain.
    static func unreadable(_ path: String) -> String? {
        unreadableReason(path).map { "\(path): \($0)" }
    }

    /// ``unreadable(_:)`` without the path: `is a directory, not a file`, ...
    static func unreadableReason(_ path: String) -> String? {
        switch AppFolder.kind(of: path) {
        case .directory: return "is a directory, not a file"
        case .special: return "is not a regular file (a device, FIFO or socket)"
        case .brokenLink: return "is a symbolic link that leads nowhere (or in a loop)"
        case .missing: return "no such file"
        case .file: return nil
        }
    }

    /// The warning for an entry of an app folder named like a storyboard that was not read
    /// (issue 18: `lint`, `inspect`, `graph`, `drive` and `run` passed over them in silence):
    /// `navstress: warning: PATH: skipped: why`, one line, the form every command prints.
    /// - Parameters:
    ///   - entry: The entry and why it was skipped.
    ///   - display: How the command shows paths (`lint` and `inspect`: relative to the
    ///     current directory when under it).
    static func skippedWarning(_ entry: AppFolder.SkippedEntry, display: (String) -> String = { $0 }) -> String {
        "navstress: warning: \(display(entry.path)): skipped: \(entry.reason)"
    }

    /// A failed read or write of `path` in words: the plain reasons above, else the system's
    /// reason (`Permission denied`, `No space left on device`), never an error domain and code.
    static func describe(_ path: String, writing: Bool, _ error: any Error) -> String {
        if let plain = writing ? unwritable(path) : unreadable(path) { return plain }
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let posix = underlying ?? (error as NSError?), posix.domain == NSPOSIXErrorDomain {
            return "\(path): \(String(cString: strerror(Int32(posix.code))))"
        }
        return "\(path): cannot be \(writing ? "written" : "read")"
    }
}
