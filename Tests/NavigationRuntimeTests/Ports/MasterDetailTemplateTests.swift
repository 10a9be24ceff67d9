import NavigationRuntime
import NavigationRuntimeTesting
import Synchronization
import Testing

// Xcode's Master-Detail App template (Xcode 11, the last with storyboards and a split view),
// ported as a UIKit developer would port it: its two controllers as actors, its storyboard as a
// scene catalog, its SceneDelegate's split delegate. Run on an iPhone (compact width) and an
// iPad (regular width); the snapshots and callback orders asserted are iOS's (UIKIT-SEMANTICS
// R2.4–R2.6, R5.6–R5.8, R6.2–R6.4, R6.11), with the differences that remain named where they
// show.
//
// The template's storyboard: a split view controller (initial), `masterViewController` → a
// navigation controller → MasterViewController (a table; its cell's `showDetail` segue, kind
// Show Detail, leads to the detail's navigation controller), `detailViewController` → a
// navigation controller → DetailViewController.

/// What the ported controllers log: the hooks a test reads, as UIKit developers print them.
protocol LoggingHooks: ViewController {
    nonisolated var log: CallbackRecorder { get }
    nonisolated var name: String { get }
}

extension LoggingHooks {
    func viewWillAppear(_ animated: Bool) async { log.record("\(name).viewWillAppear(\(animated))") }
    func viewDidAppear(_ animated: Bool) async { log.record("\(name).viewDidAppear(\(animated))") }
    func viewWillDisappear(_ animated: Bool) async { log.record("\(name).viewWillDisappear(\(animated))") }
    func viewDidDisappear(_ animated: Bool) async { log.record("\(name).viewDidDisappear(\(animated))") }
    func willMove(toParent parent: (any ViewController)?) async {
        log.record("\(name).willMove(toParent: \(log.name(of: parent)))")
    }
    func didMove(toParent parent: (any ViewController)?) async {
        log.record("\(name).didMove(toParent: \(log.name(of: parent)))")
    }
}

/// `class MasterViewController: UITableViewController`.
actor MasterViewController: LoggingHooks {
    nonisolated let context: ControllerContext
    nonisolated let log: CallbackRecorder
    nonisolated let name = "Master"

    /// `var detailViewController: DetailViewController? = nil`
    private(set) var detailViewController: DetailViewController?
    /// `var objects = [Any]()` (the template inserts `NSDate()`s; strings here).
    private(set) var objects: [String] = []
    /// `tableView.indexPathForSelectedRow?.row`
    private(set) var selectedRow: Int?

    init(context: ControllerContext, log: CallbackRecorder) {
        self.context = context
        self.log = log
        log.name(self, name)
    }

    // override func viewDidLoad() {
    //     if let split = splitViewController {
    //         let controllers = split.viewControllers
    //         detailViewController = (controllers[controllers.count-1] as! UINavigationController).topViewController as? DetailViewController
    //     }
    // }
    func viewDidLoad() async {
        log.record("Master.viewDidLoad")
        if let split = await enclosingSplitViewController() {
            let controllers = await split.viewControllers
            detailViewController = await (controllers.last as? NavigationController)?.topViewController as? DetailViewController
        }
    }

    /// `@objc func insertNewObject(_ sender: Any)`
    func insertNewObject(_ object: String) {
        objects.insert(object, at: 0)
    }

    /// The user taps a row: the cell triggers its `showDetail` segue.
    func tapRow(_ row: Int) async throws -> TransitionOutcome {
        selectedRow = row
        return try await triggerSegue(withIdentifier: "showDetail", sender: row)
    }

    // override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
    //     if segue.identifier == "showDetail" {
    //         if let indexPath = tableView.indexPathForSelectedRow {
    //             let object = objects[indexPath.row] as! NSDate
    //             let controller = (segue.destination as! UINavigationController).topViewController as! DetailViewController
    //             controller.detailItem = object
    //             detailViewController = controller
    //         }
    //     }
    // }
    func prepare(for segue: Segue, sender: (any Sendable)?) async throws {
        log.record("Master.prepare(\(segue.identifier ?? "nil"))")
        guard segue.identifier == "showDetail", let row = selectedRow, objects.indices.contains(row) else { return }
        let controller = await (segue.destination as? NavigationController)?.topViewController as? DetailViewController
        await controller?.setDetailItem(objects[row])
        detailViewController = controller
    }

    /// `splitViewController` (the library has only `navigationController` yet).
    private func enclosingSplitViewController() async -> SplitViewController? {
        var current = await navigationController?.parent
        while let controller = current {
            if let split = controller as? SplitViewController { return split }
            current = await controller.parent
        }
        return nil
    }
}

/// `class DetailViewController: UIViewController`.
actor DetailViewController: LoggingHooks {
    nonisolated let context: ControllerContext
    nonisolated let log: CallbackRecorder
    nonisolated let name: String

    /// `detailDescriptionLabel.text` (`nil` while the view is not loaded).
    private(set) var detailDescription: String?
    private var isLoaded = false

    /// `var detailItem: NSDate? { didSet { configureView() } }`
    private(set) var detailItem: String? {
        didSet { configureView() }
    }

    init(context: ControllerContext, log: CallbackRecorder, name: String) {
        self.context = context
        self.log = log
        self.name = name
        log.name(self, name)
    }

    func setDetailItem(_ item: String?) { detailItem = item }

    // func configureView() {
    //     if let detail = detailItem { if let label = detailDescriptionLabel { label.text = detail.description } }
    // }
    private func configureView() {
        if let detailItem, isLoaded { detailDescription = detailItem }
    }

    func viewDidLoad() async {
        log.record("\(name).viewDidLoad")
        isLoaded = true
        configureView()
    }
}

/// The SceneDelegate's `UISplitViewControllerDelegate`:
///
/// ```swift
/// func splitViewController(_ splitViewController: UISplitViewController, collapseSecondary secondaryViewController: UIViewController, onto primaryViewController: UIViewController) -> Bool {
///     guard let secondaryAsNavController = secondaryViewController as? UINavigationController else { return false }
///     guard let topAsDetailController = secondaryAsNavController.topViewController as? DetailViewController else { return false }
///     if topAsDetailController.detailItem == nil {
///         // Return true to indicate that we have handled the collapse by doing nothing; the secondary controller will be discarded.
///         return true
///     }
///     return false
/// }
/// ```
///
/// and, for the column-style variant (iOS 14), the usual answer to
/// `topColumnForCollapsingToProposedTopColumn`: the list while the detail shows nothing.
struct TemplateSplitDelegate: SplitViewControllerDelegate {
    let log: CallbackRecorder

    func splitViewController(
        _ splitViewController: SplitViewController,
        collapseSecondary secondary: any ViewController,
        onto primary: any ViewController
    ) async -> Bool {
        log.record("collapseSecondary")
        guard let secondaryAsNavController = secondary as? NavigationController else { return false }
        guard let topAsDetailController = await secondaryAsNavController.topViewController as? DetailViewController else {
            return false
        }
        return await topAsDetailController.detailItem == nil
    }

    func splitViewController(
        _ splitViewController: SplitViewController,
        topColumnForCollapsingToProposedTopColumn proposedTopColumn: SplitColumn
    ) async -> SplitColumn {
        log.record("topColumnForCollapsing(proposed: \(proposedTopColumn))")
        let secondary = await splitViewController.viewController(for: .secondary) as? NavigationController
        let detail = await secondary?.topViewController as? DetailViewController
        return await detail?.detailItem == nil ? .primary : proposedTopColumn
    }
}

private enum PortFailure: Error { case missingScene }

@Suite struct MasterDetailTemplateTests {
    /// The app: a window of the device's width, the template's storyboard as a catalog, and
    /// names for the containers in the snapshots.
    private struct App {
        let window: Window
        let log = CallbackRecorder()
        let book = NameBook()
        private let detailCount = Counter()

        init(traits: Traits) {
            window = Window(configuration: Window.Configuration(transitionDuration: .zero, traits: traits))
        }

        /// The storyboard (each instantiation of the detail's navigation controller makes a new
        /// DetailViewController, as a storyboard does).
        var storyboard: SceneCatalog {
            let log = log
            let book = book
            let counter = detailCount
            return SceneCatalog([
                Scene("masterNav", className: "UINavigationController") { context in
                    let master = context.instantiate("master") ?? GenericViewController(context: context.makeContext())
                    let navigation = NavigationController(context: context, rootViewController: master)
                    book.set(navigation.id, "MasterNav")
                    log.name(navigation, "MasterNav")
                    return navigation
                },
                Scene(
                    "master", className: "MasterViewController",
                    segues: [SegueDefinition(identifier: "showDetail", kind: .showDetail, destination: "detailNav")]
                ) { context in
                    let master = MasterViewController(context: context, log: log)
                    book.set(master.id, "Master")
                    return master
                },
                Scene("detailNav", className: "UINavigationController") { context in
                    let name = counter.next()
                    let detail = DetailViewController(context: context.makeContext(), log: log, name: name)
                    let navigation = NavigationController(context: context, rootViewController: detail)
                    book.set(navigation.id, name + "Nav")
                    book.set(detail.id, name)
                    log.name(navigation, name + "Nav")
                    return navigation
                },
            ])
        }

        /// The storyboard's two columns, as its relationship segues instantiate them.
        func columns() throws -> (master: NavigationController, detail: any ViewController) {
            let catalog = storyboard
            guard let master = catalog.instantiate("masterNav", in: window) as? NavigationController,
                let detail = catalog.instantiate("detailNav", in: window)
            else { throw PortFailure.missingScene }
            return (master, detail)
        }

        /// The tree in one line: names, `*` for a controller on screen, children in brackets.
        func tree() async -> String { TreeLine.onScreen(book).render(await window.snapshot()) }
    }

    /// Names the details in the order the storyboard makes them: `Detail`, `Detail2`, ...
    private final class Counter: Sendable {
        private let value = Mutex(0)
        func next() -> String {
            let n = value.withLock { value in
                value += 1
                return value
            }
            return n == 1 ? "Detail" : "Detail\(n)"
        }
    }

    /// The classic template: the storyboard's split, its delegate set by the SceneDelegate
    /// before the window shows it (`splitViewController.delegate = self`).
    private func launchClassic(_ app: App) async throws -> (SplitViewController, MasterViewController, NavigationController) {
        let (masterNav, detailNav) = try app.columns()
        let split = SplitViewController(context: app.window.makeContext(), primary: masterNav, secondary: detailNav)
        app.book.set(split.id, "Split")
        app.log.name(split, "Split")
        await split.setDelegate(TemplateSplitDelegate(log: app.log))
        try await app.window.setRootViewController(split, animated: false)
        guard let master = await masterNav.topViewController as? MasterViewController else { throw PortFailure.missingScene }
        return (split, master, masterNav)
    }

    // MARK: - Classic, iPhone (compact)

    // R5.6, R6.11, R2.6, R6.2, R6.3: the phone launches on the list, a row pushes the detail's
    // navigation controller (nested), Back returns to the list.
    @Test func classic_iPhone_launchShowsTheList_aRowPushesTheDetail_backReturns() async throws {
        let app = App(traits: .compact)
        let (split, master, masterNav) = try await launchClassic(app)
        #expect(app.log.take() == [
            "collapseSecondary",
            "Master.willMove(toParent: MasterNav)", "Master.viewDidLoad", "Master.viewWillAppear(false)",
            "Master.viewDidAppear(false)", "Master.didMove(toParent: MasterNav)",
        ], "the empty detail is discarded before anything loads: it hears nothing")
        #expect(await app.tree() == "Split*[MasterNav*[Master*]]")
        #expect(await split.isCollapsed)
        #expect(await master.detailViewController == nil, "viewDidLoad finds no detail: the split shows the list only")

        await master.insertNewObject("2026-01-01")
        #expect(try await master.tapRow(0) == .completed(sequence: 2))
        #expect(app.log.take() == [
            "Master.prepare(showDetail)",
            "Detail2.willMove(toParent: Detail2Nav)", "Detail2.viewDidLoad", "Master.viewWillDisappear(true)",
            "Detail2.viewWillAppear(true)", "Master.viewDidDisappear(true)", "Detail2.viewDidAppear(true)",
            "Detail2.didMove(toParent: Detail2Nav)",
        ], "R6.2: a push; the detail stays in its own navigation controller")
        #expect(await app.tree() == "Split*[MasterNav*[Master Detail2Nav*[Detail2*]]]")
        let detail = try #require(await master.detailViewController)
        #expect(await detail.detailDescription == "2026-01-01")
        #expect(await detail.navigationController?.id == masterNav.topViewController?.id, "its own navigation controller, nested")

        #expect(try await masterNav.pop().outcome == .completed(sequence: 3))
        #expect(app.log.take() == [
            "Detail2.viewWillDisappear(true)", "Master.viewWillAppear(true)",
            "Detail2.viewDidDisappear(true)", "Master.viewDidAppear(true)",
        ], "R6.3: Back pops the detail's navigation controller; the detail keeps its parent")
        #expect(await app.tree() == "Split*[MasterNav*[Master*]]")
    }

    // R5.6, R5.8: on a phone that turns regular (a Plus in landscape), the detail shown while
    // collapsed becomes the secondary column, whole.
    @Test func classic_iPhone_rotatingToRegular_separatesTheDetail() async throws {
        let app = App(traits: .compact)
        let (split, master, masterNav) = try await launchClassic(app)
        await master.insertNewObject("A")
        _ = try await master.tapRow(0)
        app.log.clear()
        #expect(try await app.window.setTraits(.regular) == .completed(sequence: 3))
        #expect(app.log.take() == ["Master.viewWillAppear(false)", "Master.viewDidAppear(false)"])
        #expect(await app.tree() == "Split*[MasterNav*[Master*] Detail2Nav*[Detail2*]]")
        #expect(await split.viewControllers.count == 2)
        #expect(await masterNav.viewControllers.count == 1)
    }

    // MARK: - Classic, iPad (regular)

    // R5.8, R2.4, R6.2: the iPad launches with both columns; a row replaces the secondary with a
    // new detail navigation controller; multitasking to compact keeps the detail (the delegate
    // answers false: it shows an item) on the list's stack.
    @Test func classic_iPad_aRowReplacesTheDetail_compactKeepsIt() async throws {
        let app = App(traits: .regular)
        let (split, master, masterNav) = try await launchClassic(app)
        #expect(app.log.take() == [
            "Master.willMove(toParent: MasterNav)", "Detail.willMove(toParent: DetailNav)",
            "Master.viewDidLoad", "Detail.viewDidLoad",
            "Master.viewWillAppear(false)", "Detail.viewWillAppear(false)",
            "Master.viewDidAppear(false)", "Detail.viewDidAppear(false)",
            "Master.didMove(toParent: MasterNav)", "Detail.didMove(toParent: DetailNav)",
        ], "no collapse: the delegate is not asked")
        #expect(await app.tree() == "Split*[MasterNav*[Master*] DetailNav*[Detail*]]")
        let empty = try #require(await master.detailViewController)
        #expect(await empty.detailItem == nil)

        await master.insertNewObject("B")
        #expect(try await master.tapRow(0) == .completed(sequence: 2))
        #expect(app.log.take() == [
            "Master.prepare(showDetail)",
            "Detail2.willMove(toParent: Detail2Nav)", "Detail2.viewDidLoad", "Detail.viewWillDisappear(true)",
            "Detail2.viewWillAppear(true)", "Detail.viewDidDisappear(true)", "Detail2.viewDidAppear(true)",
            "Detail2.didMove(toParent: Detail2Nav)",
        ], "R5.8: the secondary is replaced, no push; the old detail stays in its navigation controller")
        #expect(await app.tree() == "Split*[MasterNav*[Master*] Detail2Nav*[Detail2*]]")

        #expect(try await app.window.setTraits(.compact) == .completed(sequence: 3))
        #expect(app.log.take() == ["collapseSecondary", "Master.viewWillDisappear(false)", "Master.viewDidDisappear(false)"])
        #expect(await app.tree() == "Split*[MasterNav*[Master Detail2Nav*[Detail2*]]]")
        #expect(await split.isCollapsed)
        #expect(await masterNav.viewControllers.count == 2)
    }

    // MARK: - Column-style (iOS 14)

    /// The column-style variant: the same controllers in a double-column split built in code,
    /// the delegate given to the initializer.
    private func launchColumns(_ app: App) async throws -> (SplitViewController, MasterViewController) {
        let (masterNav, detailNav) = try app.columns()
        let split = SplitViewController(
            context: app.window.makeContext(), primaryColumn: masterNav, secondaryColumn: detailNav,
            delegate: TemplateSplitDelegate(log: app.log)
        )
        app.book.set(split.id, "Split")
        app.log.name(split, "Split")
        try await app.window.setRootViewController(split, animated: false)
        guard let master = await masterNav.topViewController as? MasterViewController else { throw PortFailure.missingScene }
        return (split, master)
    }

    // R5.7, R5.8: the phone launches on the list (the delegate's top column), a row sets the
    // secondary column and brings it on top, turning regular shows both.
    @Test func columns_iPhone_launchShowsTheList_aRowBringsTheDetailOnTop() async throws {
        let app = App(traits: .compact)
        let (split, master) = try await launchColumns(app)
        #expect(app.log.take() == [
            "topColumnForCollapsing(proposed: secondary)",
            "Master.willMove(toParent: MasterNav)", "Detail.willMove(toParent: DetailNav)",
            "Master.viewDidLoad", "Master.viewWillAppear(false)", "Master.viewDidAppear(false)",
            "Master.didMove(toParent: MasterNav)", "Detail.didMove(toParent: DetailNav)",
        ], "the detail column is not on screen: not loaded")
        #expect(await split.topColumn == .primary)
        #expect(await app.tree() == "Split*[MasterNav*[Master*] DetailNav[Detail]]")

        await master.insertNewObject("C")
        #expect(try await master.tapRow(0) == .completed(sequence: 2))
        #expect(app.log.take() == [
            "Master.prepare(showDetail)",
            "Detail2.willMove(toParent: Detail2Nav)", "Detail2.viewDidLoad", "Master.viewWillDisappear(true)",
            "Detail2.viewWillAppear(true)", "Master.viewDidDisappear(true)", "Detail2.viewDidAppear(true)",
            "Detail2.didMove(toParent: Detail2Nav)",
        ])
        #expect(await split.topColumn == .secondary)
        #expect(await app.tree() == "Split*[MasterNav[Master] Detail2Nav*[Detail2*]]")

        #expect(try await app.window.setTraits(.regular) == .completed(sequence: 3))
        #expect(app.log.take() == ["Master.viewWillAppear(false)", "Master.viewDidAppear(false)"])
        #expect(await app.tree() == "Split*[MasterNav*[Master*] Detail2Nav*[Detail2*]]")
    }

    // R5.7, R5.8: the iPad shows both columns, a row replaces the secondary column, compact
    // keeps the detail on top (it shows an item).
    @Test func columns_iPad_aRowReplacesTheDetail_compactKeepsItOnTop() async throws {
        let app = App(traits: .regular)
        let (split, master) = try await launchColumns(app)
        #expect(await app.tree() == "Split*[MasterNav*[Master*] DetailNav*[Detail*]]")
        app.log.clear()
        await master.insertNewObject("D")
        #expect(try await master.tapRow(0) == .completed(sequence: 2))
        #expect(app.log.take() == [
            "Master.prepare(showDetail)",
            "Detail2.willMove(toParent: Detail2Nav)", "Detail2.viewDidLoad", "Detail.viewWillDisappear(true)",
            "Detail2.viewWillAppear(true)", "Detail.viewDidDisappear(true)", "Detail2.viewDidAppear(true)",
            "Detail2.didMove(toParent: Detail2Nav)",
        ])
        #expect(await app.tree() == "Split*[MasterNav*[Master*] Detail2Nav*[Detail2*]]")
        #expect(try await app.window.setTraits(.compact) == .completed(sequence: 3))
        #expect(app.log.take() == [
            "topColumnForCollapsing(proposed: secondary)", "Master.viewWillDisappear(false)", "Master.viewDidDisappear(false)",
        ])
        #expect(await split.topColumn == .secondary)
        #expect(await app.tree() == "Split*[MasterNav[Master] Detail2Nav*[Detail2*]]")
    }
}
