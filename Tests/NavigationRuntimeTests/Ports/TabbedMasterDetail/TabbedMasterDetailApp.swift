// Tabbed + Master-Detail port: the app's controllers, ported from UIKit (Tabbed App + Master-Detail templates).
import NavigationRuntime
import NavigationRuntimeTesting
import Synchronization

/// Numbers the DetailViewController instances the storyboard makes (Detail1, Detail2, ...).
final class TMDCounter: Sendable {
    private let value = Mutex(0)
    func next() -> Int { value.withLock { $0 += 1; return $0 } }
}

// MARK: Tab 1: Master-Detail

/// `class MasterViewController: UITableViewController`
actor TMDMaster: HookRecording {
    nonisolated let context: ControllerContext
    nonisolated let hooks: HookRecorder
    var objects = ["2020-01-01", "2020-02-02", "2020-03-03"]

    init(context: ControllerContext, recorder: CallbackRecorder) {
        self.context = context
        hooks = HookRecorder("Master", recorder: recorder, context: context)
    }

    // override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
    //     if segue.identifier == "showDetail", let indexPath = tableView.indexPathForSelectedRow {
    //         let controller = (segue.destination as! UINavigationController).topViewController as! DetailViewController
    //         controller.detailItem = objects[indexPath.row] ...
    func prepare(for segue: Segue, sender: (any Sendable)?) async throws {
        hooks.prepare(for: segue)
        guard segue.identifier == "showDetail", let row = sender as? Int else { return }
        let object = objects[row]
        try await segue.topDestination(as: TMDDetail.self) { $0.detailItem = object }
    }
}

/// `class DetailViewController: UIViewController` with `var detailItem: NSDate?`
actor TMDDetail: HookRecording {
    nonisolated let context: ControllerContext
    nonisolated let hooks: HookRecorder
    var detailItem: String?

    init(context: ControllerContext, recorder: CallbackRecorder, name: String) {
        self.context = context
        hooks = HookRecorder(name, recorder: recorder, context: context)
    }
}

/// The template's SceneDelegate `splitViewController(_:collapseSecondary:onto:)`.
struct TMDSplitDelegate: SplitViewControllerDelegate {
    let recorder: CallbackRecorder
    func splitViewController(
        _ splitViewController: SplitViewController, collapseSecondary secondary: any ViewController,
        onto primary: any ViewController
    ) async -> Bool {
        recorder.record("SplitDelegate.collapseSecondary(\(recorder.name(of: secondary)), onto: \(recorder.name(of: primary)))")
        guard let secondaryAsNavController = secondary as? NavigationController else { return false }
        guard let topAsDetailController = await secondaryAsNavController.topViewController as? TMDDetail else { return false }
        return await topAsDetailController.detailItem == nil
    }
}

// MARK: Tab 2: list, push, modal form with unwind

actor TMDList: HookRecording {
    nonisolated let context: ControllerContext
    nonisolated let hooks: HookRecorder
    nonisolated var unwindActions: Set<String> { ["unwindToList:"] }  // @IBAction func unwindToList(_:)
    var items = ["Apples", "Pears"]

    init(context: ControllerContext, recorder: CallbackRecorder) {
        self.context = context
        hooks = HookRecorder("List", recorder: recorder, context: context)
    }

    func prepare(for segue: Segue, sender: (any Sendable)?) async throws {
        hooks.prepare(for: segue)
        if segue.identifier == "showItem", let row = sender as? Int {
            let item = items[row]
            try await segue.destination(as: TMDItem.self) { $0.item = item }
        } else if segue.identifier == "addItem" {
            try await segue.topDestination(as: TMDForm.self) { $0.name = "" }
        }
    }

    func performUnwindAction(_ action: String, segue: Segue) async {
        hooks.performUnwindAction(action, segue: segue)
        if let form = segue.source as? TMDForm, let name = await form.name, !name.isEmpty { items.append(name) }
    }
}

actor TMDItem: HookRecording {
    nonisolated let context: ControllerContext
    nonisolated let hooks: HookRecorder
    var item: String?
    init(context: ControllerContext, recorder: CallbackRecorder) {
        self.context = context
        hooks = HookRecorder("Item", recorder: recorder, context: context)
    }
}

actor TMDForm: HookRecording {
    nonisolated let context: ControllerContext
    nonisolated let hooks: HookRecorder
    var name: String?
    init(context: ControllerContext, recorder: CallbackRecorder) {
        self.context = context
        hooks = HookRecorder("Form", recorder: recorder, context: context)
    }
    func setName(_ name: String) { self.name = name }
}

// MARK: Tab 3: onboarding pages

/// `class OnboardingContentViewController: UIViewController { var index = 0 }`; its hooks log
/// as `Page<index>`.
actor TMDPage: ViewController {
    nonisolated let context: ControllerContext
    let recorder: CallbackRecorder
    var index = 0
    init(context: ControllerContext, recorder: CallbackRecorder) {
        self.context = context
        self.recorder = recorder
    }
    func setIndex(_ index: Int) {
        self.index = index
        recorder.name(self, "Page\(index)")
    }
    private func log(_ event: String) { recorder.record("Page\(index).\(event)") }
    func viewDidLoad() async { log("viewDidLoad") }
    func viewWillAppear(_ animated: Bool) async { log("viewWillAppear(\(animated))") }
    func viewDidAppear(_ animated: Bool) async { log("viewDidAppear(\(animated))") }
    func viewWillDisappear(_ animated: Bool) async { log("viewWillDisappear(\(animated))") }
    func viewDidDisappear(_ animated: Bool) async { log("viewDidDisappear(\(animated))") }
    func willMove(toParent parent: (any ViewController)?) async { log("willMove(toParent: \(parent == nil ? "nil" : recorder.name(of: parent)))") }
    func didMove(toParent parent: (any ViewController)?) async { log("didMove(toParent: \(parent == nil ? "nil" : recorder.name(of: parent)))") }
}

/// `extension OnboardingPageViewController: UIPageViewControllerDataSource`: three pages, each
/// `storyboard?.instantiateViewController(withIdentifier: "OnboardingPage")`.
struct TMDPageSource: PageViewControllerDataSource {
    static let pageCount = 3
    let recorder: CallbackRecorder

    func pageViewController(_ pageViewController: PageViewController, viewControllerBefore viewController: any ViewController) async
        -> (any ViewController)?
    {
        guard let page = viewController as? TMDPage else { return nil }
        let index = await page.index
        recorder.record("DataSource.before(Page\(index))")
        return index > 0 ? await makePage(pageViewController, index - 1) : nil
    }

    func pageViewController(_ pageViewController: PageViewController, viewControllerAfter viewController: any ViewController) async
        -> (any ViewController)?
    {
        guard let page = viewController as? TMDPage else { return nil }
        let index = await page.index
        recorder.record("DataSource.after(Page\(index))")
        return index < Self.pageCount - 1 ? await makePage(pageViewController, index + 1) : nil
    }

    private func makePage(_ pages: PageViewController, _ index: Int) async -> (any ViewController)? {
        guard
            let page = try? pages.storyboard?.instantiateViewController(
                withIdentifier: "OnboardingPage", in: pages.context.window, as: TMDPage.self)
        else { return nil }
        await page.setIndex(index)
        return page
    }
}

struct TMDPageDelegate: PageViewControllerDelegate {
    let recorder: CallbackRecorder
    func pageViewController(_ pageViewController: PageViewController, willTransitionTo pendingViewControllers: [any ViewController]) async {
        recorder.record("PageDelegate.willTransitionTo(\(pendingViewControllers.map { recorder.name(of: $0) }))")
    }
    func pageViewController(
        _ pageViewController: PageViewController, didFinishAnimating finished: Bool,
        previousViewControllers: [any ViewController], transitionCompleted completed: Bool
    ) async {
        recorder.record(
            "PageDelegate.didFinishAnimating(\(finished), previous: \(previousViewControllers.map { recorder.name(of: $0) }), completed: \(completed))")
    }
}

struct TMDTabDelegate: TabBarControllerDelegate {
    let recorder: CallbackRecorder
    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: any ViewController) async -> Bool {
        recorder.record("TabDelegate.shouldSelect(\(recorder.name(of: viewController)))")
        return true
    }
    func tabBarController(_ tabBarController: TabBarController, didSelect viewController: any ViewController) async {
        recorder.record("TabDelegate.didSelect(\(recorder.name(of: viewController)))")
    }
}

// MARK: The registry (what UIKit finds by class name)

enum TMDRegistry {
    static func make(_ recorder: CallbackRecorder) -> ClassRegistry {
        var registry = ClassRegistry()
        registry.register(controller: "MasterViewController") { context, _ in TMDMaster(context: context, recorder: recorder) }
        let details = TMDCounter()
        registry.register(controller: "DetailViewController") { context, _ in
            TMDDetail(context: context, recorder: recorder, name: "Detail\(details.next())")
        }
        registry.register(controller: "ListViewController") { context, _ in TMDList(context: context, recorder: recorder) }
        registry.register(controller: "ItemViewController") { context, _ in TMDItem(context: context, recorder: recorder) }
        registry.register(controller: "FormViewController") { context, _ in TMDForm(context: context, recorder: recorder) }
        registry.register(controller: "OnboardingContentViewController") { context, _ in
            TMDPage(context: context, recorder: recorder)
        }
        // OnboardingPageViewController.viewDidLoad: dataSource = self; setViewControllers([first], ...)
        registry.register(controller: "OnboardingPageViewController") { context, _ in
            let first = try? context.catalog?.instantiateViewController(withIdentifier: "OnboardingPage", in: context.window)
            if let first { recorder.name(first, "Page0") }
            return PageViewController(
                context: context, storyboardStyle: context.scene?.pageStyle, viewControllers: first.map { [$0] } ?? [],
                dataSource: TMDPageSource(recorder: recorder), delegate: TMDPageDelegate(recorder: recorder))
        }
        return registry
    }
}
