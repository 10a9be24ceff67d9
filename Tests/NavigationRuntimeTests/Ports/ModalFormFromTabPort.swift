import Foundation
import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// Port: a modal form in a navigation controller, presented from a tab.
///
/// The issue's third task, ported as UIKit tutorials write it (Apple's FoodTracker, "Implement
/// Edit and Delete Behavior"): a tab holds a navigation controller over a list; its "+" bar
/// button presents, modally, a navigation controller over a form; the form's Save and Cancel
/// bar buttons are unwind segues (`saveItem`, `cancel`) to the list's
/// `unwindToItemList(_:)`; `shouldPerformSegue(withIdentifier:)` vetoes Save while the name is
/// empty; the list reads the new item from the segue's source in its unwind action.
///
/// The bar buttons are triggered by the segues' identifiers, as a storyboard control's
/// triggering would once the identifier passed to `shouldPerformSegue` is the segue's
/// (issue 11, finding 3, owned by the segue pipeline).
///
/// As on iOS 13–17: the form is presented `.automatic`, which resolves to a page sheet (R2.11)
/// in both widths (an iPhone shows it as a card): the presenter's views stay, so the list hears
/// no disappear or appear callbacks around the sheet, and the form's are animated. The
/// callbacks and trees are the same in compact and regular width.
///
/// One difference remains, pinned here: UIKit delivers the form's `willMove(toParent:)` /
/// `didMove(toParent:)` when the storyboard instantiates its navigation controller (before the
/// list's `prepare`); the runtime adopts a container's initial children when it enters the
/// window, so the pair brackets the form's first appearance (see the Tabbed App port).
@Suite struct ModalFormFromTabPort {
    typealias DSL = StoryboardDSL

    static let storyboard = Storyboard(initial: "tabs") {
        DSL.TabBar("tabs", tabs: ["itemsNav", "settings"])
        DSL.Navigation("itemsNav", root: "list")
        DSL.Controller("list", class: "ItemListController") {
            DSL.SegueTo("formNav", .presentation, identifier: "addItem", trigger: .barButtonItem("add-button"))
        }
        DSL.Navigation("formNav", root: "form")
        DSL.Controller("form", class: "ItemFormController") {
            DSL.Unwind("unwindToItemList:", exit: "form-exit", identifier: "saveItem", trigger: .barButtonItem("save-button"))
            DSL.Unwind("unwindToItemList:", exit: "form-exit", identifier: "cancel", trigger: .barButtonItem("cancel-button"))
            DSL.Exit("form-exit")
        }
        DSL.Controller("settings", class: "SettingsController")
    }

    /// `ItemListController`: the items, `prepare` titling the form, the unwind action.
    actor ItemListController: HookRecording {
        nonisolated let context: ControllerContext
        nonisolated let hooks: HookRecorder
        nonisolated var unwindActions: Set<String> { ["unwindToItemList:"] }
        private(set) var items: [String] = []

        init(context: ControllerContext, recorder: CallbackRecorder) {
            self.context = context
            self.hooks = HookRecorder("List", recorder: recorder, context: context)
        }

        func prepare(for segue: Segue, sender: (any Sendable)?) async throws {
            hooks.prepare(for: segue)
            guard segue.identifier == "addItem" else { return }
            // `(segue.destination as? UINavigationController)?.topViewController as? ItemFormController`
            try await segue.topDestination(as: ItemFormController.self) { $0.title = "New Item" }
        }

        // @IBAction func unwindToItemList(_ sender: UIStoryboardSegue)
        func performUnwindAction(_ action: String, segue: Segue) async {
            hooks.performUnwindAction(action, segue: segue)
            guard segue.identifier == "saveItem", let form = segue.source as? ItemFormController,
                let item = await form.item
            else { return }
            items.append(item)
        }
    }

    /// `ItemFormController`: a name field; Save only with a name.
    actor ItemFormController: HookRecording {
        nonisolated let context: ControllerContext
        nonisolated let hooks: HookRecorder
        var title = ""
        private var name = ""
        var item: String? { name.isEmpty ? nil : name }

        init(context: ControllerContext, recorder: CallbackRecorder) {
            self.context = context
            self.hooks = HookRecorder("Form", recorder: recorder, context: context)
        }

        /// The user types into the name field.
        func type(_ text: String) { name = text }

        func shouldPerformSegue(withIdentifier identifier: String, sender: (any Sendable)?) async -> Bool {
            hooks.shouldPerformSegue(withIdentifier: identifier)
            return identifier != "saveItem" || !name.trimmingCharacters(in: .whitespaces).isEmpty
        }
    }

    actor SettingsController: HookRecording {
        nonisolated let context: ControllerContext
        nonisolated let hooks: HookRecorder

        init(context: ControllerContext, recorder: CallbackRecorder) {
            self.context = context
            self.hooks = HookRecorder("Settings", recorder: recorder, context: context)
        }
    }

    static func registry(_ recorder: CallbackRecorder) -> ClassRegistry {
        var registry = ClassRegistry()
        registry.register(controller: "ItemListController") { context, _ in ItemListController(context: context, recorder: recorder) }
        registry.register(controller: "ItemFormController") { context, _ in ItemFormController(context: context, recorder: recorder) }
        registry.register(controller: "SettingsController") { context, _ in SettingsController(context: context, recorder: recorder) }
        return registry
    }

    /// The form on top of the presented navigation controller.
    static func presentedForm(_ window: Window) async throws -> ItemFormController {
        let formNavID = try #require(await window.snapshot().root?.presented?.id)
        let formNav = try #require(await window.controller(formNavID) as? NavigationController)
        return try #require(await formNav.topViewController as? ItemFormController)
    }

    /// add, Save vetoed while empty, Save, add, Cancel.
    @Test(arguments: [Traits.compact, .regular]) func modalForm_add_saveVetoedWhileEmpty_save_add_cancel(traits: Traits) async throws {
        // Controllers the storyboard makes and nobody names (the navigation controllers) log by class.
        let recorder = CallbackRecorder(unnamedControllers: .className)
        let catalog = Self.storyboard.catalog(registry: Self.registry(recorder))
        let window = Window(configuration: Window.Configuration(transitionDuration: .zero, traits: traits))

        // Launch: window.rootViewController = storyboard.instantiateInitialViewController()
        let tabs = try #require(try catalog.instantiateInitialViewController(in: window) as? TabBarController)
        recorder.name(tabs, "Tabs")
        let itemsNav = try #require(await tabs.viewControllers.first as? NavigationController)
        recorder.name(itemsNav, "ItemsNav")
        try await window.setRootViewController(tabs)
        let list = try #require(await itemsNav.topViewController as? ItemListController)
        #expect(recorder.take() == [
            "Settings.willMove(toParent: Tabs)", "List.willMove(toParent: ItemsNav)", "List.viewDidLoad",
            "List.viewWillAppear(false)", "List.viewDidAppear(false)", "Settings.didMove(toParent: Tabs)",
            "List.didMove(toParent: ItemsNav)",
        ])
        #expect(await window.snapshot().rendered(names: recorder) == "Tabs[ItemsNav*[List], Settings]")
        #expect(await list.tabBarController === tabs)

        // "+": the bar button's presentation segue; a page sheet, so the list stays on screen.
        #expect(try await list.triggerSegue(withIdentifier: "addItem").sequence != nil)
        #expect(recorder.take() == [
            "List.shouldPerformSegue(addItem)", "List.prepare(addItem, List → UINavigationController)",
            "Form.willMove(toParent: UINavigationController)", "Form.viewDidLoad", "Form.viewWillAppear(true)",
            "Form.viewDidAppear(true)", "Form.didMove(toParent: UINavigationController)",
        ])
        var snapshot = await window.snapshot()
        #expect(snapshot.rendered(names: recorder) == "Tabs[ItemsNav*[List], Settings] presents UINavigationController[Form]")
        #expect(snapshot.root?.presented?.presentationStyle == .pageSheet)
        #expect(snapshot.root?.children.first?.children.first?.appearance == .appeared)
        let form = try await Self.presentedForm(window)
        #expect(await form.title == "New Item", "configured in prepare, through topDestination(as:)")
        #expect(await form.tabBarController == nil, "presented: not inside the tab bar controller")
        #expect(await form.navigationController?.presentingViewController === tabs)

        // Save with an empty name: shouldPerformSegue vetoes it; nothing else happens.
        let before = await window.snapshot()
        #expect(try await form.triggerSegue(withIdentifier: "saveItem") == .vetoed)
        #expect(recorder.take() == ["Form.shouldPerformSegue(saveItem)"])
        #expect(await window.snapshot() == before)
        #expect(await list.items == [])

        // Save with a name: prepare, the list's unwind action, then the sheet goes (R7.1).
        await form.type("Milk")
        #expect(try await form.triggerSegue(withIdentifier: "saveItem").sequence != nil)
        #expect(recorder.take() == [
            "Form.shouldPerformSegue(saveItem)", "Form.prepare(saveItem, Form → List)",
            "List.unwindAction(unwindToItemList:, from: Form)", "Form.viewWillDisappear(true)",
            "Form.viewDidDisappear(true)",
        ])
        snapshot = await window.snapshot()
        #expect(snapshot.rendered(names: recorder) == "Tabs[ItemsNav*[List], Settings]")
        #expect(await list.items == ["Milk"])

        // "+" again, type, Cancel: the same unwind, and the list keeps its items.
        try await list.triggerSegue(withIdentifier: "addItem")
        let second = try await Self.presentedForm(window)
        #expect(second !== form, "each presentation instantiates a new form")
        recorder.clear()
        await second.type("Eggs")
        #expect(try await second.triggerSegue(withIdentifier: "cancel").sequence != nil)
        #expect(recorder.take() == [
            "Form.shouldPerformSegue(cancel)", "Form.prepare(cancel, Form → List)",
            "List.unwindAction(unwindToItemList:, from: Form)", "Form.viewWillDisappear(true)",
            "Form.viewDidDisappear(true)",
        ])
        #expect(await list.items == ["Milk"])
        snapshot = await window.snapshot()
        #expect(snapshot.rendered == "UITabBarController[UINavigationController*[ItemListController], SettingsController]")
        #expect(snapshot.traits == traits)
        await window.close()
    }
}
