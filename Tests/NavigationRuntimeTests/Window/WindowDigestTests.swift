import Foundation
@testable import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// `Window.digest(since:)`, `Window.matches(_:)`, `Window.normalizedSnapshot()` and
/// `WindowSnapshot.normalizedHash`: the hash separates nodes that differ in any one hashed
/// field (enums hashed by their codes, strings by words kept on the scene and the kind), and
/// the one walk agrees with the snapshots on trees with tabs, column-style splits (collapsed
/// and not) and presentations; a rewind gives back every field.
@Suite struct WindowDigestTests {
    // MARK: - The hash, field by field

    static func node(
        scene: String? = "list", kind: ControllerKind = .content, appearance: AppearanceState = .appeared,
        children: [ControllerSnapshot] = [], selectedIndex: Int? = nil, style: PresentationStyle? = nil,
        presented: ControllerSnapshot? = nil, columns: [SplitColumn]? = nil
    ) -> ControllerSnapshot {
        ControllerSnapshot(
            id: ControllerID(1), scene: scene, className: "ListController", kind: kind, appearance: appearance,
            children: children, selectedIndex: selectedIndex, presentationStyle: style, presented: presented,
            columns: columns)
    }

    static func hash(_ root: ControllerSnapshot?, traits: Traits = .regular) -> Int {
        WindowSnapshot(window: WindowID(1), sequence: 0, traits: traits, transitionInFlight: false, root: root).normalizedHash
    }

    /// A snapshot node's size is a budget: an exploration keeps one tree of them per state
    /// (about a third of its memory on GoMap's main storyboard), and each node more is copied,
    /// compared and freed. 96 bytes: the kind one word, the appearance in the optional
    /// index's padding.
    @Test func snapshotNode_staysWithin96Bytes() {
        #expect(MemoryLayout<ControllerSnapshot>.stride <= 96)
    }

    @Test func hash_separatesNodesThatDifferInOneField() {
        let leaf = Self.node(scene: "detail")
        var variants: [(String, Int)] = [("base", Self.hash(Self.node()))]
        for appearance in [AppearanceState.disappeared, .appearing, .disappearing] {
            variants.append(("appearance \(appearance)", Self.hash(Self.node(appearance: appearance))))
        }
        for style in PresentationStyle.allCases {
            variants.append(("style \(style)", Self.hash(Self.node(style: style))))
        }
        for columns in [[SplitColumn](), [.primary], [.secondary], [.compact], [.primary, .secondary], [.secondary, .primary]] {
            variants.append(("columns \(columns)", Self.hash(Self.node(columns: columns))))
        }
        for selection in [0, 1, -1] { variants.append(("selection \(selection)", Self.hash(Self.node(selectedIndex: selection)))) }
        for kind in [ControllerKind.navigation, .tabBar, .split, .page, ControllerKind(rawValue: "somethingElse")] {
            variants.append(("kind \(kind)", Self.hash(Self.node(kind: kind))))
        }
        variants.append(("no scene", Self.hash(Self.node(scene: nil))))
        variants.append(("other scene", Self.hash(Self.node(scene: "lists"))))
        variants.append(("a long scene", Self.hash(Self.node(scene: "BYZ-38-t0r-ViewController-Scene"))))
        variants.append(("no root", Self.hash(nil)))
        variants.append(("compact width", Self.hash(Self.node(), traits: Traits(horizontalSizeClass: .compact))))
        variants.append(("compact height", Self.hash(Self.node(), traits: Traits(verticalSizeClass: .compact))))
        variants.append(
            ("both compact", Self.hash(Self.node(), traits: Traits(horizontalSizeClass: .compact, verticalSizeClass: .compact))))
        variants.append(("child", Self.hash(Self.node(children: [leaf]))))
        variants.append(("presented", Self.hash(Self.node(presented: leaf))))
        variants.append(("two children", Self.hash(Self.node(children: [leaf, leaf]))))
        variants.append(("child presents", Self.hash(Self.node(children: [Self.node(scene: "detail", presented: leaf)]))))
        for (index, (name, hash)) in variants.enumerated() {
            for (otherName, otherHash) in variants[(index + 1)...] {
                #expect(hash != otherHash, "\(name) and \(otherName) hash alike")
            }
        }
        // What the hash leaves out (ids, the class name, the window, the sequence) does not count.
        var renamed = Self.node(children: [leaf])
        renamed.id = ControllerID(7)
        renamed.className = "Other"
        #expect(Self.hash(renamed) == Self.hash(Self.node(children: [leaf])))
    }

    // MARK: - The one walk against the snapshots

    /// A tab bar over a navigation stack and a column-style split (primary, secondary and
    /// compact columns); the list pushes, shows a detail and presents a sheet.
    static let catalog = SceneCatalog([
        Scene("root") { context in
            TabBarController(context: context, viewControllers: ["nav", "columns"].compactMap { context.instantiate($0) })
        },
        Scene("nav") { context in
            NavigationController(context: context, viewControllers: [context.instantiate("list")].compactMap { $0 })
        },
        Scene(
            "list", className: "ListController",
            segues: [
                SegueDefinition(identifier: "detail", kind: .show, destination: "detail"),
                SegueDefinition(identifier: "sheet", kind: .presentModally(.formSheet), destination: "nav"),
                SegueDefinition(identifier: "side", kind: .showDetail, destination: "detail"),
            ]
        ) { GenericViewController(context: $0, className: "ListController") },
        Scene("detail", className: "DetailController") { GenericViewController(context: $0, className: "DetailController") },
        Scene("columns") { context in
            SplitViewController(
                context: context,
                primaryColumn: context.instantiate("nav") ?? GenericViewController(context: context.makeContext()),
                secondaryColumn: context.instantiate("detail"), compactColumn: context.instantiate("nav"))
        },
    ])

    enum Step: CustomStringConvertible {
        case segue(String)
        case tab(Int)
        case traits(Traits)
        case dismiss

        var description: String {
            switch self {
            case .segue(let name): "segue \(name)"
            case .tab(let index): "tab \(index)"
            case .traits(let traits): "traits \(traits.horizontalSizeClass)"
            case .dismiss: "dismiss"
            }
        }
    }

    /// Performs the step from the last list on screen (a segue), the root (a tab), the window
    /// (traits) or the last presented controller (a dismissal); a segue or dismissal with no
    /// such controller is skipped.
    static func perform(_ step: Step, in window: Window) async throws {
        let snapshot = await window.snapshot()
        switch step {
        case .segue(let name):
            // None on screen (a detail covers it): the step is skipped.
            guard let node = snapshot.allControllers.last(where: { $0.scene == "list" && $0.appearance == .appeared })
            else { return }
            let list = try #require(await window.controller(node.id))
            _ = try await list.triggerSegue(withIdentifier: name, animated: false)
        case .tab(let index):
            let tabs = try #require(await window.rootViewController as? TabBarController)
            _ = try await tabs.selectTab(at: index, animated: false)
        case .traits(let traits):
            _ = try await window.setTraits(traits)
        case .dismiss:
            guard let node = snapshot.lastPresented else { return }
            _ = try await window.controller(node.id)?.dismiss(animated: false)
        }
    }

    /// What the one walk says of the window's tree is what its snapshots say.
    static func expectAgreement(_ window: Window, previous: WindowSnapshot?, _ comment: Comment) async {
        let normalized = await window.snapshot().normalized()
        #expect(await window.normalizedSnapshot() == normalized, comment)
        #expect(await window.digest().hash == normalized.normalizedHash, comment)
        #expect(await window.matches(normalized), comment)
        if let previous { #expect(await window.matches(previous) == (previous == normalized), comment) }
    }

    /// A node's name word follows its scene, else its class name, however the node was made:
    /// by the initializer, by a window's snapshot (the word kept on the scene), after either
    /// field is changed, and decoded.
    @Test func nameWord_followsTheSceneElseTheClassName() async throws {
        var node = Self.node(scene: "list")
        #expect(node.nameWord == TreeHasher.word(for: "list"))
        node.scene = nil
        #expect(node.nameWord == TreeHasher.word(for: "ListController"))
        node.className = "Other"
        #expect(node.nameWord == TreeHasher.word(for: "Other"))
        node.scene = "detail"
        #expect(node.nameWord == TreeHasher.word(for: "detail"))
        let decoded = try JSONDecoder().decode(ControllerSnapshot.self, from: JSONEncoder().encode(node))
        #expect(decoded.nameWord == node.nameWord)
        #expect(decoded == node)

        let window = Window()
        let catalog = SceneCatalog([Scene("root") { GenericViewController(context: $0, className: "RootController") }])
        let root = try #require(catalog.instantiate("root", in: window))
        try await window.setRootViewController(root)
        let live = try #require(await window.snapshot().root)
        #expect(live.nameWord == TreeHasher.word(for: "root"))
        let code = await window.snapshot(of: GenericViewController(context: window.makeContext(), className: "MadeInCode"))
        #expect(code.nameWord == TreeHasher.word(for: "MadeInCode"))
    }

    /// `matches` against the window's own normalized snapshot with one field of one node
    /// changed, on every node of a tree with a tab bar, stacks, a split and a presentation:
    /// each change is seen (the root's, a child's deep down, a presented controller's).
    @Test func matches_seesOneFieldChanged_onEveryNode() async throws {
        let window = Window(configuration: Window.Configuration(transitionDuration: .zero, traits: .regular))
        let root = try #require(Self.catalog.instantiate("root", in: window))
        try await window.setRootViewController(root, animated: false)
        try await Self.perform(.segue("sheet"), in: window)
        let snapshot = await window.snapshot().normalized()
        #expect(await window.matches(snapshot))
        let changes: [(String, (inout ControllerSnapshot) -> Void)] = [
            ("kind", { $0.kind = $0.kind == .content ? ControllerKind(rawValue: "carousel") : .content }),
            ("custom kind", { $0.kind = ControllerKind(rawValue: $0.kind == .content ? "contents" : "content") }),
            ("appearance", { $0.appearance = $0.appearance == .appeared ? .disappeared : .appeared }),
            ("style", { $0.presentationStyle = $0.presentationStyle == .pageSheet ? .fullScreen : .pageSheet }),
            ("scene", { $0.scene = ($0.scene ?? "") + "x" }),
            ("class name", { $0.className += "x" }),
            ("selection", { $0.selectedIndex = ($0.selectedIndex ?? 0) + 1 }),
            ("columns", { $0.columns = $0.columns == [.primary] ? [.secondary] : [.primary] }),
        ]
        var changed = 0
        for position in snapshot.allControllers.indices {
            for (name, change) in changes {
                var variant = snapshot
                let done = Self.change(&variant, at: position, change)
                #expect(done)
                #expect(await !window.matches(variant), "\(name) of node \(position)")
                changed += 1
            }
        }
        #expect(changed == snapshot.allControllers.count * changes.count)
        #expect(snapshot.allControllers.count >= 8)
    }

    /// Applies `change` to the node at `position` of `snapshot`'s `allControllers` order.
    static func change(_ snapshot: inout WindowSnapshot, at position: Int, _ change: (inout ControllerSnapshot) -> Void) -> Bool {
        var count = 0
        func visit(_ node: inout ControllerSnapshot) -> Bool {
            if count == position {
                change(&node)
                return true
            }
            count += 1
            for index in node.children.indices where visit(&node.children[index]) { return true }
            if var presented = node.presented, visit(&presented) {
                node.presented = presented
                return true
            }
            return false
        }
        guard var root = snapshot.root else { return false }
        defer { snapshot.root = root }
        return visit(&root)
    }

    @Test(arguments: [Traits.regular, .compact])
    func digestAndSnapshots_agree_withTabsColumnsAndPresentations(traits: Traits) async throws {
        let window = Window(configuration: Window.Configuration(transitionDuration: .zero, traits: traits))
        let root = try #require(Self.catalog.instantiate("root", in: window))
        try await window.setRootViewController(root, animated: false)
        let checkpoint = try await window.checkpoint()
        let start = await window.snapshot()
        let everyone = (0..<checkpoint.controllerCount).compactMap { checkpoint.controller(at: $0) }
        let fields = await window.withTree { TreeFields($0, everyone) }
        await Self.expectAgreement(window, previous: nil, "start")
        let other: Traits = traits == .compact ? .regular : .compact
        let steps: [Step] = [
            .segue("sheet"), .segue("detail"), .dismiss, .segue("detail"), .tab(1), .segue("side"), .traits(other),
            .segue("detail"), .traits(traits), .segue("sheet"), .traits(other), .dismiss, .tab(0),
        ]
        var previous = start.normalized()
        var seen: [WindowSnapshot] = [previous]
        for step in steps {
            try await Self.perform(step, in: window)
            await Self.expectAgreement(window, previous: previous, "\(traits.horizontalSizeClass): \(step)")
            previous = await window.snapshot().normalized()
            seen.append(previous)
            // Where the first controller the checkpoint does not have landed, as a search finds it.
            let now = await window.snapshot()
            let known = Set(everyone.map(\.id))
            let expected = now.allControllers.firstIndex { !known.contains($0.id) }
            #expect(await window.digest(since: checkpoint).firstNew?.position == expected, "\(step)")
        }
        // The walk visited collapsed and expanded columns, a selection and a presentation.
        #expect(seen.contains { $0.allControllers.contains { $0.columns != nil && $0.selectedIndex != nil } })
        #expect(seen.contains { $0.allControllers.contains { $0.columns != nil && $0.selectedIndex == nil } })
        #expect(seen.contains { $0.lastPresented != nil })

        try await window.rewind(to: checkpoint)
        var after = await window.snapshot()
        after.sequence = start.sequence
        #expect(after == start)
        #expect(await window.withTree { TreeFields($0, everyone) } == fields)
        #expect(await window.digest(since: checkpoint).firstNew == nil)
        await Self.expectAgreement(window, previous: previous, "rewound")
        await window.close()
    }
}
