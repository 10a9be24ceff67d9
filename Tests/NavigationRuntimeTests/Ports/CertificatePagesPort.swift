import Foundation
import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// Port: the page view controller of a shipping app, dgca-wallet-app-ios
/// (`../shared/fixtures/apps/eu-digital-green-certificates__dgca-wallet-app-ios`).
///
/// Its `CertificateViewer.storyboard` has `CertificateViewerController`, which embeds
/// `<pageViewController transitionStyle="scroll" navigationOrientation="horizontal"
/// spineLocation="none" customClass="CertPagesController">`. `CertPagesController` makes its two
/// pages at init from the storyboard identifiers `code` and `infoTable`, sets itself as data
/// source and delegate in `viewDidLoad`, and shows one page with `setViewControllers([vcs[index]],
/// direction: .forward, animated: false)`; its data source answers the page before and after
/// from that list (nil at either end). Ported: the storyboard as shipped, the class as a
/// registered factory (a page view controller is an actor here, not a subclass), its data
/// source as a value, and a user's swipes as ``PageViewController/turnPage(_:policy:)``.
@Suite struct CertificatePagesPort {
    private static let storyboard = StoryboardFixtures.appsDirectory.appendingPathComponent(
        "eu-digital-green-certificates__dgca-wallet-app-ios/DGCAWallet/Storyboards/Base.lproj/CertificateViewer.storyboard"
    )

    /// `CertPagesController`'s `UIPageViewControllerDataSource`, as written in the app.
    private struct CertPages: PageViewControllerDataSource {
        let vcs: [any ViewController]
        func pageViewController(_ pageViewController: PageViewController, viewControllerBefore viewController: any ViewController)
            async -> (any ViewController)?
        {
            let index = vcs.firstIndex { $0 === viewController } ?? 0
            return index == 0 ? nil : vcs[index - 1]
        }
        func pageViewController(_ pageViewController: PageViewController, viewControllerAfter viewController: any ViewController)
            async -> (any ViewController)?
        {
            let index = vcs.firstIndex { $0 === viewController } ?? vcs.count - 1
            return index == vcs.count - 1 ? nil : vcs[index + 1]
        }
    }

    private func launch(traits: Traits) async throws -> (Window, PageViewController, code: String, infoTable: String) {
        let storyboard = try StoryboardLoader.load(data: Data(contentsOf: Self.storyboard), file: Self.storyboard.path)
        var registry = ClassRegistry()
        registry.register(controller: "CertPagesController") { context, _ in
            // `UIStoryboard(name: "CertificateViewer", ...).instantiateViewController(withIdentifier:)`.
            let vcs = ["code", "infoTable"].compactMap {
                try? context.catalog?.instantiateViewController(withIdentifier: $0, in: context.window)
            }
            return PageViewController(
                context: context, storyboardStyle: context.scene?.pageStyle, viewControllers: Array(vcs.prefix(1)),
                dataSource: CertPages(vcs: vcs)
            )
        }
        let catalog = storyboard.catalog(registry: registry)
        let window = Window(configuration: .init(transitionDuration: .zero, traits: traits))
        // The viewer has no storyboard identifier (the app reaches it by a segue): by element id.
        let viewer = try #require(catalog.instantiate("WCj-Xf-fml", in: window))
        try await window.setRootViewController(viewer, animated: false)
        let children = await viewer.children
        let page = try #require(children.first as? PageViewController)
        return (window, page, "5hQ-ih-adI", "Rtb-d3-6Ll")
    }

    @Test(arguments: [Traits.compact, Traits.regular])
    func theShippedStoryboard_embedsAScrollingPageViewController_andSwipesTurnItsPages(traits: Traits) async throws {
        let (window, page, code, infoTable) = try await launch(traits: traits)
        #expect(page.transitionStyle == .scroll)
        #expect(page.navigationOrientation == .horizontal)
        #expect(page.spineLocation == PageViewController.SpineLocation.none)
        func shown() async -> [String?] { await window.snapshot().root?.children.first?.children.map(\.scene) ?? [] }
        #expect(await shown() == [code])
        // Swiping back from the first page: the data source has nothing before it.
        #expect(try await page.turnPage(.reverse) == .noChange)
        #expect(try await page.turnPage(.forward) == .completed(sequence: 2))
        #expect(await shown() == [infoTable])
        // Nothing after the last page.
        #expect(try await page.turnPage(.forward) == .noChange)
        #expect(try await page.turnPage(.reverse) == .completed(sequence: 3))
        #expect(await shown() == [code])
        let root = try #require(await window.snapshot().root)
        #expect(root.className == "CertificateViewerController")
        #expect(root.children.first?.kind == .page)
        #expect(root.children.first?.className == "CertPagesController")
        #expect(root.children.first?.children.first?.appearance == .appeared)
    }
}
