// Fuzz target `restore`: a snapshot's JSON through `Application.restore(json:catalog:)`; a tree
// that restores is snapshotted, encoded and restored again (what the runtime commits it must be
// able to store and restore).
//
// Built and run by Stress/fuzz.sh (libFuzzer: `swiftc -sanitize=fuzzer,address`). Seeds:
// written by this target (`FUZZ_WRITE_SEEDS=DIR`): snapshots of live trees of every kind and
// presentation style, built through the public API.
import Foundation
import NavigationRuntime

/// One input: a stored restoration activity. Every failure must be a
/// ``RestorationOutcome/failed(_:)``; a trap, a sanitizer report or a hang is a finding, and
/// so is a restored window whose own snapshot does not restore (reported by a trap naming it).
@_cdecl("LLVMFuzzerTestOneInput")
public func restoreFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let json = fuzzData(data, size)
    let problem: String? = runBlocking {
        let app = Application()
        let outcome = await app.restore(json: json, catalog: FuzzScenes.catalog, configuration: .immediate)
        guard let window = outcome.window else {
            _ = outcome.problems.map(\.description)
            return nil
        }
        let snapshot = await window.snapshot()
        await app.closeWindow(window.id)
        guard let stored = try? JSONEncoder().encode(snapshot) else {
            return "a restored window's snapshot does not encode: \(snapshot.root.map { "\($0.kind)" } ?? "empty")"
        }
        let again = await app.restore(json: stored, catalog: FuzzScenes.catalog, configuration: .immediate)
        guard let second = again.window else {
            return "a restored window's snapshot does not restore: \(again.problems.map(\.description))"
        }
        let restored = await second.snapshot()
        await app.closeWindow(second.id)
        return restored.normalized() == snapshot.normalized() ? nil : "a restored window's snapshot restores different"
    }
    if let problem {
        // A finding libFuzzer records with its input (not user-facing code).
        fatalError("restore fuzz: \(problem)")
    }
    return 0
}

/// `FUZZ_WRITE_SEEDS=DIR`: writes the seed snapshots and exits.
@_cdecl("LLVMFuzzerInitialize")
public func restoreFuzzInitialize(
    _ argc: UnsafeMutablePointer<Int32>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> Int32 {
    writeSeedsIfAsked {
        let seeds: [Data] = runBlocking {
            var seeds: [Data] = []
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            for traits in [Traits.regular, .compact] {
                for build in restoreSeedTrees {
                    let window = Window(configuration: Window.Configuration(transitionDuration: .zero, traits: traits))
                    try? await build(window)
                    if let data = try? encoder.encode(await window.snapshot()) { seeds.append(data) }
                    await window.close()
                }
            }
            return seeds
        }
        return seeds
    }
}

/// Trees built through the public API: the deep-link start tree, each presentation style over
/// a navigation stack, nested containers and a presentation chain.
let restoreSeedTrees: [@Sendable (Window) async throws -> Void] = [
    { _ in },
    { window in try await FuzzScenes.install(in: window) },
    { window in
        try await FuzzScenes.install(in: window)
        guard let tabs = await window.rootViewController as? TabBarController,
            let inbox = await tabs.viewControllers.first as? NavigationController,
            let detail = FuzzScenes.catalog.instantiate("detail", in: window),
            let profile = FuzzScenes.catalog.instantiate("profile", in: window)
        else { return }
        try await tabs.selectTab(at: 0, animated: false)
        try await inbox.pushViewController(detail, animated: false)
        try await detail.present(profile, style: .formSheet, animated: false)
    },
] + PresentationStyle.allCases.map { style in
    { @Sendable window in
        guard let home = FuzzScenes.catalog.instantiate("home", in: window),
            let message = FuzzScenes.catalog.instantiate("message", in: window),
            let settings = FuzzScenes.catalog.instantiate("settings", in: window)
        else { return }
        let navigation = NavigationController(context: window.makeContext(), viewControllers: [home])
        try await window.setRootViewController(navigation, animated: false)
        try await navigation.pushViewController(message, animated: false)
        try await message.present(settings, style: style, animated: false)
    }
} + [
    { window in
        // A presentation chain of four, then a split in compact width.
        guard var top = FuzzScenes.catalog.instantiate("home", in: window) else { return }
        try await window.setRootViewController(top, animated: false)
        for scene in ["inbox", "message", "split", "nav"] {
            guard let next = FuzzScenes.catalog.instantiate(scene, in: window) else { return }
            try await top.present(next, style: .fullScreen, animated: false)
            top = next
        }
        try await window.setTraits(.compact)
    },
]
