// Tests: a bundle's scene catalogs are released when nothing holds them (Stress/fuzz.sh finding).

import Foundation
import NavigationRuntime
import Testing

/// Found by the `steps` fuzz target (Stress/fuzz.sh) under LeakSanitizer: every
/// `Storyboard.catalog(registry:bundle:)` call leaked its catalog and every referenced
/// storyboard's catalog it built (a cycle through the bundle's catalog table), about 50 KiB
/// per `drive` start on the nRF Mesh app, until the fuzzer ran out of memory.
@Suite struct StoryboardCatalogLifetimeTests {
    typealias XML = StoryboardXML

    /// Main's initial controller is a reference to Search's initial controller.
    static func app() throws -> (main: Storyboard, bundle: StoryboardBundle) {
        let main = try StoryboardLoader.load(
            xml: XML.document(initial: "p", XML.scene("p", kind: "viewControllerPlaceholder", attributes: "storyboardName=\"Search\"")),
            file: "/app/Main.storyboard"
        )
        let search = try StoryboardLoader.load(
            xml: XML.document(initial: "x", XML.scene("x", attributes: "customClass=\"SearchController\"")),
            file: "/app/Search.storyboard"
        )
        return (main, StoryboardBundle(storyboards: [main, search]))
    }

    @Test func bundleCatalog_isReleased_whenItsCallerLetsGo() throws {
        let (main, bundle) = try Self.app()
        weak var released: SceneCatalog?
        do {
            let catalog = main.catalog(bundle: bundle)
            released = catalog
            #expect(released != nil)
        }
        #expect(released == nil, "the catalog outlived every holder (a reference cycle)")
    }

    @Test func referencedCatalog_isShared_whileAControllerHoldsIt() async throws {
        let (main, bundle) = try Self.app()
        let window = Window(configuration: .immediate)
        let catalog = main.catalog(bundle: bundle)
        let first = try catalog.instantiateInitialViewController(in: window)
        let second = try catalog.instantiateInitialViewController(in: window)
        #expect(ControllerSnapshot.className(of: first) == "SearchController", "the reference resolved")
        let referenced = try #require(first.storyboard)
        #expect(referenced !== catalog, "made by Search's catalog, not Main's")
        #expect(second.storyboard === referenced, "one catalog per storyboard while it lives")
        await window.close()
    }
}
