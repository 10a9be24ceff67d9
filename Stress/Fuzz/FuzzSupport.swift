// Shared by every fuzz target (compiled into each one by Stress/fuzz.sh; not part of the package).
import Dispatch
import Foundation
import Synchronization

/// Runs `body` on Swift's cooperative pool and blocks the calling thread until it returns.
///
/// libFuzzer calls `LLVMFuzzerTestOneInput` synchronously, while the runtime under test is
/// async (windows are actors). The wait is safe, not a deadlock waiting to happen, because:
/// - libFuzzer calls the callback on the process's main thread, which is not a thread of the
///   cooperative pool, so blocking it never takes a thread the task needs (the pool keeps all
///   of its threads; nothing in the runtime uses `MainActor`, so the main thread is never
///   needed either);
/// - `body` runs in an unstructured `Task` that owns all of its state; the only thing shared
///   with the waiting thread is `box`, a `Mutex`, written once before `signal()`; the
///   semaphore's signal happens-before its `wait()` returns, so the read sees the write.
/// - every input is driven to completion (each window closed) before the callback returns,
///   so no work of one input overlaps the next (findings reproduce from one input alone).
///
/// A `body` that never returns is what libFuzzer's `-timeout` reports (a hang is a finding).
func runBlocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        let value = await body()
        box.value.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    // The task stored a value before signalling: the optional is never nil here, and the
    // fallback (re-running nothing) is unreachable; `guard` keeps the code free of `!`.
    guard let value = box.value.withLock({ $0 }) else { fatalError("runBlocking: the task signalled without a value") }
    return value
}

/// The result slot of ``runBlocking(_:)``.
final class ResultBox<T: Sendable>: Sendable {
    let value = Mutex<T?>(nil)
}

/// The fuzz input as `Data` (copied: libFuzzer owns the buffer only during the call).
///
/// `UnsafePointer` use, safe because libFuzzer guarantees `data` points at `size` readable
/// bytes for the duration of the callback, and the bytes are copied before it returns.
func fuzzData(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Data {
    guard let data, size > 0 else { return Data() }
    return Data(bytes: data, count: size)
}

/// The package root: `FUZZ_PACKAGE_ROOT` (set by Stress/fuzz.sh), else the current directory.
let packageRoot: URL = URL(fileURLWithPath: ProcessInfo.processInfo.environment["FUZZ_PACKAGE_ROOT"] ?? FileManager.default.currentDirectoryPath)

/// A fixture path relative to the package root (`../shared/fixtures/...`).
func fixture(_ relative: String) -> URL {
    packageRoot.appendingPathComponent("../shared/fixtures").appendingPathComponent(relative).standardizedFileURL
}

/// Seed generation: when `FUZZ_WRITE_SEEDS=DIR` is set, `LLVMFuzzerInitialize` calls
/// `make`, writes each seed to `DIR/seed-N` and exits 0 (Stress/fuzz.sh does this before each
/// run, so seeds follow the current formats). Otherwise returns 0 and fuzzing starts.
func writeSeedsIfAsked(_ make: () -> [Data]) -> Int32 {
    guard let path = ProcessInfo.processInfo.environment["FUZZ_WRITE_SEEDS"] else { return 0 }
    let directory = URL(fileURLWithPath: path)
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (index, seed) in make().enumerated() {
            try seed.write(to: directory.appendingPathComponent("seed-\(index)"))
        }
    } catch {
        FileHandle.standardError.write(Data("FUZZ_WRITE_SEEDS: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}
