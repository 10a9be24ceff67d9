// Fuzz target `recording`: a recording file's bytes through `JournalRecording.read` and, when
// it reads, every window's journal checked again (`check()`), as `navstress replay FILE` does.
//
// Built and run by Stress/fuzz.sh (libFuzzer: `swiftc -sanitize=fuzzer,address`).
// Seeds: Stress/Fuzz/Seeds/recording (from `navstress run --record`).
import Foundation
import NavStressKit

/// One input: a recording. Every failure must be a `JournalRecording.ReadError` or a verdict
/// (violations, missing parts); a trap, a sanitizer report or a hang is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func recordingFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let recording: JournalRecording
    do {
        recording = try JournalRecording.read(fuzzData(data, size))
    } catch {
        _ = "\(error)"
        return 0
    }
    _ = recording.missing
    for checked in recording.check() {
        _ = checked.report.violations
    }
    return 0
}

/// `FUZZ_WRITE_SEEDS=DIR`: records small runs of several scenarios with `navstress run
/// --record` (the recordings `replay` reads) and exits.
@_cdecl("LLVMFuzzerInitialize")
public func recordingFuzzInitialize(
    _ argc: UnsafeMutablePointer<Int32>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> Int32 {
    writeSeedsIfAsked {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("navstress-fuzz-seeds-\(getpid())")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let runs: [[String]] = [
            ["--scenario", "demo", "--windows", "1", "--tasks", "1", "--requests", "40"],
            ["--scenario", "double-tap", "--windows", "2", "--tasks", "2", "--requests", "40"],
            ["--scenario", "deep-link-race", "--windows", "2", "--tasks", "2", "--requests", "40"],
            ["--scenario", "present-collision", "--windows", "1", "--tasks", "2", "--requests", "30"],
            ["--scenario", "multi-window", "--windows", "3", "--tasks", "1", "--requests", "30"],
            ["--scenario", "cancel-storm", "--windows", "1", "--tasks", "2", "--requests", "30", "--cancel-rate", "0.5"],
        ]
        return runBlocking {
            var seeds: [Data] = []
            for (index, run) in runs.enumerated() {
                let file = scratch.appendingPathComponent("run-\(index).jsonl")
                _ = await NavStress.main(["run"] + run + ["--seed", "\(index + 1)", "--record", file.path])
                if let data = FileManager.default.contents(atPath: file.path) { seeds.append(data) }
            }
            return seeds
        }
    }
}
