import Foundation
import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// A deep link's steps name a storyboard's scenes by Storyboard ID, as
/// `instantiateViewController(withIdentifier:)` does, or by element id (a new user's trial of
/// Xcode's Tabbed App template: `.selectTab("ListNav")` failed with `noSuchTab`, and
/// `.push(scene: "Item")` with `unknownScene`, though the catalog instantiates "Item").
@Suite struct DeepLinkStoryboardIDTests {
    private static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="Tab-Bc-001">
            <scenes>
                <scene sceneID="s1"><objects>
                    <tabBarController id="Tab-Bc-001" sceneMemberID="viewController">
                        <connections>
                            <segue destination="Hom-Nv-001" kind="relationship" relationship="viewControllers" id="r1"/>
                            <segue destination="Lst-Nv-001" kind="relationship" relationship="viewControllers" id="r2"/>
                        </connections>
                    </tabBarController>
                </objects></scene>
                <scene sceneID="s2"><objects>
                    <navigationController id="Hom-Nv-001" storyboardIdentifier="HomeNav" sceneMemberID="viewController">
                        <connections><segue destination="Hom-Vc-001" kind="relationship" relationship="rootViewController" id="r3"/></connections>
                    </navigationController>
                </objects></scene>
                <scene sceneID="s3"><objects>
                    <viewController id="Hom-Vc-001" storyboardIdentifier="Home" sceneMemberID="viewController"/>
                </objects></scene>
                <scene sceneID="s4"><objects>
                    <navigationController id="Lst-Nv-001" storyboardIdentifier="ListNav" sceneMemberID="viewController">
                        <connections><segue destination="Lst-Vc-001" kind="relationship" relationship="rootViewController" id="r4"/></connections>
                    </navigationController>
                </objects></scene>
                <scene sceneID="s5"><objects>
                    <viewController id="Lst-Vc-001" storyboardIdentifier="List" sceneMemberID="viewController"/>
                </objects></scene>
                <scene sceneID="s6"><objects>
                    <viewController id="Itm-Vc-001" storyboardIdentifier="Item" sceneMemberID="viewController"/>
                </objects></scene>
            </scenes>
        </document>
        """

    private func open(_ steps: [DeepLinkStep]) async throws -> (outcome: DeepLinkOutcome, tree: String) {
        let catalog = try StoryboardLoader.load(xml: Self.xml).catalog()
        let app = Application()
        var router = DeepLinkRouter(catalog: catalog)
        router.register("app://go") { _ in steps }
        await app.register(deepLinks: router)
        let window = await app.openWindow(configuration: .immediate)
        try await window.setRootViewController(try catalog.instantiateInitialViewController(in: window))
        let outcome = await app.open(url: try #require(URL(string: "app://go")))
        return (outcome, await window.snapshot().stateRendered)
    }

    @Test func storyboardIDs_selectTheTabByItsNavigationOrItsRoot_andInstantiateTheScene() async throws {
        let byNavigation = try await open([.selectTab("ListNav"), .push(scene: "Item")])
        guard case .opened(_, .completed) = byNavigation.outcome else {
            Issue.record("\(byNavigation.outcome)")
            return
        }
        #expect(byNavigation.tree == "tabBar*[navigation[Hom-Vc-001] navigation*[Lst-Vc-001 Itm-Vc-001*]]{1}")

        let byRoot = try await open([.selectTab("List"), .present(scene: "Item", style: .fullScreen)])
        guard case .opened(_, .completed) = byRoot.outcome else {
            Issue.record("\(byRoot.outcome)")
            return
        }
        #expect(byRoot.tree == "tabBar[navigation[Hom-Vc-001] navigation[Lst-Vc-001]]{1} >fullScreen Itm-Vc-001*")
    }

    @Test func elementIDs_stillName_andAnUnknownNameFailsWithIt() async throws {
        let byElement = try await open([.selectTab("Lst-Nv-001"), .push(scene: "Itm-Vc-001")])
        guard case .opened(_, .completed) = byElement.outcome else {
            Issue.record("\(byElement.outcome)")
            return
        }
        #expect(byElement.tree == "tabBar*[navigation[Hom-Vc-001] navigation*[Lst-Vc-001 Itm-Vc-001*]]{1}")

        let unknown = try await open([.push(scene: "Nope")])
        guard case .stepFailed(let failure) = unknown.outcome else {
            Issue.record("\(unknown.outcome)")
            return
        }
        #expect(failure.index == 0 && failure.reason == .unknownScene("Nope"))
        #expect(failure.description == "step 0 push(Nope): unknownScene(\"Nope\")")
        #expect(unknown.tree == "tabBar*[navigation*[Hom-Vc-001*] navigation[Lst-Vc-001]]{0}")
    }

    /// A scene a link names (a URL's parameter) is kept whole in the reason, and cut in the
    /// description, where it shows twice: a hostile URL does not become a log line of its size.
    @Test func aLongSceneName_isCutInTheDescription() async throws {
        let long = String(repeating: "z", count: 5_000)
        let start = String(repeating: "z", count: RestorationProblem.maximumEchoedCharacters)
        let unknown = try await open([.push(scene: long)])
        guard case .stepFailed(let failure) = unknown.outcome else {
            Issue.record("\(unknown.outcome)")
            return
        }
        #expect(failure.reason == .unknownScene(long))
        #expect(failure.description == "step 0 push(\(start)… (5000 characters)): unknownScene(\"\(start)\"… (5000 characters))")
    }

    /// A newline, a quote or a NUL a link puts in a scene name is escaped in both places the
    /// description shows it: a URL cannot start a forged line in a log (a new user's trial
    /// found the step's part raw).
    @Test func controlCharactersInASceneName_areEscapedInTheDescription() async throws {
        let unknown = try await open([.push(scene: "\nbad\"name\0")])
        guard case .stepFailed(let failure) = unknown.outcome else {
            Issue.record("\(unknown.outcome)")
            return
        }
        #expect(failure.description == #"step 0 push(\nbad"name\u0000): unknownScene("\nbad\"name\u0000")"#)
        #expect(!failure.description.contains("\n") && !failure.description.contains("\0"))
    }
}
