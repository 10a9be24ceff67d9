import Foundation
import NavigationRuntime
import NavigationRuntimeTesting
import Synchronization
import Testing

/// Deep links racing state restoration in the application (ANCHORS P10, P11; R8.2, R8.5):
/// windows are restored from snapshots (some corrupt) while deep links arrive for the key
/// window and for window ids that may not be open yet. Restoration is a start barrier: a
/// restored window is listed only after its tree is installed (commit 1), so a link either
/// finds no window or lands after the restore, never on a half-built tree. Exact, whatever the
/// interleaving: each valid snapshot restores and each corrupt one fails; each link opens with
/// a commit numbered 2 or more, or finds no window; each restored window's commits are its
/// restore plus the links it got, and its tree is the snapshot's, or, if links landed, the
/// root stack with the last link's scene on top; each window's journal from its first
/// snapshot replays to its final tree.
@Suite struct DeepLinkRestorationRaceStressTests {
    static let scenes = ["d0", "d1", "d2", "d3", "d4"]

    static let catalog = SceneCatalog(
        [
            Scene("nav") { context in
                NavigationController(
                    context: context,
                    rootViewController: context.instantiate("home") ?? GenericViewController(context: context.makeContext())
                )
            },
            Scene("home") { GenericViewController(context: $0) },
            Scene("sheet") { GenericViewController(context: $0) },
        ] + scenes.map { name in Scene(name) { GenericViewController(context: $0) } }
    )

    static var router: DeepLinkRouter {
        var router = DeepLinkRouter(catalog: catalog)
        router.register("app://open/:scene") { link in [.dismissAll, .popToRoot, .push(scene: link["scene"] ?? "d0")] }
        return router
    }

    /// A tree at rest: nav[home, d1, d2] presenting a form sheet.
    static func sourceSnapshot() async throws -> WindowSnapshot {
        let window = Window(configuration: .immediate)
        let navigation = try #require(await window.setRoot(scene: "nav", from: catalog) as? NavigationController)
        for name in ["d1", "d2"] {
            let controller = try #require(catalog.instantiate(name, in: window))
            try await navigation.pushViewController(controller, animated: false)
        }
        let sheet = try #require(catalog.instantiate("sheet", in: window))
        try await navigation.present(sheet, style: .formSheet, animated: false)
        let snapshot = await window.snapshot()
        await window.close()
        return snapshot
    }

    /// What one restored window was, and what it saw from its first snapshot on.
    struct Restored: Sendable {
        let window: Window
        let start: WindowSnapshot
        let journal: AsyncStream<JournalEvent>
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func restorationsRaceDeepLinks_theRestoreIsABarrier(round: UInt64) async throws {
        let run = StressRun("restorationsRaceDeepLinks", "round \(round)", salt: 90 + round)
        let source = try await Self.sourceSnapshot()
        let corrupt = {
            var snapshot = source
            snapshot.root?.children[0].scene = "missing"
            return snapshot
        }()
        let application = Application()
        await application.register(deepLinks: Self.router)
        let ledger = RequestLedger()
        let restored = Shared<[Restored]>([])
        let opened = Shared<[(WindowID, UInt64, String)]>([])
        let mismatches = Mismatches()
        var random = SplitMix64(seed: run.seed)
        let restores = 8
        let links = 200 * StressRun.scale
        let validity = (0..<restores).map { _ in random.next() % 4 != 0 }
        var tasks: [Task<Void, Never>] = []
        for (index, valid) in validity.enumerated() {
            let delay = Int(random.next() % 40)
            tasks.append(Task {
                for _ in 0..<delay { await Task.yield() }
                let ticket = ledger.issue("restore \(index) \(valid ? "valid" : "corrupt")")
                switch await application.restore(valid ? source : corrupt, catalog: Self.catalog, configuration: .immediate) {
                case .restored(let window):
                    let journal = await window.journal()
                    let start = await window.snapshot()
                    restored.withLock { $0.append(Restored(window: window, start: start, journal: journal)) }
                    ledger.resolve(ticket, with: .other("restored"))
                    if !valid { mismatches.record("corrupt snapshot \(index) restored") }
                case .failed(let problems):
                    ledger.resolve(ticket, with: .other("restoreFailed"))
                    if valid { mismatches.record("valid snapshot \(index) failed: \(problems)") }
                }
            })
        }
        for index in 0..<links {
            let delay = Int(random.next() % 60)
            let scene = Self.scenes[Int(random.next() % UInt64(Self.scenes.count))]
            let target: WindowID? = random.next() % 2 == 0 ? nil : WindowID(1 + random.next() % UInt64(restores + 1))
            tasks.append(Task {
                for _ in 0..<delay { await Task.yield() }
                let ticket = ledger.issue("link \(index) \(scene) to \(target.map(\.description) ?? "key")")
                guard let url = URL(string: "app://open/\(scene)") else { return }
                let resolution: RequestLedger.Resolution
                switch await application.open(url: url, in: target) {
                case .opened(let window, let outcome):
                    resolution = .outcome(outcome)
                    if case .completed(let sequence) = outcome {
                        opened.withLock { $0.append((window, sequence, scene)) }
                        if sequence < 2 { mismatches.record("link \(index) committed \(sequence) in \(window), before its restore") }
                    } else {
                        mismatches.record("link \(index) opened with \(outcome)")
                    }
                case .noWindow: resolution = .other("noWindow")
                case .unroutable: resolution = .other("unroutable")
                case .stepFailed(let failure): resolution = .other("stepFailed \(failure)")
                case .failed(let error): resolution = .failed(error.code)
                case .cancelled: resolution = .cancelled
                }
                ledger.resolve(ticket, with: resolution)
                if !["completed", "noWindow"].contains(resolution.name) {
                    mismatches.record("link \(index) ended \(resolution)")
                }
            })
        }
        guard await ledger.allResolved(expecting: restores + links, run) else { return }
        for task in tasks { await task.value }

        #expect(mismatches.all == [], "\(run)")
        #expect(ledger.duplicates == [], "\(run)")
        #expect(ledger.counts.values.reduce(0, +) == restores + links, "\(run): \(ledger.counts)")
        let valid = validity.filter { $0 }.count
        #expect(ledger.counts["restored"] == valid && ledger.counts["restoreFailed", default: 0] == restores - valid, "\(run)")
        let windows = restored.withLock { $0 }
        #expect(await application.openWindows.count == valid, "\(run)")
        let landed = opened.withLock { $0 }
        #expect(landed.count == ledger.counts["completed", default: 0], "\(run)")
        for entry in windows {
            let id = entry.window.id
            let mine = landed.filter { $0.0 == id }.sorted { $0.1 < $1.1 }
            let final = await entry.window.snapshot()
            // Every commit of the window is its restore (1) or one of the links it got.
            #expect(final.sequence == 1 + UInt64(mine.count), "\(run) \(id): \(final.sequence) commits, \(mine.count) links")
            #expect(mine.map(\.1) == Array(2..<(2 + UInt64(mine.count))), "\(run) \(id)")
            if let last = mine.last {
                #expect(final.root?.children.map(\.scene) == ["home", last.2], "\(run) \(id)")
                #expect(final.root?.presented == nil, "\(run) \(id)")
            } else {
                #expect(final.normalized() == source.normalized(), "\(run) \(id): no link landed, yet the tree changed")
            }
            await application.closeWindow(id)
            var events: [JournalEvent] = []
            for await event in entry.journal {
                switch event.kind {
                case .committed where event.sequence > entry.start.sequence: events.append(event)
                case .entered where event.sequence >= entry.start.sequence: events.append(event)
                default: break
                }
            }
            #expect(
                LinearizabilityChecker.check(events: events, start: entry.start, finalSnapshot: final) == nil,
                "\(run) \(id): the journal from the first snapshot does not replay to the final tree"
            )
        }
    }
}
