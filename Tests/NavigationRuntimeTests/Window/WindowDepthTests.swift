// Tests: one depth limit (Window.maximumDepth) where depth is created, and the same limit in
// snapshot, encode, decode and restore (issue 18 finding 2): what a window commits it can
// store and restore; deeper input is a typed error, never a stack overflow.

import Foundation
import NavigationRuntime
import Testing

@Suite struct WindowDepthTests {
    static let catalog = SceneCatalog([
        Scene("home", className: "HomeController") { GenericViewController(context: $0, className: "HomeController") },
    ])

    /// A window whose root presents a chain: `depth` controllers from the root.
    static func presentationChain(depth: Int) async throws -> (Window, last: any ViewController) {
        let window = Window(configuration: .immediate)
        var last = try #require(catalog.instantiate("home", in: window))
        try await window.setRootViewController(last)
        for _ in 1..<depth {
            let next = try #require(catalog.instantiate("home", in: window))
            try await last.present(next, style: .fullScreen, animated: false)
            last = next
        }
        return (window, last)
    }

    @Test func presentationChainAtTheLimit_snapshotsEncodesAndRestores_oneMoreIsRefused() async throws {
        let (window, last) = try await Self.presentationChain(depth: Window.maximumDepth)
        let extra = try #require(Self.catalog.instantiate("home", in: window))
        let error = await #expect(throws: NavigationError.self) { try await last.present(extra, style: .fullScreen, animated: false) }
        #expect(error?.code == .treeTooDeep)
        #expect(error?.message.hasSuffix("would take the window's tree to depth 201, deeper than Window.maximumDepth (200).") == true, "\(String(describing: error))")
        let snapshot = await window.snapshot()
        #expect(snapshot.allControllers.count == Window.maximumDepth, "nothing was applied")
        // Before: encoding threw at ~600 and restore refused anything over 256; now the limit is
        // one, so the committed tree round-trips.
        let json = try JSONEncoder().encode(snapshot)
        #expect(try JSONDecoder().decode(WindowSnapshot.self, from: json) == snapshot)
        let app = Application()
        let restored = await app.restore(json: json, catalog: Self.catalog)
        let problems = restored.problems
        #expect(problems.isEmpty, "\(problems.prefix(3))")
        #expect(await restored.window?.snapshot().normalized() == snapshot.normalized())
        await window.close()
        if let other = restored.window { await other.close() }
    }

    @Test func fifteenThousandNestedContainers_builtInCode_areRefusedBeforeAnyWalk() async throws {
        // Before: the executor check, the visibility walk and `snapshot()` recursed 15,000 deep.
        let window = Window(configuration: .immediate)
        var inner: any ViewController = GenericViewController(context: window.makeContext())
        for _ in 0..<15_000 {
            inner = TabBarController(context: window.makeContext(), viewControllers: [inner])
        }
        let error = await #expect(throws: NavigationError.self) { try await window.setRootViewController(inner) }
        #expect(error?.code == .treeTooDeep)
        #expect(await window.snapshot().root == nil)
        await window.close()
    }

    @Test func pushOfAContainerPastTheLimit_isRefused_contentAtTheLimitIsPushed() async throws {
        let window = Window(configuration: .immediate)
        // Tab bars nested to depth 198, a navigation controller at 199.
        let navigation = NavigationController(context: window.makeContext(), rootViewController: GenericViewController(context: window.makeContext()))
        var outer: any ViewController = navigation
        for _ in 0..<(Window.maximumDepth - 2) {
            outer = TabBarController(context: window.makeContext(), viewControllers: [outer])
        }
        try await window.setRootViewController(outer)
        let tabs = TabBarController(context: window.makeContext(), viewControllers: [GenericViewController(context: window.makeContext())])
        let error = await #expect(throws: NavigationError.self) { try await navigation.pushViewController(tabs, animated: false) }
        #expect(error?.code == .treeTooDeep)
        try await navigation.pushViewController(GenericViewController(context: window.makeContext()), animated: false)
        #expect(await navigation.viewControllers.count == 2)
        #expect(await window.snapshot().allControllers.count == Window.maximumDepth + 1)
        await window.close()
    }

    @Test func encodingASnapshotDeeperThanTheLimit_throwsTooDeep_decodingToo() throws {
        // Before: encoding a 5,000-deep presentation chain overflowed the stack.
        var node = ControllerSnapshot(id: ControllerID(1), scene: "home", className: "H", kind: .content, appearance: .appeared)
        for depth in 2...5_000 {
            var presenter = ControllerSnapshot(id: ControllerID(UInt64(depth)), scene: "home", className: "H", kind: .content, appearance: .appeared)
            node.presentationStyle = .fullScreen
            presenter.presented = node
            node = presenter
        }
        let snapshot = WindowSnapshot(window: WindowID(1), sequence: 1, traits: .regular, transitionInFlight: false, root: node)
        let error = #expect(throws: ControllerSnapshot.TooDeep.self) { try JSONEncoder().encode(snapshot) }
        #expect(error?.path.hasPrefix(".root.presented.presented") == true)
        // 201 levels of valid JSON: decoding refuses them as too deep, not as malformed.
        var json = #"{"id":1,"scene":"home","className":"H","kind":"content","appearance":"appeared"}"#
        for depth in 2...(Window.maximumDepth + 1) {
            json = #"{"id":\#(depth),"scene":"home","className":"H","kind":"content","appearance":"appeared","presentationStyle":"fullScreen","presented":"# + json + "}"
        }
        #expect(throws: ControllerSnapshot.TooDeep.self) { try JSONDecoder().decode(ControllerSnapshot.self, from: Data(json.utf8)) }
    }

    @Test func restoreJSON_tooDeepIsToldApartFromInvalid() async throws {
        let app = Application()
        // Valid JSON, 600 presentations deep (before: "invalid JSON" from the decoder's nesting limit).
        var chain = #"{"id":1,"scene":"home","className":"H","kind":"content","appearance":"appeared"}"#
        for depth in 2...600 {
            chain = #"{"id":\#(depth),"scene":"home","className":"H","kind":"content","appearance":"appeared","presentationStyle":"fullScreen","presented":"# + chain + "}"
        }
        let deep = #"{"window":1,"sequence":1,"traits":{"horizontalSizeClass":"regular","verticalSizeClass":"regular"},"transitionInFlight":false,"root":"# + chain + "}"
        #expect(await app.restore(json: Data(deep.utf8), catalog: Self.catalog).problems.map(\.reason) == [.tooDeep])
        // Nesting alone, not even a snapshot: too deep, found without parsing.
        let brackets = String(repeating: "[", count: 100_000)
        #expect(await app.restore(json: Data(brackets.utf8), catalog: Self.catalog).problems.map(\.reason) == [.tooDeep])
        // Shallow and broken: malformed.
        let broken = await app.restore(json: Data("{\"window\":".utf8), catalog: Self.catalog).problems.map(\.reason)
        guard case .malformedJSON = broken.first else {
            Issue.record("expected malformedJSON, got \(broken)")
            return
        }
        #expect(await app.openWindows.isEmpty)
    }
}
