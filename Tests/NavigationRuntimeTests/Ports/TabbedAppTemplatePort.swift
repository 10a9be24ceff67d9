import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// Port: Xcode's Tabbed App template.
///
/// Xcode's "Tabbed App" template (Xcode 9–11), ported: its `Main.storyboard` as Xcode writes it
/// (a tab bar controller, initial, over `FirstViewController` and `SecondViewController`), the
/// two controllers as actors, and `SceneDelegate`'s launch: instantiate the initial view
/// controller, make it the window's root. Then the user taps the tabs.
///
/// As on iOS: a tab switch is not animated, a tab's view loads when it is first selected (its
/// `viewDidLoad` before the old tab's `viewWillDisappear`), and the tab bar does not adapt to
/// width, so compact (iPhone) and regular (iPad) runs are the same.
///
/// One difference remains, pinned here so that a change is seen: UIKit delivers each tab's
/// `willMove(toParent:)` / `didMove(toParent:)` pair when the storyboard instantiates the tab
/// bar controller (`setViewControllers` adds the children); the runtime adopts a container's
/// initial children when it enters the window, so the pairs bracket the first appearance.
@Suite struct TabbedAppTemplatePort {
    /// `Main.storyboard` of the template (layout and resources trimmed; ids as Xcode wrote them).
    static let mainStoryboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="14460.31" \
        targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" \
        colorMatched="YES" initialViewController="49e-Tb-3d3">
            <scenes>
                <!--First-->
                <scene sceneID="hNz-n2-bh7">
                    <objects>
                        <viewController id="9pv-A4-QxB" customClass="FirstViewController" customModule="TabbedApp" \
        customModuleProvider="target" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="tsR-hK-woN"/>
                            <tabBarItem key="tabBarItem" title="First" image="first" id="acW-dT-cKf"/>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="W5J-7L-Pyd" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <!--Second-->
                <scene sceneID="wg7-f3-ORb">
                    <objects>
                        <viewController id="8rJ-Kc-sve" customClass="SecondViewController" customModule="TabbedApp" \
        customModuleProvider="target" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="QS5-Rx-YEW"/>
                            <tabBarItem key="tabBarItem" title="Second" image="second" id="cPa-gy-q4n"/>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="4Nw-L8-lE0" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <!--Tab Bar Controller-->
                <scene sceneID="yl2-sM-qoP">
                    <objects>
                        <tabBarController id="49e-Tb-3d3" sceneMemberID="viewController">
                            <tabBar key="tabBar" contentMode="scaleToFill" id="W28-zg-YXA"/>
                            <connections>
                                <segue destination="9pv-A4-QxB" kind="relationship" relationship="viewControllers" id="u7Y-xg-7CH"/>
                                <segue destination="8rJ-Kc-sve" kind="relationship" relationship="viewControllers" id="lzU-1b-eKA"/>
                            </connections>
                        </tabBarController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="HuB-VB-40B" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    /// The template's `FirstViewController.swift` and `SecondViewController.swift` (their only
    /// code is `viewDidLoad`): here every hook is recorded.
    actor TemplateViewController: HookRecording {
        nonisolated let context: ControllerContext
        nonisolated let hooks: HookRecorder

        init(_ name: String, context: ControllerContext, recorder: CallbackRecorder) {
            self.context = context
            self.hooks = HookRecorder(name, recorder: recorder, context: context)
        }
    }

    static func registry(_ recorder: CallbackRecorder) -> ClassRegistry {
        var registry = ClassRegistry()
        registry.register(controller: "FirstViewController") { context, _ in
            TemplateViewController("First", context: context, recorder: recorder)
        }
        registry.register(controller: "SecondViewController") { context, _ in
            TemplateViewController("Second", context: context, recorder: recorder)
        }
        return registry
    }

    /// Launch, then tap Second, First, Second.
    @Test(arguments: [Traits.compact, .regular]) func launch_thenTapSecondFirstSecond(traits: Traits) async throws {
        let recorder = CallbackRecorder()
        let storyboard = try StoryboardLoader.load(xml: Self.mainStoryboard, file: "Main.storyboard")
        let catalog = storyboard.catalog(registry: Self.registry(recorder))
        let window = Window(configuration: Window.Configuration(transitionDuration: .zero, traits: traits))

        // SceneDelegate: window.rootViewController = storyboard.instantiateInitialViewController()
        let tabBarController = try #require(try catalog.instantiateInitialViewController(in: window) as? TabBarController)
        recorder.name(tabBarController, "Tabs")
        try await window.setRootViewController(tabBarController)
        #expect(recorder.take() == [
            "First.willMove(toParent: Tabs)", "Second.willMove(toParent: Tabs)",
            "First.viewDidLoad", "First.viewWillAppear(false)", "First.viewDidAppear(false)",
            "First.didMove(toParent: Tabs)", "Second.didMove(toParent: Tabs)",
        ])
        var snapshot = await window.snapshot()
        #expect(snapshot.rendered == "UITabBarController[FirstViewController*, SecondViewController]")
        #expect(snapshot.rendered(names: recorder) == "Tabs[First*, Second]")
        #expect(snapshot.root?.children.map(\.appearance) == [.appeared, .disappeared])

        let first = try #require(await tabBarController.viewControllers.first)
        let second = try #require(await tabBarController.viewControllers.last)
        #expect(await first.tabBarController === tabBarController)
        #expect(await second.parent === tabBarController)
        #expect(await second.isViewLoaded == false, "a tab loads when first selected")

        // The user taps "Second", then "First", then "Second" again.
        try await tabBarController.tapTab(at: 1)
        #expect(recorder.take() == [
            "Second.viewDidLoad", "First.viewWillDisappear(false)", "Second.viewWillAppear(false)",
            "First.viewDidDisappear(false)", "Second.viewDidAppear(false)",
        ])
        try await tabBarController.tapTab(at: 0)
        #expect(recorder.take() == [
            "Second.viewWillDisappear(false)", "First.viewWillAppear(false)", "Second.viewDidDisappear(false)",
            "First.viewDidAppear(false)",
        ])
        try await tabBarController.tapTab(at: 1)
        #expect(recorder.take() == [
            "First.viewWillDisappear(false)", "Second.viewWillAppear(false)", "First.viewDidDisappear(false)",
            "Second.viewDidAppear(false)",
        ])
        snapshot = await window.snapshot()
        #expect(snapshot.rendered(names: recorder) == "Tabs[First, Second*]")
        #expect(snapshot.root?.selectedIndex == 1)
        #expect(snapshot.root?.children.map(\.appearance) == [.disappeared, .appeared])
        #expect(snapshot.traits == traits)
        await window.close()
    }
}
