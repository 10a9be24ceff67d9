// Fuzz target `storyboard`: a storyboard file's bytes through the loader, a bundle, its
// catalog, and the initial scene instantiated into a window, snapshotted and encoded.
//
// Built and run by Stress/fuzz.sh (libFuzzer: `swiftc -sanitize=fuzzer,address`).
// Seeds: ../shared/fixtures/storyboards/real/*.storyboard.
import Foundation
import NavigationRuntime

/// One input: what `drive` and `run --storyboard` do with a storyboard file before any step.
///
/// Every failure must be a typed error (`StoryboardError`, `NavigationError`); a trap, a
/// sanitizer report or a hang is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func storyboardFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = fuzzData(data, size)
    let storyboard: Storyboard
    do {
        storyboard = try StoryboardLoader.load(data: bytes, file: "Fuzz.storyboard")
    } catch {
        _ = error.message
        return 0
    }
    let bundle = StoryboardBundle(storyboards: [storyboard])
    _ = bundle.unresolvedReferences()
    let catalog = storyboard.catalog(bundle: bundle)
    // The initial scene, else the first scene (a file without an initial controller is still
    // instantiated by identifier, as `--initial ID` does).
    let start = storyboard.initialViewControllerID ?? storyboard.scenes.first?.controllerID
    runBlocking {
        let window = Window(configuration: .immediate)
        do {
            // As `drive` starts: the scene by element id (`catalog.instantiate`), and the
            // storyboard-ID and initial-controller entry points UIKit code calls.
            if let start, let root = catalog.instantiate(start, in: window) {
                try await window.setRootViewController(root, animated: false)
            }
            if let identifier = storyboard.scenes.lazy.compactMap(\.storyboardIdentifier).first {
                _ = try? catalog.instantiateViewController(withIdentifier: identifier, in: window)
            }
            _ = try catalog.instantiateInitialViewController(in: window)
        } catch {
            _ = "\(error)"
        }
        let snapshot = await window.snapshot()
        _ = try? JSONEncoder().encode(snapshot)
        await window.close()
    }
    return 0
}
