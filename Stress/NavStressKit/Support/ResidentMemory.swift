import Foundation

/// The process's resident memory, as Linux reports it in `/proc/self/status`.
public struct ResidentMemory: Sendable, Hashable {
    /// Resident set size now (`VmRSS`), in bytes.
    public var current: UInt64
    /// Peak resident set size (`VmHWM`, the high-water mark), in bytes.
    public var peak: UInt64

    /// Creates a reading.
    public init(current: UInt64, peak: UInt64) {
        self.current = current
        self.peak = peak
    }

    /// Reads `/proc/self/status`; `nil` where it is unavailable (not Linux, no procfs) or does
    /// not have both fields.
    public static func read() -> ResidentMemory? {
        guard let data = FileManager.default.contents(atPath: "/proc/self/status") else { return nil }
        return parse(String(decoding: data, as: UTF8.self))
    }

    /// Parses the text of a `/proc/<pid>/status` file: the `VmRSS:` and `VmHWM:` lines, in kB.
    public static func parse(_ status: String) -> ResidentMemory? {
        var current: UInt64?
        var peak: UInt64?
        for line in status.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, let kilobytes = UInt64(fields[1]) else { continue }
            let (bytes, overflow) = kilobytes.multipliedReportingOverflow(by: 1024)
            guard !overflow else { continue }
            switch fields[0] {
            case "VmRSS:": current = bytes
            case "VmHWM:": peak = bytes
            default: break
            }
        }
        guard let current, let peak else { return nil }
        return ResidentMemory(current: current, peak: peak)
    }

    /// Bytes as mebibytes with one decimal, e.g. `123.4 MiB`.
    static func mebibytes(_ bytes: UInt64) -> String {
        String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }
}
